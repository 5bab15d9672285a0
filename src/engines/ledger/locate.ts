// Where a quote sits in a file today, and a hash of the code around a finding, both whitespace-normalised:
// the ledger uses them to tell "fixed" (quote gone) from "moved" (same code, new lines) from "changed".
import { normaliseWhitespace } from '../integrity/evidence.ts';
import { sha256 } from '../../foundations/hashing/hash.ts';

const CONTEXT_LINES = 3;

function lines(content: string): string[] {
  return content.split(/\r?\n/);
}

/** First line (1-based) where the quote starts, or null when it is no longer in the file. */
export function locateQuote(content: string, quote: string): number | null {
  const wanted = normaliseWhitespace(quote);
  if (!wanted) return null;
  const all = lines(content);
  const span = Math.max(1, quote.split(/\r?\n/).length);
  if (!normaliseWhitespace(content).includes(wanted)) return null;
  for (let i = 0; i < all.length; i += 1) {
    if (normaliseWhitespace(all.slice(i, i + span).join('\n')).includes(wanted)) return i + 1;
  }
  return null;
}

/** Hash of lines start..end plus a few either side, so an edit next to the bug (a new guard) is noticed. */
export function contextHash(content: string, startLine: number, endLine: number): string {
  const all = lines(content);
  const from = Math.max(0, startLine - 1 - CONTEXT_LINES);
  const to = Math.min(all.length, endLine + CONTEXT_LINES);
  // Blank lines do not count: adding or removing one next to the bug is not a change to the code.
  return sha256(all.slice(from, to).map(normaliseWhitespace).filter(Boolean).join('\n'));
}
