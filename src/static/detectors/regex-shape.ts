// A cheap, conservative look at a regex's shape, to skip recheck where its verdict cannot matter.
// recheck rates backtracking by loops in the pattern's automaton: exponential needs a loop that can match one string
// along two paths (a quantifier over a group holding alternation or another quantifier), a polynomial of degree d a
// chain of d loops. An unanchored search adds one loop in front (retrying at every position). So a pattern whose one
// unbounded quantifier is over a single atom (a character, an escape, a class, a dot) is at most 2nd degree.
// Anything this scan does not understand (a bounded repeat {n,m}, which recheck may expand or fuzz; a backreference;
// a lookaround; the v flag's nested classes; a quantified group) answers false: recheck decides.

const LOOKAROUND = /^\(\?<?[=!]/;
const BACKREFERENCE = /^\\([1-9]|k<)/;

/** True only when recheck cannot rate this pattern worse than 2nd degree polynomial (no exponential, no 3rd degree). */
export function atMostQuadratic(source: string, flags: string): boolean {
  if (flags.includes('v')) return false;
  let loops = 0;
  // Whether the previous token is a single atom a quantifier may stand on ('atom'), a group's end ('group'), or
  // nothing quantifiable (start, '(', '|', an anchor, a quantifier).
  let previous: 'atom' | 'group' | 'none' = 'none';
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      if (BACKREFERENCE.test(source.slice(i, i + 3))) return false;
      i++;
      previous = 'atom';
    } else if (ch === '[') {
      i = classEnd(source, i);
      if (i < 0) return false;
      previous = 'atom';
    } else if (ch === '(') {
      if (LOOKAROUND.test(source.slice(i, i + 4))) return false;
      previous = 'none';
    } else if (ch === ')') {
      previous = 'group';
    } else if (ch === '*' || ch === '+') {
      if (previous !== 'atom') return false;
      loops++;
      if (source[i + 1] === '?') i++;
      previous = 'none';
    } else if (ch === '?') {
      previous = 'none';
      if (source[i + 1] === '?') i++;
    } else if (ch === '{') {
      return false;
    } else if (ch === '|' || ch === '^' || ch === '$') {
      previous = 'none';
    } else {
      previous = 'atom';
    }
  }
  return loops <= 1;
}

/** Index of the `]` closing the class opened at `start`, or -1 when it is not closed (in JS `[]` is an empty class). */
function classEnd(source: string, start: number): number {
  let i = start + 1;
  if (source[i] === '^') i++;
  for (; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === ']') return i;
  }
  return -1;
}
