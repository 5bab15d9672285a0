// Locates a case's sink in fetched source: the innermost function around a position, or a function by name,
// using the same parser and function naming as the static engine. Source text in, lines out; no disk access.
import type { SgNode } from '@ast-grep/napi';
import { FUNCTION_KINDS, endLine, functionName, startLine } from '../../../src/engines/static/ast.ts';
import { langFor, parseSource } from '../../../src/engines/static/parse.ts';

export interface FunctionSpan {
  name: string;
  startLine: number;
  endLine: number;
  /** How many functions of the same name come before this one in the file (0 for the first). */
  occurrence: number;
}

// The engine's name with line breaks taken out, so a chained callee reads on one line in cases.json.
function nameOf(fn: SgNode): string {
  return functionName(fn).replace(/\s*\n\s*/g, '');
}

function functions(path: string, content: string): SgNode[] {
  // The static engine's own choice of grammar by the file's extension (the cases are JavaScript and TypeScript).
  const lang = langFor({ path, language: '' });
  if (!lang) return [];
  const root = parseSource(lang, content).root();
  return root.findAll({ rule: { any: [...FUNCTION_KINDS].map((kind) => ({ kind })) } });
}

// Whether a node spans the given 0-based position (line, column).
function spans(node: SgNode, line: number, column: number): boolean {
  const { start, end } = node.range();
  const afterStart = start.line < line || (start.line === line && start.column <= column);
  const beforeEnd = end.line > line || (end.line === line && end.column > column);
  return afterStart && beforeEnd;
}

function span(all: SgNode[], fn: SgNode): FunctionSpan {
  const name = nameOf(fn);
  const occurrence = all.filter((other) => startLine(other) < startLine(fn) && nameOf(other) === name).length;
  return { name, startLine: startLine(fn), endLine: endLine(fn), occurrence };
}

/**
 * The innermost function around `line` at the column where `snippet` starts on it (else its first
 * non-blank character), so a callback that merely starts on the sink line, `exec(cmd, function (err) {`,
 * is not taken for the sink's function, and a one-line arrow function is; undefined at module level.
 */
export function enclosingFunctionAt(path: string, content: string, line: number, snippet?: string): FunctionSpan | undefined {
  const text = content.split('\n')[line - 1] ?? '';
  const at = snippet ? text.indexOf(snippet) : -1;
  const column = at >= 0 ? at : text.length - text.trimStart().length;
  const all = functions(path, content);
  let best: SgNode | undefined;
  for (const fn of all) {
    if (!spans(fn, line - 1, column)) continue;
    if (!best || endLine(fn) - startLine(fn) < endLine(best) - startLine(best)) best = fn;
  }
  return best ? span(all, best) : undefined;
}

/** The function named `name` (its `occurrence`-th, else the first); undefined when the fix removed it. */
export function functionNamed(path: string, content: string, name: string, occurrence = 0): FunctionSpan | undefined {
  const all = functions(path, content);
  const named = all.filter((fn) => nameOf(fn) === name);
  const fn = named[occurrence] ?? named[0];
  return fn ? span(all, fn) : undefined;
}
