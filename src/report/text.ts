// Small text helpers the views share: code excerpts from evidence quotes, markdown escaping, plurals.
import { extname } from 'node:path';
import type { Evidence } from '../artifacts/schemas/common.ts';

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

/** Text safe inside one markdown table cell. */
export function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** Inline code that survives backticks in the text. */
export function inlineCode(text: string): string {
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
