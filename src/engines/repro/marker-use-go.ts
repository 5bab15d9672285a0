// Where a Go test uses the run marker, read from its source. Pure. As for JavaScript and pytest, the marker proves a
// words-only bug only when a failing assertion prints it: every read of it (or of a name it was copied to) must sit
// in a t.Errorf/t.Fatalf/t.Error/t.Fatal call inside an `if <condition> {` block whose condition is not a constant.
// fmt.Println, t.Log, panic, or a t.Fatalf that runs whatever the code does would "reproduce" any bug: refused.
import { markerReads } from './marker-reads.ts';
import { MARKER_ENV } from './types.ts';

const ENV_READ = new RegExp(`\\bos\\.(?:Getenv|LookupEnv)\\(\\s*"${MARKER_ENV}"\\s*\\)`, 'g');
const ALIAS = /^\s*(?:var\s+)?([A-Za-z_]\w*)(?:\s*,\s*_)?\s*(?:string\s*)?:?=\s*$/;
const FAILING_CALL = /^([A-Za-z_]\w*)\.(Errorf|Fatalf|Error|Fatal)\s*\(/;
const LITERAL = String.raw`(?:true|false|nil|-?\d[\d_.e]*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')`;
const CONSTANT = new RegExp(`^\\(?\\s*!?\\s*${LITERAL}\\s*\\)?$`);
const CONSTANT_COMPARISON = new RegExp(`^${LITERAL}\\s*(==|!=|<=|>=|<|>)\\s*${LITERAL}$`);

/** Why the marker use in `source` proves nothing, or null when every use sits in a guarded t.Errorf/t.Fatalf. */
export function goMarkerUseProblem(source: string): string | null {
  // Names and braces are read with strings and comments blanked; the env read itself names the variable in a string.
  const lines = blankStrings(source).split('\n');
  const uses = markerReads(source.split('\n'), { envRead: ENV_READ, alias: ALIAS, assignment: /^\s*:?=(?!=)/ }, lines);
  if (uses.length === 0) return `the test never reads os.Getenv("${MARKER_ENV}")`;
  for (const use of uses) {
    const problem = useProblem(lines, use.line, use.column);
    if (problem) return problem;
  }
  return null;
}

function useProblem(lines: string[], line: number, column: number): string | null {
  const text = lines[line]!;
  const statement = text.trimStart();
  const call = FAILING_CALL.exec(statement);
  if (!call || column < text.length - statement.length + call[0].length) {
    const callee = /^([\w.]+)\s*\(/.exec(statement)?.[1] ?? '';
    if (/^(panic|os\.Exit|log\.\w+)$|\.(FailNow|Fail|Skip\w*)$/.test(callee)) return `the test fails with the marker unconditionally (${callee})`;
    if (/^(fmt\.\w+|print|println)$|\.(Log|Logf)$/.test(callee)) return `the test prints the marker unconditionally (${callee})`;
    return 'the marker is used outside a failing assertion\'s message (write it only in `if <condition> { t.Fatalf("%s: …", marker) }`)';
  }
  const guard = enclosingBlock(lines, line);
  const condition = guard && /^\s*(?:\}\s*else\s+)?if\s+(?:[^;{]*;\s*)?(.*?)\s*\{\s*$/.exec(guard)?.[1];
  if (!condition) return `the ${call[2]} with the marker does not sit directly in an \`if <condition> {\` block, so it fails whatever the code does`;
  if (CONSTANT.test(condition) || CONSTANT_COMPARISON.test(condition)) return `the assertion's condition is a constant (if ${condition}), so it fails whatever the code does`;
  return null;
}

// The text, up to its '{', of the line that opens the block holding line `at` (strings and comments blanked).
function enclosingBlock(lines: string[], at: number): string | null {
  let depth = 0;
  for (let line = at; line >= 0; line--) {
    const text = line === at ? '' : lines[line]!;
    for (let i = text.length - 1; i >= 0; i--) {
      if (text[i] === '}') depth++;
      else if (text[i] === '{') {
        if (depth === 0) return text.slice(0, i + 1);
        depth--;
      }
    }
  }
  return null;
}

// String, rune and comment contents replaced by spaces (same length), so braces and names in them are not code.
function blankStrings(source: string): string {
  return source.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`[^`]*`/g, (m) => m[0] === '/' ? m.replace(/[^\n]/g, ' ') : m[0] + m.slice(1, -1).replace(/[^\n]/g, ' ') + m.at(-1));
}
