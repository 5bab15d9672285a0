// Where a test uses the run marker, read from its source. Pure. The marker proves a words-only bug only when the
// failing assertion prints it: a test that prints or throws it unconditionally (console.log, throw, assert.fail,
// an assertion on constants) would "reproduce" any bug, so its source is refused before its output is believed.
import { MARKER_ENV } from './types.ts';

const ENV_READ = new RegExp(`process\\.env(?:\\.${MARKER_ENV}\\b|\\[\\s*['"\`]${MARKER_ENV}['"\`]\\s*\\])`, 'g');
const DESTRUCTURED = new RegExp(`\\{[^{}]*\\b${MARKER_ENV}\\b(?:\\s*:\\s*([A-Za-z_$][\\w$]*))?[^{}]*\\}\\s*=\\s*process\\.env`, 'g');
const ALIAS = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*$/;
const OUTPUT = /^(console\.\w+|process\.(stdout|stderr)\.write|t\.diagnostic|\w+\.diagnostic)$/;
const ASSERTION = /^(t\.)?assert(\.strict)?(\.(?!fail$)\w+)?$/;
const ONE_VALUE = /(^|\.)(assert|ok|strict)$/;
const LITERAL = /^(true|false|null|undefined|NaN|-?\d[\d_.e]*|'[^'\\]*'|"[^"\\]*"|`[^`$\\]*`|\[\]|\{\})$/;

/** Why the marker use in `source` proves nothing, or null when every use sits in a real assertion's message. */
export function markerUseProblem(source: string): string | null {
  const code = withoutComments(source);
  const uses = markerUses(code);
  if (uses.length === 0) return `the test never reads process.env.${MARKER_ENV}`;
  for (const at of uses) {
    const problem = useProblem(code, at);
    if (problem) return problem;
  }
  return null;
}

// Positions of every read of the marker: the env variable itself and names it was copied into.
function markerUses(code: string): number[] {
  const uses: number[] = [];
  const aliases = new Set<string>();
  const declarations: Array<[number, number]> = [];
  for (const m of code.matchAll(ENV_READ)) {
    const alias = ALIAS.exec(code.slice(Math.max(0, m.index - 80), m.index))?.[1];
    if (alias) aliases.add(alias);
    else uses.push(m.index);
  }
  for (const m of code.matchAll(DESTRUCTURED)) {
    aliases.add(m[1] ?? MARKER_ENV);
    declarations.push([m.index, m.index + m[0].length]);
  }
  for (const alias of aliases) {
    for (const m of code.matchAll(new RegExp(`(?<![\\w$.])${alias.replace(/\$/g, '\\$')}(?![\\w$])`, 'g'))) {
      const declared = declarations.some(([from, to]) => m.index >= from && m.index < to);
      // 'const tag = …' declares the copy; it is not a use of it.
      if (!declared && !/^\s*=(?![=>])/.test(code.slice(m.index + alias.length))) uses.push(m.index);
    }
  }
  return uses.sort((a, b) => a - b);
}

// Walks outward through the calls enclosing one use: an output call or a throw is unconditional; an assertion
// counts unless it only compares constants; reaching the statement without an assertion is not a failing assertion.
function useProblem(code: string, at: number): string | null {
  let pos = at;
  for (;;) {
    const open = enclosingOpen(code, pos);
    if (open < 0 || code[open] !== '(') return statementProblem(code, open < 0 ? 0 : open + 1, at);
    const callee = calleeBefore(code, open);
    if (OUTPUT.test(callee)) return `the test prints the marker unconditionally (${callee})`;
    if (/(^|\.)fail$/.test(callee)) return `the test fails with the marker unconditionally (${callee})`;
    if (callee.endsWith('Error') && /\bnew\s+$/.test(code.slice(Math.max(0, open - callee.length - 12), open - callee.length))) {
      return `the marker is put in a ${callee} the test creates itself, not in a failing assertion's message`;
    }
    if (ASSERTION.test(callee)) return constantAssertion(callee, callArguments(code, open));
    pos = open;
  }
}

function statementProblem(code: string, from: number, at: number): string {
  const statement = code.slice(from, at);
  if (/\bthrow\b[^;]*$/.test(statement)) return "the test throws the marker itself instead of printing it in a failing assertion's message";
  return "the marker is used outside a failing assertion's message";
}

function constantAssertion(callee: string, args: string[]): string | null {
  const literal = (a: string | undefined) => a !== undefined && LITERAL.test(a.trim());
  const constant = ONE_VALUE.test(callee) || callee === 'assert' ? literal(args[0]) : literal(args[0]) && literal(args[1]);
  return constant ? `the failing assertion ${callee}(${args.slice(0, 2).join(', ')}) compares constants, so it fails whatever the code does` : null;
}

/** Index of the bracket that encloses `pos` ('(' or '{'); '${' of a template is transparent; -1 at top level. */
function enclosingOpen(code: string, pos: number): number {
  let depth = 0;
  for (let i = pos - 1; i >= 0; i--) {
    const c = code[i]!;
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '(' || c === '[' || c === '{') {
      if (depth > 0) depth--;
      else if (c === '{' && code[i - 1] === '$') continue;
      else if (c === '[') continue;
      else return i;
    } else if (c === ';' && depth === 0) return i;
  }
  return -1;
}

function calleeBefore(code: string, open: number): string {
  return /([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*$/.exec(code.slice(Math.max(0, open - 120), open))?.[1]?.replace(/\s+/g, '') ?? '';
}

// The call's top-level arguments as text (strings and nested brackets respected).
function callArguments(code: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = open + 1;
  for (let i = open + 1; i < code.length; i++) {
    const c = code[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) {
        args.push(code.slice(start, i).trim());
        return args.filter((a) => a !== '');
      }
      depth--;
    } else if (c === ',' && depth === 0) {
      args.push(code.slice(start, i).trim());
      start = i + 1;
    }
  }
  return args;
}

// Comments may mention the marker without using it; a '//' inside a string (a URL) is left alone.
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[\s;{}])\/\/.*$/gm, (c, lead: string) => lead + ' '.repeat(c.length - lead.length));
}
