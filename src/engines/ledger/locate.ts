// Where a quote sits in a file today, and a hash of the code around a finding, both whitespace-normalised:
// the ledger uses them to tell "fixed" (quote gone) from "moved" (same code, new lines) from "changed". A quote can
// sit at several places (two identical lines); the finding's own place is the one whose surrounding code matches.
import { normaliseWhitespace } from '../integrity/evidence.ts';
import { sha256 } from '../../foundations/hashing/hash.ts';

const CONTEXT_LINES = 3;

function lines(content: string): string[] {
  return content.split(/\r?\n/);
}

/** First line (1-based) where the quote starts, or null when it is no longer in the file. */
export function locateQuote(content: string, quote: string): number | null {
  return quoteLines(content, quote)[0] ?? null;
}

/** Every line (1-based, ascending) where the quote starts; empty when it is no longer in the file. */
export function quoteLines(content: string, quote: string): number[] {
  const wanted = normaliseWhitespace(quote);
  if (!wanted) return [];
  const all = lines(content);
  const span = Math.max(1, quote.split(/\r?\n/).length);
  if (!normaliseWhitespace(content).includes(wanted)) return [];
  const out: number[] = [];
  for (let i = 0; i < all.length; i += 1) {
    if (normaliseWhitespace(all.slice(i, i + span).join('\n')).includes(wanted)) out.push(i + 1);
  }
  return out;
}

/**
 * How far a finding's code moved: among the places its anchor quote sits now, the one whose surrounding code still
 * hashes to `hash` (nearest the old place first, so an untouched file's finding stays put even when the same line
 * is written elsewhere); with none, the place nearest the old one (its code changed there). Null: the quote is gone.
 */
export function shiftOf(content: string, finding: { startLine: number; endLine: number; contextHash: string }, anchor: { startLine: number; quote: string }): number | null {
  const places = quoteLines(content, anchor.quote);
  if (places.length === 0) return null;
  const byDistance = places.map((line) => line - anchor.startLine).sort((a, b) => Math.abs(a) - Math.abs(b) || a - b);
  const same = byDistance.find((shift) => contextHash(content, finding.startLine + shift, finding.endLine + shift) === finding.contextHash);
  return same ?? byDistance[0]!;
}

/** Hash of lines start..end plus a few either side, so an edit next to the bug (a new guard) is noticed. */
export function contextHash(content: string, startLine: number, endLine: number): string {
  const all = lines(content);
  const from = Math.max(0, startLine - 1 - CONTEXT_LINES);
  const to = Math.min(all.length, endLine + CONTEXT_LINES);
  // Blank lines do not count: adding or removing one next to the bug is not a change to the code.
  return sha256(all.slice(from, to).map(normaliseWhitespace).filter(Boolean).join('\n'));
}
