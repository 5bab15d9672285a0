// Every finding quotes its evidence, and so does every model answer about one (a skeptic's vote, a referee's
// verdict): each quote must match the source at its cited lines (whitespace-normalised).
import type { Evidence, Finding } from '../../artifacts/schemas/common.ts';

export function normaliseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Lines in content; the empty remainder after a final newline is a line too (editors show it). */
export function lineCountOf(content: string): number {
  return content.split(/\r?\n/).length;
}

/** Lines start..end (1-based, inclusive) of content. */
export function sourceLines(content: string, start: number, end: number): string {
  return content.split(/\r?\n/).slice(start - 1, end).join('\n');
}

/**
 * Why the finding is unsupported, or null when every quote matches its cited lines.
 * `sources` holds the content of the files the finding may cite (the chunk's files).
 */
export function unsupportedEvidence(finding: Finding, sources: ReadonlyMap<string, string>): string | null {
  if (!sources.has(finding.file)) return `cites ${finding.file}, which is not in the chunk`;
  const lineCount = lineCountOf(sources.get(finding.file)!);
  if (finding.startLine < 1 || finding.startLine > finding.endLine || finding.endLine > lineCount) return `lines ${finding.startLine}-${finding.endLine} are outside ${finding.file}`;
  return unsupportedQuotes(finding.evidence, sources, 'the chunk');
}

/**
 * Why a model's answer about a finding is no answer (it quotes nothing, or a quote does not match the source at its
 * cited lines), or null when every quote matches. `read` gives a file's content as this run recorded it, or
 * undefined for a file the run does not hold.
 */
export function unsupportedAnswer(quotes: readonly Evidence[] | undefined, read: (file: string) => string | undefined): string | null {
  if (!quotes || quotes.length === 0) return 'it quotes no source';
  const sources = new Map<string, string>();
  for (const { file } of quotes) {
    const content = sources.has(file) ? undefined : read(file);
    if (content !== undefined) sources.set(file, content);
  }
  return unsupportedQuotes(quotes, sources, 'this run');
}

/** The first quote that does not match its cited lines in `sources` (files of `where`), or null. */
function unsupportedQuotes(quotes: readonly Evidence[], sources: ReadonlyMap<string, string>, where: string): string | null {
  for (const quote of quotes) {
    const content = sources.get(quote.file);
    if (content === undefined) return `evidence cites ${quote.file}, which is not in ${where}`;
    if (quote.startLine > quote.endLine) return `evidence lines ${quote.startLine}-${quote.endLine} are reversed`;
    // Every range, not only the finding's own: a quote found at line 1 must not be cited as lines 1-99999.
    if (quote.startLine < 1 || quote.endLine > lineCountOf(content)) return `evidence lines ${quote.startLine}-${quote.endLine} are outside ${quote.file}`;
    const actual = normaliseWhitespace(sourceLines(content, quote.startLine, quote.endLine));
    const quoted = normaliseWhitespace(quote.quote);
    if (quoted.length === 0 || !actual.includes(quoted)) {
      return `evidence quote does not match ${quote.file}:${quote.startLine}-${quote.endLine}`;
    }
  }
  return null;
}
