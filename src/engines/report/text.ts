// Small text helpers the views share: code excerpts from evidence quotes, markdown escaping, plurals.
import { extname } from 'node:path';
import type { Evidence } from '../../artifacts/schemas/common.ts';

const LANGUAGES: Record<string, string> = {
  '.ts': 'ts', '.tsx': 'tsx', '.mts': 'ts', '.cts': 'ts', '.js': 'js', '.jsx': 'jsx', '.mjs': 'js', '.cjs': 'js',
  '.py': 'python', '.go': 'go', '.rs': 'rust', '.java': 'java', '.kt': 'kotlin', '.rb': 'ruby', '.php': 'php',
  '.cs': 'csharp', '.c': 'c', '.h': 'c', '.cc': 'cpp', '.cpp': 'cpp', '.hpp': 'cpp', '.swift': 'swift', '.sh': 'sh', '.sql': 'sql',
};

export function languageOf(path: string): string {
  return LANGUAGES[extname(path).toLowerCase()] ?? '';
}

/** A fenced block whose fence is longer than any backtick run inside, so a quote cannot close it early. */
export function fence(text: string, lang = ''): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(Math.max(3, longest + 1));
  return `${ticks}${lang}\n${text.replace(/\n+$/, '')}\n${ticks}`;
}

/** The quote with its source line numbers, as the excerpt a reader checks against the file. */
export function numberedQuote(e: Evidence): string {
  const lines = e.quote.replace(/\r\n/g, '\n').replace(/\n+$/, '').split('\n');
  const width = String(e.startLine + lines.length - 1).length;
  return lines.map((line, i) => `${String(e.startLine + i).padStart(width)} | ${line}`).join('\n');
}

// Characters that start emphasis, links, images, raw HTML, code spans, tables or entities anywhere in a line.
const INLINE_SPECIAL = /[\\`*_[\]<>|~!&]/g;
// Constructs that only count at the start of a line: headings, quotes, lists, setext underlines, thematic breaks.
const LINE_START = /^(\s*)(?:([#>+=-])|(\d+)([.)]))/;

/** Untrusted text (a claim, a reason, a path) as literal Markdown: no HTML, links, emphasis or headings survive.
 * A `code` span keeps its meaning (code spans render their content literally); everything else is escaped. */
export function mdText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => escapeInline(line).replace(LINE_START, (_, space: string, mark?: string, digits?: string, dot?: string) => (mark ? `${space}\\${mark}` : `${space}${digits}\\${dot}`)))
    .join('\n');
}

/** mdText on one line: newlines become spaces. */
export function mdLine(text: string): string {
  return mdText(text.replace(/\r?\n/g, ' '));
}

/** Text safe inside one markdown table cell (inline only: no line-start constructs apply there). */
export function cell(text: string): string {
  return escapeInline(text.replace(/\r?\n/g, ' '));
}

function escapeInline(line: string): string {
  let out = '';
  let last = 0;
  for (const m of line.matchAll(/`([^`]+)`/g)) {
    out += line.slice(last, m.index).replace(INLINE_SPECIAL, (c) => `\\${c}`) + inlineCode(m[1] as string);
    last = (m.index ?? 0) + m[0].length;
  }
  return out + line.slice(last).replace(INLINE_SPECIAL, (c) => `\\${c}`);
}

/** Inline code that survives backticks in the text. */
export function inlineCode(raw: string): string {
  // A newline would end the span and let the next line start a heading or a block: show it instead.
  const text = raw.replace(/\r?\n/g, '\\u000a');
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function location(file: string, start: number, end: number): string {
  return end > start ? `${file}:${start}-${end}` : `${file}:${start}`;
}

/** First line, cut to width with an ellipsis. */
export function oneLine(text: string, width: number): string {
  const first = text.split(/\r?\n/)[0] ?? '';
  return first.length > width ? `${first.slice(0, Math.max(1, width - 1))}…` : first;
}
