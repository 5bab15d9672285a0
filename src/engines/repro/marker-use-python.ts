// Where a pytest test uses the run marker, read from its source. Pure. As for JavaScript (marker-use.ts), the marker
// proves a words-only bug only when a failing assertion prints it: every read of it (or of a name it was copied to)
// must sit in the message of a one-line `assert <condition>, <message>` whose condition is not a constant. print(),
// raise, pytest.fail() or `assert False, marker` would "reproduce" any bug, so such a source is refused.
import { markerReads } from './marker-reads.ts';
import { MARKER_ENV } from './types.ts';

const ENV_READ = new RegExp(`(?:\\bos\\.)?(?:\\benviron\\s*\\[\\s*['"]${MARKER_ENV}['"]\\s*\\]|\\benviron\\.get\\s*\\(\\s*['"]${MARKER_ENV}['"][^)]*\\)|\\bgetenv\\s*\\(\\s*['"]${MARKER_ENV}['"][^)]*\\))`, 'g');
const ALIAS = /^\s*([A-Za-z_]\w*)\s*(?::\s*\w+\s*)?=\s*$/;
const CONSTANT = /^\(?\s*(True|False|None|-?\d[\d_.e]*|'[^'\\]*'|"[^"\\]*"|\[\]|\{\}|\(\))\s*\)?$/;
const CONSTANT_COMPARISON = /^(True|False|None|-?\d[\d_.e]*|'[^'\\]*'|"[^"\\]*")\s*(==|!=|<=|>=|<|>|is not|is|in)\s*(True|False|None|-?\d[\d_.e]*|'[^'\\]*'|"[^"\\]*")$/;

/** Why the marker use in `source` proves nothing, or null when every use sits in a real assertion's message. */
export function pythonMarkerUseProblem(source: string): string | null {
  const lines = source.split('\n');
  const uses = markerReads(lines, { envRead: ENV_READ, alias: ALIAS, assignment: /^\s*=(?!=)/ });
  if (uses.length === 0) return `the test never reads os.environ["${MARKER_ENV}"]`;
  for (const use of uses) {
    const problem = useProblem(lines[use.line]!, use.column);
    if (problem) return problem;
  }
  return null;
}

function useProblem(text: string, column: number): string | null {
  const statement = text.trimStart();
  const indent = text.length - statement.length;
  if (!/^assert\b/.test(statement)) {
    if (/^raise\b/.test(statement)) return "the test raises the marker itself instead of printing it in a failing assertion's message";
    const call = /^([\w.]+)\s*\(/.exec(statement)?.[1] ?? '';
    if (/(^|\.)fail$|^pytest\.(fail|exit|skip)$/.test(call)) return `the test fails with the marker unconditionally (${call})`;
    if (/^(print|sys\.(stdout|stderr)\.write|logging\.\w+|log\w*\.\w+)$/.test(call)) return `the test prints the marker unconditionally (${call})`;
    return "the marker is used outside a failing assertion's message (write it only in the message of a one-line `assert <condition>, <message>`)";
  }
  const body = statement.slice('assert'.length);
  const comma = topLevelComma(body);
  if (comma < 0 || column < indent + 'assert'.length + comma) return 'the marker is in the assertion\'s condition, not its message';
  const condition = body.slice(0, comma).trim();
  if (CONSTANT.test(condition) || CONSTANT_COMPARISON.test(condition)) return `the assertion compares constants (assert ${condition}), so it fails whatever the code does`;
  return null;
}

// The comma that separates an assert's condition from its message: outside brackets and string literals.
function topLevelComma(text: string): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) return i;
  }
  return -1;
}
