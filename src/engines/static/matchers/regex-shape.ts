// A cheap, conservative look at a regex's shape, to skip recheck where its verdict cannot matter.
// recheck rates backtracking by loops in the pattern's automaton: exponential needs a loop that can match one string
// along two paths (a quantifier over a group holding alternation or another quantifier), a polynomial of degree d a
// chain of d loops. An unanchored search adds one loop in front (retrying at every position). So a pattern whose one
// unbounded quantifier is over a single atom (a character, an escape, a class, a dot) is at most 2nd degree.
// A bounded repeat of one atom ({n}, {n,m}) is no loop, nor is an optional group (…)?. Anything this scan does not
// understand (a group under *, + or a repeat, a backreference, a lookaround, the v flag's nested classes) answers
// false: recheck decides.

const LOOKAROUND = /^\(\?<?[=!]/;
const BACKREFERENCE = /^\\([1-9]|k<)/;
// {n}, {n,} or {n,m}: group 1 is the comma of an open or bounded range, group 2 its upper bound.
const REPEAT = /^\{\d+(,)?(\d+)?\}/;

/** True only when recheck cannot rate this pattern worse than 2nd degree polynomial (no exponential, no 3rd degree). */
export function atMostQuadratic(source: string, flags: string): boolean {
  const loops = loopCount(source, flags);
  return loops !== undefined && loops <= 1;
}

/**
 * True when the pattern has no unbounded quantifier at all: every attempt is bounded by the pattern's size, so even a
 * search retried at every position is linear and no verdict can make it a ReDoS. recheck's fuzzer can spend a minute
 * on such a pattern (/[a-z0-9]{1,30}$/ took 66 s) before rating it safe.
 */
export function withoutLoops(source: string, flags: string): boolean {
  return loopCount(source, flags) === 0;
}

/** How many unbounded quantifiers stand on single atoms; undefined for a shape this scan does not understand. */
function loopCount(source: string, flags: string): number | undefined {
  if (flags.includes('v')) return undefined;
  let loops = 0;
  // Whether the previous token is a single atom a quantifier may stand on ('atom'), a group's end ('group'), or
  // nothing quantifiable (start, '(', '|', an anchor, a quantifier).
  let previous: 'atom' | 'group' | 'none' = 'none';
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      if (BACKREFERENCE.test(source.slice(i, i + 3))) return undefined;
      i++;
      previous = 'atom';
    } else if (ch === '[') {
      i = classEnd(source, i);
      if (i < 0) return undefined;
      previous = 'atom';
    } else if (ch === '(') {
      if (LOOKAROUND.test(source.slice(i, i + 4))) return undefined;
      previous = 'none';
    } else if (ch === ')') {
      previous = 'group';
    } else if (ch === '*' || ch === '+') {
      if (previous !== 'atom') return undefined;
      loops++;
      if (source[i + 1] === '?') i++;
      previous = 'none';
    } else if (ch === '?') {
      previous = 'none';
      if (source[i + 1] === '?') i++;
    } else if (ch === '{') {
      const repeat = REPEAT.exec(source.slice(i));
      // A brace that is no quantifier (a literal `{`), or a repeat of a group: recheck decides.
      if (!repeat || previous !== 'atom') return undefined;
      // A bounded repeat of one atom ({n}, {n,m}) adds no loop: it multiplies the work by a constant, however long
      // the input. {n,} is a loop like +.
      if (repeat[1] !== undefined && repeat[2] === undefined) loops++;
      i += repeat[0].length - 1;
      if (source[i + 1] === '?') i++;
      previous = 'none';
    } else if (ch === '|' || ch === '^' || ch === '$') {
      previous = 'none';
    } else {
      previous = 'atom';
    }
  }
  return loops;
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

/** True when the pattern holds a counted repeat ({n}, {n,}, {n,m}): recheck's fuzzer can spend minutes on one
 * (/[a-z0-9]{1,30}$/ took 66 s; a {1,300} took more than two) before it answers. */
export function hasCountedRepeat(source: string): boolean {
  return /(^|[^\\])\{\d+(,\d*)?\}/.test(source);
}
