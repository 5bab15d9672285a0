// The text gate of the self-comparison check: does the text hold `side op side`, the same [\w$][\w$.]{0,60}
// on both sides of ==, ===, !=, !==, <, >, <= or >= (at most 4 whitespace characters around the operator), not
// followed by [\w$.(]? It answers exactly what the regex
//   /([\w$][\w$.]{0,60})\s{0,4}(?:[=!]==?|[<>]=?)\s{0,4}\1(?![\w$.(])/
// answers (test/engines/static/fast-paths.test.ts compares them), in one pass over the operators instead of trying the
// group at every character of every name, which made that regex the most expensive prefilter of the engine.
//
// Why the operator decides everything: the side is made of [\w$.] characters and is followed by whitespace or an
// operator character, so it ends where a run of [\w$.] ends, right before the whitespace before the operator. After
// the operator the side starts with [\w$], so all the whitespace there is skipped, and because the character after
// the second side must not be [\w$.], the second side is the whole [\w$.] run that follows: its length is forced.
const OPERATOR_START = /[=!<>]/g;
const MAX_SIDE = 61;
const MAX_SPACE = 4;
const SPACE = /\s/;

/** \s without a regular expression for ASCII; anything else asks the regular expression (same definition). */
function isSpace(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return SPACE.test(String.fromCharCode(code));
}

function isPathChar(code: number): boolean {
  // [\w$.]: 0-9, A-Z, a-z, _, $ and the dot.
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36 || code === 46;
}

/** Operator lengths that can start at `at`: [=!]==? or [<>]=?. */
function operatorLengths(text: string, at: number): number[] {
  const c = text[at];
  const eq = (i: number) => text[i] === '=';
  if (c === '=' || c === '!') return eq(at + 1) ? (eq(at + 2) ? [2, 3] : [2]) : [];
  return eq(at + 1) ? [1, 2] : [1];
}

function spacesFrom(text: string, at: number, step: 1 | -1): number {
  let n = 0;
  while (n <= MAX_SPACE && at + step * n >= 0 && at + step * n < text.length && isSpace(text.charCodeAt(at + step * n))) n++;
  return n;
}

export function hasSelfComparison(text: string): boolean {
  OPERATOR_START.lastIndex = 0;
  for (let m = OPERATOR_START.exec(text); m; m = OPERATOR_START.exec(text)) {
    const at = m.index;
    const before = spacesFrom(text, at - 1, -1);
    const leftEnd = at - 1 - before;
    if (before > MAX_SPACE || leftEnd < 0 || !isPathChar(text.charCodeAt(leftEnd))) continue;
    let leftStart = leftEnd;
    while (leftStart > 0 && leftEnd - leftStart + 1 < MAX_SIDE && isPathChar(text.charCodeAt(leftStart - 1))) leftStart--;
    const leftRun = leftEnd - leftStart + 1;
    for (const length of operatorLengths(text, at)) {
      const after = spacesFrom(text, at + length, 1);
      if (after > MAX_SPACE) continue;
      const rightStart = at + length + after;
      let rightEnd = rightStart;
      while (rightEnd < text.length && rightEnd - rightStart <= MAX_SIDE && isPathChar(text.charCodeAt(rightEnd))) rightEnd++;
      const side = rightEnd - rightStart;
      if (side === 0 || side > MAX_SIDE || side > leftRun || text[rightEnd] === '(' || text[rightStart] === '.') continue;
      if (text.startsWith(text.slice(rightStart, rightEnd), leftEnd - side + 1)) return true;
    }
  }
  return false;
}
