// Pure risk signals from source text: trust-boundary APIs (request input, exec, SQL, deserialisation,
// crypto/auth, file system) and branching. One combined regular expression for the APIs, one pass per file, for speed.
// Heuristic by design: comments and strings count too; the hunter decides what is real.
import { BOUNDARY_SIGNALS } from './signal-patterns.ts';

export interface ContentSignal {
  signal: string;
  count: number;
  /** Up to three distinct matched texts, for the reason line. */
  examples: string[];
}

export interface ContentScan {
  signals: ContentSignal[];
  branches: number;
}

// Branch points are frequent, so they are counted with test() (no match objects) in a pass of their own.
const BRANCHES = /\b(?:if|for|while|case|catch|elif|except|switch)\b|&&|\|\|/g;
const NAMES = BOUNDARY_SIGNALS.map((s) => s.signal);

// One capture group per signal and section; GROUP_SIGNAL[g] is the signal of capture group g + 1. The word
// alternatives share one leading \b, so the many positions inside words are rejected by a single check.
const GROUP_SIGNAL: number[] = [];
const wordGroups: string[] = [];
const otherGroups: string[] = [];
BOUNDARY_SIGNALS.forEach((s, i) => {
  if (s.words.length > 0) {
    wordGroups.push(`(${s.words.join('|')})`);
    GROUP_SIGNAL.push(i);
  }
});
BOUNDARY_SIGNALS.forEach((s, i) => {
  if (s.others.length > 0) {
    otherGroups.push(`(${s.others.join('|')})`);
    GROUP_SIGNAL.push(i);
  }
});
const COMBINED = new RegExp([`\\b(?:${wordGroups.join('|')})`, ...otherGroups].join('|'), 'g');

// A match is a slice of the whole file's text; a copy keeps one short example from pinning the file in memory.
const detach = (s: string) => Buffer.from(s, 'latin1').toString('latin1');

export function countBranches(text: string): number {
  let n = 0;
  BRANCHES.lastIndex = 0;
  while (BRANCHES.test(text)) n++;
  return n;
}

/** Scans the text for trust-boundary APIs in one pass, then counts branch points. */
export function scanContent(text: string): ContentScan {
  // Allocated on the first match only: most files have none.
  let counts: number[] | undefined;
  let examples: string[][] | undefined;
  COMBINED.lastIndex = 0;
  for (let m = COMBINED.exec(text); m !== null; m = COMBINED.exec(text)) {
    let g = 0;
    while (g < GROUP_SIGNAL.length - 1 && m[g + 1] === undefined) g++;
    const k = GROUP_SIGNAL[g] as number;
    counts ??= NAMES.map(() => 0);
    examples ??= NAMES.map(() => []);
    counts[k] = (counts[k] as number) + 1;
    const seen = examples[k] as string[];
    if (seen.length < 3 && !seen.includes(m[0])) {
      const example = detach(m[0].replace(/\s+/g, ' ').slice(0, 40));
      if (!seen.includes(example)) seen.push(example);
    }
  }
  const signals: ContentSignal[] = [];
  if (!counts || !examples) return { signals, branches: countBranches(text) };
  for (let g = 0; g < NAMES.length; g++) {
    if ((counts[g] as number) > 0) signals.push({ signal: NAMES[g] as string, count: counts[g] as number, examples: examples[g] as string[] });
  }
  return { signals, branches: countBranches(text) };
}
