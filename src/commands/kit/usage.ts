// The help of a command as data, and the pure renderer of `bug-hunter <command> --help` from it. A flag's row is its
// name, its value placeholder and its one-line description, wrapped to the terminal width; consecutive flags with
// the same description share one row (`--color, --no-color`).

/** One flag: what node's parseArgs reads (type, short, multiple) plus what --help and docs/cli.md print. */
export interface Flag {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  readonly multiple?: boolean;
  /** The value's placeholder, e.g. `<dir>` (string flags). */
  readonly arg?: string;
  /** One line: what the flag does, its allowed values and its default. */
  readonly description: string;
}

export type FlagTable = Readonly<Record<string, Flag>>;

export interface FlagSection {
  /** The line above the rows, e.g. `Flags:`; none for an untitled table. */
  readonly title?: string;
  /** Words that are not flags, e.g. a subcommand `show <id>`, each with its description; listed first. */
  readonly words?: Readonly<Record<string, string>>;
  readonly flags: FlagTable;
}

export interface CommandHelp {
  /** The command lines after `Usage: `, e.g. `bug-hunter scan [target] [flags]`. */
  readonly synopsis: readonly string[];
  /** Prose between the synopsis and the flags, as printed. */
  readonly about?: string;
  /** The flag tables; the first holds the flags of the command itself. */
  readonly sections: readonly FlagSection[];
  /** Prose after the flags (environment, exit codes), as printed. */
  readonly after?: string;
}

export const USAGE_WIDTH = 118;
const MAX_LABEL = 24;

/** `-q, --quiet`, `--out <dir>`. */
export function flagLabel(name: string, flag: Flag, withArg = true): string {
  const short = flag.short ? `-${flag.short}, ` : '';
  return `${short}--${name}${withArg && flag.arg ? ` ${flag.arg}` : ''}`;
}

/** The rows of a section: [label, description], consecutive flags with one description joined. */
export function sectionRows(section: FlagSection): Array<[string, string]> {
  const rows: Array<[string, string]> = Object.entries(section.words ?? {}).map(([word, what]) => [word, what]);
  const flags = Object.entries(section.flags);
  for (let i = 0; i < flags.length; ) {
    let j = i + 1;
    while (j < flags.length && flags[j]![1].description === flags[i]![1].description) j++;
    const group = flags.slice(i, j);
    const label = group.length === 1 ? flagLabel(group[0]![0], group[0]![1]) : group.map(([name, flag]) => flagLabel(name, flag, false)).join(', ');
    rows.push([label, flags[i]![1].description]);
    i = j;
  }
  return rows;
}

/** Words of `text` in lines of at most `width` characters (a longer word stands alone). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function renderRows(rows: ReadonlyArray<[string, string]>): string[] {
  const column = Math.min(MAX_LABEL, Math.max(...rows.map(([label]) => label.length)));
  const indent = ' '.repeat(2 + column + 2);
  const out: string[] = [];
  for (const [label, description] of rows) {
    const text = wrap(description, USAGE_WIDTH - indent.length);
    if (label.length > column) out.push(`  ${label}`);
    else out.push(`  ${label.padEnd(column)}  ${text.shift() ?? ''}`.trimEnd());
    out.push(...text.map((l) => `${indent}${l}`));
  }
  return out;
}

/** `bug-hunter <command> --help`. */
export function renderUsage(help: CommandHelp): string {
  const [first, ...more] = help.synopsis;
  const parts = [[`Usage: ${first}`, ...more.map((s) => `       ${s}`)].join('\n')];
  if (help.about) parts.push(help.about);
  for (const section of help.sections) {
    const rows = sectionRows(section);
    if (rows.length === 0) continue;
    parts.push([...(section.title ? [section.title] : []), ...renderRows(rows)].join('\n'));
  }
  if (help.after) parts.push(help.after);
  return parts.join('\n\n');
}

/** The same flags, all with one description: a group a command describes in one row (`--provider, --model … as for scan`). */
export function withDescription<T extends FlagTable>(flags: T, description: string): { [K in keyof T]: T[K] & { readonly description: string } } {
  return Object.fromEntries(Object.entries(flags).map(([name, flag]) => [name, { ...flag, description }])) as { [K in keyof T]: T[K] & { readonly description: string } };
}

/** A table without the named flags (for a help that lists those in a section of their own). */
export function omit(flags: FlagTable, names: readonly string[]): FlagTable {
  return Object.fromEntries(Object.entries(flags).filter(([name]) => !names.includes(name)));
}
