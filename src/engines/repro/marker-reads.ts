// Where a test source reads the run marker: each read of the environment variable, and each later read of a name
// it was assigned to ('marker := os.Getenv(…)', 'm = os.environ[…]'). Pure; the language supplies the patterns.

export interface MarkerRead {
  line: number;
  column: number;
}

export interface MarkerReadPatterns {
  /** A read of the marker variable (global flag). */
  envRead: RegExp;
  /** The text before a read when it assigns it to a name: group 1 is the name. */
  alias: RegExp;
  /** The text after a name when that name is being assigned, not read. */
  assignment: RegExp;
}

/** `codeLines` is the source with strings and comments blanked, where a language needs that to find names. */
export function markerReads(lines: readonly string[], patterns: MarkerReadPatterns, codeLines: readonly string[] = lines): MarkerRead[] {
  const reads: MarkerRead[] = [];
  const aliases = new Set<string>();
  const definitions = new Set<number>();
  lines.forEach((text, line) => {
    for (const m of text.matchAll(patterns.envRead)) {
      const alias = patterns.alias.exec(text.slice(0, m.index))?.[1];
      if (alias) {
        aliases.add(alias);
        definitions.add(line);
      } else reads.push({ line, column: m.index });
    }
  });
  for (const alias of aliases) {
    codeLines.forEach((text, line) => {
      if (definitions.has(line)) return;
      for (const m of text.matchAll(new RegExp(`(?<![\\w.])${alias}(?!\\w)`, 'g'))) {
        if (!patterns.assignment.test(text.slice(m.index + alias.length))) reads.push({ line, column: m.index });
      }
    });
  }
  return reads;
}
