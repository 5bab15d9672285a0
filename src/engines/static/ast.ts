// Small helpers over ast-grep nodes: lines, enclosing functions, parameters and stable symbol names.
// Every helper is pure; node identity is by kind + range, which is stable for one parse.
import type { SgNode } from '@ast-grep/napi';

export const FUNCTION_KINDS = new Set([
  'function_declaration', 'function_expression', 'arrow_function', 'method_definition',
  'generator_function_declaration', 'generator_function',
]);

export function startLine(node: SgNode): number {
  return node.range().start.line + 1;
}

export function endLine(node: SgNode): number {
  return node.range().end.line + 1;
}

export function enclosingFunction(node: SgNode): SgNode | null {
  for (let p = node.parent(); p; p = p.parent()) if (FUNCTION_KINDS.has(String(p.kind()))) return p;
  return null;
}

/** The function chain from innermost outwards. */
export function enclosingFunctions(node: SgNode): SgNode[] {
  // One call for the whole chain: tree-sitter finds a node's parent by walking down from the root, so a parent()
  // per level costs the depth squared (1.6x the time on a 19,000-line file).
  return node.ancestors().filter((p) => FUNCTION_KINDS.has(String(p.kind())));
}

function firstStringArg(call: SgNode): string {
  const arg = call.field('arguments')?.namedChildren()[0];
  return arg && (arg.kind() === 'string' || arg.kind() === 'template_string') ? arg.text().slice(0, 60) : '';
}

/** A readable, line-independent name for a function: declared name, assigned name, or the call it is passed to. */
export function functionName(fn: SgNode): string {
  const named = fn.field('name');
  if (named) return named.text();
  const parent = fn.parent();
  if (!parent) return '<anonymous>';
  const pk = parent.kind();
  if (pk === 'variable_declarator') return parent.field('name')?.text() ?? '<anonymous>';
  if (pk === 'assignment_expression') return parent.field('left')?.text() ?? '<anonymous>';
  if (pk === 'pair') return parent.field('key')?.text() ?? '<anonymous>';
  if (pk === 'arguments') {
    const call = parent.parent();
    const callee = call?.field('function')?.text() ?? 'call';
    return `${callee.slice(0, 60)}(${call ? firstStringArg(call) : ''}) callback`;
  }
  return '<anonymous>';
}

export function symbolOf(node: SgNode): string {
  const names = enclosingFunctions(node).slice(0, 3).map(functionName).reverse();
  return names.length > 0 ? names.join(' > ') : '<module>';
}

export interface Param { name: string; index: number; node: SgNode }

/** Identifier names bound by a parameter or declaration pattern (destructuring included). */
export function boundNames(pattern: SgNode): string[] {
  const k = pattern.kind();
  if (k === 'identifier' || k === 'shorthand_property_identifier_pattern') return [pattern.text()];
  if (k === 'required_parameter' || k === 'optional_parameter') {
    const p = pattern.field('pattern');
    return p ? boundNames(p) : [];
  }
  if (k === 'assignment_pattern') {
    const left = pattern.field('left');
    return left ? boundNames(left) : [];
  }
  if (k === 'pair_pattern') {
    const v = pattern.field('value');
    return v ? boundNames(v) : [];
  }
  if (k === 'object_pattern' || k === 'array_pattern' || k === 'rest_pattern') return pattern.namedChildren().flatMap(boundNames);
  return [];
}

export function paramsOf(fn: SgNode): Param[] {
  const single = fn.field('parameter');
  if (single) return [{ name: single.text(), index: 0, node: single }];
  const list = fn.field('parameters');
  if (!list) return [];
  return list
    .namedChildren()
    .filter((c) => c.kind() !== 'comment')
    .flatMap((node, index) => boundNames(node).map((name) => ({ name, index, node })));
}

/** Text of whole lines [from, to] (1-based, inclusive). */
export function lineText(lines: readonly string[], from: number, to: number): string {
  return lines.slice(from - 1, to).join('\n');
}

/** Call arguments, comments excluded. */
export function argsOf(call: SgNode): SgNode[] {
  return (call.field('arguments')?.namedChildren() ?? []).filter((c) => c.kind() !== 'comment');
}

export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
