// Every finding quotes its evidence; the quote must match the source at the cited lines (whitespace-normalised).
import type { Finding } from '../artifacts/schemas/common.ts';

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
  for (const quote of finding.evidence) {
    const content = sources.get(quote.file);
    if (content === undefined) return `evidence cites ${quote.file}, which is not in the chunk`;
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
