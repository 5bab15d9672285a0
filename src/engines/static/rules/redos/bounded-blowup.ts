// A blowup bounded by the pattern's own repeat counts: a repeated group holding a repeat of varying count
// (`^(?:[\da-f]{1,4}:?){0,8}$`, `^(\w{1,20}\s?){1,10}$`) can split one run of text between its iterations in a number
// of ways that grows exponentially with the bounds, not with the input. recheck's automaton rates growth in the input's
// length and calls it safe; V8 still takes seconds on 40 characters. Most patterns of the shape are fine (a dotted quad
// `^(?:\d{1,3}\.){3}\d{1,3}$`: each group ends at a character its repeat cannot match), so recheck's fuzzer tells them
// apart: it runs the pattern on strings it grows, bounded by the characters its VM reads (verdict.ts: 100,000,000 for
// this question, no clock), and its exponential verdict counts. A pattern its bounds make slow by a constant only
// (`^(?:[a-z]{1,10} ?){1,6}$`, 40 ms on 264 characters) stays under that limit. Asked only of a match tried once, at the
// start (`^…`, no m flag): retried at every position the fuzzer runs each string that long from every position
// (`(?:[a-z0-9]{1,63}\.){1,10}[a-z]{2,63}` took it 8 minutes to rate safe), so an unanchored blowup is not looked for.
import type { RegexVerdict } from '../../../recheck/verdict.ts';

const COUNTED = /^\{(\d+)(?:,(\d*))?\}/;

const LOOKAROUND = /^\(\?<?[=!]/;

/** Whether a repeated group (`(…)*`, `(…)+`, `(…){m,n}` with n > 1) holds a repeat whose count varies (`{m,n}`, m < n):
 *  the shape whose ways to match grow with the bounds. A class and an escape are read as atoms, and so is a lookaround
 *  by the groups around it (it matches no text); a repeated group inside a lookaround is the shape all the same. */
export function nestedBoundedRepeat(source: string): boolean {
  // Per open group: whether a repeat of varying count stands inside it; null for a lookaround.
  const open: Array<boolean | null> = [];
  let closed: boolean | undefined;
  const mark = () => {
    const i = open.length - 1;
    if (i >= 0 && open[i] !== null) open[i] = true;
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    const closedGroup = closed;
    closed = undefined;
    if (ch === '\\') i++;
    else if (ch === '[') {
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
    } else if (ch === '(') open.push(LOOKAROUND.test(source.slice(i, i + 4)) ? null : false);
    else if (ch === ')') {
      const inner = open.pop();
      if (inner === null) continue;
      if (inner) mark();
      closed = inner ?? false;
    } else if (ch === '*' || ch === '+') {
      if (closedGroup) return true;
    } else if (ch === '{') {
      const counted = COUNTED.exec(source.slice(i));
      if (!counted) continue;
      const min = Number(counted[1]);
      const max = counted[2] === undefined ? min : counted[2] === '' ? Infinity : Number(counted[2]);
      if (closedGroup && max > 1) return true;
      if (min < max) mark();
      i += counted[0].length - 1;
    }
  }
  return false;
}

/** The fuzzer's verdict shows a blowup: an exponential one (its step limit is far above any constant factor's). */
export function blowsUp(verdict: RegexVerdict): boolean {
  return verdict.vulnerable && verdict.complexity === 'exponential';
}
