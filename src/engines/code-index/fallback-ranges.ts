// Where a definition ends, for languages indexed by the regex fallback: brace counting for C-like
// languages, indentation for Python and Ruby. Approximate by design (strings and comments are not lexed).

/** Last line (1-based) of a brace-delimited block starting at `start`; the start line itself when no brace opens within 3 lines. */
export function braceBlockEnd(lines: readonly string[], start: number): number {
  let depth = 0;
  let opened = false;
  for (let i = start - 1; i < lines.length; i += 1) {
    for (const ch of lines[i] ?? '') {
      if (ch === '{') {
        depth += 1;
        opened = true;
      } else if (ch === '}') depth -= 1;
    }
    if (opened && depth <= 0) return i + 1;
    if (!opened && i >= start + 2) return start;
  }
  return opened ? lines.length : start;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function isBlankOrComment(line: string, comment: string): boolean {
  const t = line.trim();
  return t === '' || t.startsWith(comment);
}

/** Last line of an indented block (Python, Ruby) opened at `start`: before the next line at the same or lower indent. */
export function indentBlockEnd(lines: readonly string[], start: number, comment = '#'): number {
  const base = indentOf(lines[start - 1] ?? '');
  let last = start;
  for (let i = start; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (isBlankOrComment(line, comment)) continue;
    if (indentOf(line) <= base) {
      // Ruby closes with `end` at the same indent: it belongs to the block.
      if (/^\s*end\b/.test(line)) return i + 1;
      break;
    }
    last = i + 1;
  }
  return last;
}

/** First line of the decorators (@x) stacked directly above a definition at `start`. */
export function decoratorsStart(lines: readonly string[], start: number): number {
  let first = start;
  while (first > 1 && /^\s*@/.test(lines[first - 2] ?? '')) first -= 1;
  return first;
}
