// Pure: the shape of a file's code with its comments left out (the longest line of code, the code characters
// and lines), so that comments cannot make a file look minified. A light scanner for C-family and hash comments:
// strings (' " `) are stepped over, a regex literal is not; any mistake only makes a file look less minified,
// so it is read rather than skipped.

export interface CodeShape {
  /** Characters of code (comments and blank space around them left out) on the longest line. */
  longestCodeLine: number;
  /** Characters of code over the whole file. */
  codeChars: number;
  /** Lines holding any code. */
  codeLines: number;
}

// Past these, code counts as minified (content-rules.ts first checks the same figures with comments included).
export const MINIFIED_LONGEST_CODE_LINE = 5000;
export const MINIFIED_AVERAGE_CODE_LINE = 300;

const SLASH = 47;
const STAR = 42;
const HASH = 35;
const NEWLINE = 10;
const BACKSLASH = 92;
const isSpace = (c: number) => c === 32 || c === 9 || c === 13 || c === 12 || c === 11;

export function codeShape(text: string): CodeShape {
  let longestCodeLine = 0;
  let codeChars = 0;
  let codeLines = 0;
  let lineCode = 0;
  let lineStart = true;
  let inBlock = false;
  let quote = 0;
  const endLine = () => {
    if (lineCode > 0) codeLines++;
    if (lineCode > longestCodeLine) longestCodeLine = lineCode;
    codeChars += lineCode;
    lineCode = 0;
    lineStart = true;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      // A string left open at the end of a line (other than a template) ends there: a minifier never does that.
      if (quote !== 96) quote = 0;
      endLine();
      continue;
    }
    if (inBlock) {
      if (c === STAR && text.charCodeAt(i + 1) === SLASH) {
        inBlock = false;
        i++;
      }
      continue;
    }
    if (quote !== 0) {
      lineCode++;
      if (c === BACKSLASH) {
        i++;
        lineCode++;
      } else if (c === quote) quote = 0;
      continue;
    }
    if (c === SLASH && text.charCodeAt(i + 1) === SLASH) {
      const nl = text.indexOf('\n', i);
      i = (nl === -1 ? text.length : nl) - 1;
      continue;
    }
    if (c === SLASH && text.charCodeAt(i + 1) === STAR) {
      inBlock = true;
      i++;
      continue;
    }
    // A hash opens a comment only at the start of a line (shell, Python, Ruby); elsewhere it is code (#private, CSS colours).
    if (c === HASH && lineStart) {
      const nl = text.indexOf('\n', i);
      i = (nl === -1 ? text.length : nl) - 1;
      continue;
    }
    if (isSpace(c)) {
      if (!lineStart) lineCode++;
      continue;
    }
    lineStart = false;
    lineCode++;
    if (c === 39 || c === 34 || c === 96) quote = c;
  }
  endLine();
  return { longestCodeLine, codeChars, codeLines };
}

/** Why the code is minified, or undefined when it is not. */
export function minifiedCode(shape: CodeShape): string | undefined {
  if (shape.longestCodeLine > MINIFIED_LONGEST_CODE_LINE) return `a line of ${shape.longestCodeLine} characters of code`;
  const average = shape.codeChars / Math.max(1, shape.codeLines);
  if (shape.codeChars > 1024 && average > MINIFIED_AVERAGE_CODE_LINE) return `${Math.round(average)} characters of code per line on average`;
  return undefined;
}
