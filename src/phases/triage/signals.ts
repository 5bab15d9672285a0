// Pure risk signals from source text: trust-boundary APIs (request input, exec, SQL, deserialisation,
// crypto/auth, file system) and branching. The API patterns are scanned as one (signal-regex.ts), one pass per file.
// Heuristic by design: comments and strings count too; the hunter decides what is real.
import { BOUNDARY_SIGNALS } from './signal-patterns.ts';
import { buildSignalRegex, forEachSignalMatch } from './signal-regex.ts';

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

// Branch points are frequent, so they are counted with test() (no match objects). The operators are counted
// apart with indexOf (far cheaper than a regex); they share no character with the keywords, so the sum is the
// count the single regex `keywords|&&|\|\|` gives.
const BRANCH_WORDS = /\b(?:if|for|while|case|catch|elif|except|switch)\b/g;
const NAMES = BOUNDARY_SIGNALS.map((s) => s.signal);
const SIGNAL_REGEX = buildSignalRegex(BOUNDARY_SIGNALS);

// A match is a slice of the whole file's text; a copy keeps one short example from pinning the file in memory.
const detach = (s: string) => Buffer.from(s, 'latin1').toString('latin1');

/** Non-overlapping occurrences, left to right, as a global regex would count them. */
function countLiteral(text: string, literal: string): number {
  let n = 0;
  for (let at = text.indexOf(literal); at !== -1; at = text.indexOf(literal, at + literal.length)) n++;
  return n;
}

export function countBranches(text: string): number {
  let n = countLiteral(text, '&&') + countLiteral(text, '||');
  BRANCH_WORDS.lastIndex = 0;
  while (BRANCH_WORDS.test(text)) n++;
  return n;
}

/** Scans the text for trust-boundary APIs in one pass, then counts branch points. */
export function scanContent(text: string): ContentScan {
  // Allocated on the first match only: most files have none.
  let counts: number[] | undefined;
  let examples: string[][] | undefined;
  forEachSignalMatch(text, SIGNAL_REGEX, (match, k) => {
    counts ??= NAMES.map(() => 0);
    examples ??= NAMES.map(() => []);
    counts[k] = (counts[k] as number) + 1;
    const seen = examples[k] as string[];
    if (seen.length < 3 && !seen.includes(match)) {
      const example = detach(match.replace(/\s+/g, ' ').slice(0, 40));
      if (!seen.includes(example)) seen.push(example);
    }
  });
  const signals: ContentSignal[] = [];
  if (!counts || !examples) return { signals, branches: countBranches(text) };
  for (let g = 0; g < NAMES.length; g++) {
    if ((counts[g] as number) > 0) signals.push({ signal: NAMES[g] as string, count: counts[g] as number, examples: examples[g] as string[] });
  }
  return { signals, branches: countBranches(text) };
}
