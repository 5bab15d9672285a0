// Builds the scanning regexes from the signal patterns. The word patterns are factored by first character: at each
// word start the engine checks one character to pick a handful of alternatives, instead of trying all sixty (about a
// quarter faster on source text). The few patterns that start with punctuation get a regex of their own: folded into
// the word regex they cost a third of its time, alone they are found by a quick scan for their first character.
// forEachSignalMatch merges the two into exactly the matches of `\b(?:words…)|others…` tried in the patterns' order.
import type { BoundarySignal } from './signal-patterns.ts';

export interface SignalRegex {
  /** `\b(?:words…)`, one capture group per alternative. */
  words: RegExp;
  /** wordSignal[g] is the index of the signal whose word alternative is capture group g + 1. */
  wordSignal: number[];
  /** `others…`, one capture group per signal that has any; undefined when none has. */
  others: RegExp | undefined;
  otherSignal: number[];
}

const NOT_AFTER_DOT = String.raw`(?<!\.)`;

// The factoring handles these leading forms only; anything else fails at load, so a new pattern cannot
// silently match differently: `(?<!\.)` then a word character, a class of word characters, or `(?:w1|w2…)`.
const problem = (source: string, why: string) => new Error(`signal pattern ${JSON.stringify(source)}: ${why} (see signal-regex.ts)`);

// Group numbers map to signals, so a pattern may not add capture groups of its own.
function noCaptures(source: string): string {
  if (/(^|[^\\])\((?!\?)/.test(source)) throw problem(source, 'capturing groups are not allowed');
  return source;
}

function checked(source: string): string {
  const bad = (why: string) => problem(source, why);
  noCaptures(source);
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) throw bad('a top-level | is not allowed; list alternatives separately');
  }
  const rest = source.startsWith(NOT_AFTER_DOT) ? source.slice(NOT_AFTER_DOT.length) : source;
  if (/^\(\?:\w+(?:\|\w+)*\)(?![?*+{])/.test(rest) || /^\[\w+\](?![?*+{])/.test(rest) || /^\w(?![?*+{])/.test(rest)) return rest;
  throw bad('must start with a word character, a class of them, or (?:word|word…), optionally after (?<!\\.)');
}

/** The alternative's leading characters, each with the rest of the pattern to match after it. */
function byFirstChar(source: string): Array<[string, string]> {
  const rest = checked(source);
  // After the first character is consumed, "not after a dot" looks back over that character too.
  const lead = (c: string) => (rest === source ? '' : String.raw`(?<!\.${c})`);
  if (rest.startsWith('(?:')) {
    const end = rest.indexOf(')');
    const options = rest.slice(3, end).split('|');
    const firsts = [...new Set(options.map((o) => o[0] as string))];
    return firsts.map((c) => [c, `${lead(c)}(?:${options.filter((o) => o[0] === c).map((o) => o.slice(1)).join('|')})${rest.slice(end + 1)}`]);
  }
  if (rest.startsWith('[')) {
    const end = rest.indexOf(']');
    return rest.slice(1, end).split('').map((c) => [c, lead(c) + rest.slice(end + 1)]);
  }
  return [[rest[0] as string, lead(rest[0] as string) + rest.slice(1)]];
}

export function buildSignalRegex(signals: readonly BoundarySignal[]): SignalRegex {
  // Buckets keep the patterns' order, so at any position the first alternative to match is the same as before.
  const buckets = new Map<string, Array<{ tail: string; signal: number }>>();
  signals.forEach((s, signal) => {
    for (const word of s.words) {
      for (const [c, tail] of byFirstChar(word)) {
        const bucket = buckets.get(c) ?? [];
        if (bucket.length === 0) buckets.set(c, bucket);
        bucket.push({ tail, signal });
      }
    }
  });
  // Capture groups are numbered in the order they appear in the source.
  const wordSignal: number[] = [];
  const words: string[] = [];
  for (const [c, alternatives] of buckets) {
    words.push(`${c}(?:${alternatives.map((a) => `(${a.tail})`).join('|')})`);
    for (const a of alternatives) wordSignal.push(a.signal);
  }
  const otherSignal: number[] = [];
  const others: string[] = [];
  signals.forEach((s, signal) => {
    if (s.others.length === 0) return;
    s.others.forEach(noCaptures);
    others.push(`(${s.others.join('|')})`);
    otherSignal.push(signal);
  });
  return {
    words: new RegExp(`\\b(?:${words.join('|')})`, 'g'),
    wordSignal,
    others: others.length > 0 ? new RegExp(others.join('|'), 'g') : undefined,
    otherSignal,
  };
}

/** The leftmost match of the global regex at or after `from`, or null. */
function nextMatch(regex: RegExp | undefined, text: string, from: number): RegExpExecArray | null {
  if (!regex) return null;
  regex.lastIndex = from;
  return regex.exec(text);
}

/** The signal of the alternative that matched: the first capture group that took part. */
function signalOf(m: RegExpExecArray, groupSignal: readonly number[]): number {
  let g = 0;
  while (g < groupSignal.length - 1 && m[g + 1] === undefined) g++;
  return groupSignal[g] as number;
}

/**
 * Calls visit for each match, left to right, exactly as the one regex `\b(?:words…)|others…` would find them: the
 * leftmost match wins, a word match wins a tie (it comes first there), and the search goes on from the end of the
 * match taken, so a match that started inside it is searched again.
 */
export function forEachSignalMatch(text: string, built: SignalRegex, visit: (match: string, signal: number, index: number) => void): void {
  let word = nextMatch(built.words, text, 0);
  let other = nextMatch(built.others, text, 0);
  while (word !== null || other !== null) {
    const isWord = word !== null && (other === null || word.index <= other.index);
    const m = (isWord ? word : other) as RegExpExecArray;
    visit(m[0], signalOf(m, isWord ? built.wordSignal : built.otherSignal), m.index);
    // Every pattern starts with a character, so a match is never empty; the guard only keeps the loop finite.
    const end = m.index + Math.max(1, m[0].length);
    // A match found from an earlier place that starts at or after `end` is still the next one from `end`.
    if (word !== null && word.index < end) word = nextMatch(built.words, text, end);
    if (other !== null && other.index < end) other = nextMatch(built.others, text, end);
  }
}
