// A polynomial verdict whose only overlap is a bounded repeat: recheck's fuzzer takes `\s{0,256}` for a loop on the
// short strings it tries, but a repeat of a loop-free atom at most n times adds at most n + 1 ways to split the text
// between the loops around it, a constant factor: the degree in the input's length is the degree of the pattern with
// each such repeat at its minimum count (`X{m,n}` → `X{m}`, the same loops, with the least text between them). When
// recheck rates that pattern safe, the original is linear in the input (tough-cookie 2.3.3's cookie pair
// /^(([^=;]+))\s{0,256}=\s*…/). No timing is involved: the argument is the rewrite and recheck's verdict on it.
import { withoutLoops } from '../../matchers/regex-shape.ts';

// Repeats bounded by more than this are left as they are (their constant factor is no longer small).
export const MAX_BOUND = 1000;

/** The pattern with every `X{m,n}` (n ≤ MAX_BOUND, X a loop-free atom or group) at its minimum `X{m}`, or null when
 * there is none to rewrite. */
export function atMinimumCounts(source: string, flags: string): string | null {
  const groups: number[] = [];
  let out = '';
  let rewritten = false;
  let atomStart = -1;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    const start = i;
    if (ch === '\\') {
      i++;
      atomStart = start;
    } else if (ch === '[') {
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
      atomStart = start;
    } else if (ch === '(') {
      groups.push(start);
      atomStart = -1;
    } else if (ch === ')') {
      atomStart = groups.pop() ?? -1;
    } else if (ch === '{') {
      const counted = /^\{(\d+),(\d+)\}/.exec(source.slice(i));
      if (counted && atomStart >= 0 && Number(counted[2]) <= MAX_BOUND && withoutLoops(source.slice(atomStart, i), flags)) {
        out += `{${counted[1]}}`;
        i += counted[0].length - 1;
        rewritten = true;
        atomStart = -1;
        continue;
      }
      atomStart = -1;
    } else {
      atomStart = /[|^$*+?]/.test(ch ?? '') ? -1 : start;
    }
    out += source.slice(start, i + 1);
  }
  return rewritten ? out : null;
}
