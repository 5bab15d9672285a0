// Export shapes written through a call rather than an assignment: `Object.assign(module.exports, { parse })`,
// `Object.defineProperty(exports, 'parse', { get: () => parse })` (compilers write it), and the factory a UMD wrapper
// hands `module.exports` or AMD's `define` (`(function (root, factory) { … })(this, function () { … })`). Also the
// small readers of export statements that exports.ts and the cross-file facts share.
import type { SgNode } from '@ast-grep/napi';
import { escapeRe, paramsOf } from './ast.ts';
import { sameNode } from './callees.ts';
import { callsWithCallee } from './name-index.ts';

/** `module.exports`, `exports`, `exports.name` (the name captured). */
export const EXPORTS_LEFT = /^(?:module\.)?exports(?:\.([\w$]+))?$/;
/** The module's own exports object. */
export const EXPORTS_OBJECT = /^(?:module\.)?exports$/;
/** Names starting with `_` or `#` are not a module's interface. */
export const isPrivate = (name: string) => name.startsWith('_') || name.startsWith('#');
/** The expression inside any parentheses. */
export const unwrapParens = (node: SgNode | null): SgNode | null => (node?.kind() === 'parenthesized_expression' ? unwrapParens(node.namedChildren()[0] ?? null) : node);

/** The local names an object literal holds as values: `{ a, b: c }` gives a and c. */
export function objectNames(obj: SgNode, into: Set<string>): void {
  for (const c of obj.namedChildren()) {
    if (c.kind() === 'shorthand_property_identifier') into.add(c.text());
    else if (c.kind() === 'pair' && c.field('value')?.kind() === 'identifier') into.add(c.field('value')?.text() ?? '');
  }
}

const OBJECT_EXPORT_CALL = /^Object\.(assign|defineProperty)$/;

/** Local names exported by `Object.assign(exports, {…})` and `Object.defineProperty(exports, 'k', { value | get })`. */
export function exportedThroughObjectCalls(root: SgNode, names: Set<string>, publicAliases: Set<string>): void {
  // A whole-tree search costs a walk of the file; most files name neither call.
  if (!/\bObject\.(?:assign|defineProperty)\s*\(\s*(?:module\.)?exports\b/.test(root.text())) return;
  // The file's calls are indexed once per tree (name-index.ts), and the files exporting this way ask for them anyway.
  for (const call of callsWithCallee(root, OBJECT_EXPORT_CALL)) {
    const args = call.field('arguments')?.namedChildren() ?? [];
    if (!EXPORTS_OBJECT.test(args[0]?.text() ?? '')) continue;
    if (call.field('function')?.text() === 'Object.assign') {
      for (const obj of args.slice(1)) if (obj.kind() === 'object') objectNames(obj, names);
      continue;
    }
    const key = args[1]?.kind() === 'string' ? args[1].text().slice(1, -1) : null;
    const local = args[2]?.kind() === 'object' && key !== null ? describedValue(args[2]) : null;
    if (!local) continue;
    names.add(local);
    if (!isPrivate(key ?? '')) publicAliases.add(local);
  }
}

/** The local name a property descriptor hands out: `{ value: parse }` or `{ get: function () { return parse; } }`. */
function describedValue(descriptor: SgNode): string | null {
  for (const c of descriptor.namedChildren()) {
    const key = c.kind() === 'pair' ? c.field('key')?.text() : c.kind() === 'method_definition' ? c.field('name')?.text() : undefined;
    const value = c.kind() === 'pair' ? unwrapParens(c.field('value')) : c;
    if (key === 'value' && value?.kind() === 'identifier') return value.text();
    if (key !== 'get' || !value) continue;
    const body = value.field('body');
    const returned = body?.kind() === 'statement_block' ? /^\{\s*return\s+([\w$]+)\s*;?\s*\}$/.exec(body.text())?.[1] : body?.kind() === 'identifier' ? body.text() : undefined;
    if (returned) return returned;
  }
  return null;
}

/**
 * `fn` is the factory argument of a wrapper called on the spot whose body exports what the factory returns:
 * `module.exports = factory()`, `exports = factory()`, or `define(factory)` / `define([…], factory)`.
 */
export function umdFactory(fn: SgNode): boolean {
  // `factory(this, (function () { … }))`: moment's UMD wraps the factory in parentheses.
  let arg = fn;
  for (let up = fn.parent(); up?.kind() === 'parenthesized_expression'; up = up.parent()) arg = up;
  const args = arg.parent();
  const call = args?.parent();
  if (args?.kind() !== 'arguments' || call?.kind() !== 'call_expression') return false;
  const wrapper = unwrapParens(call.field('function'));
  if (wrapper?.kind() !== 'function_expression' && wrapper?.kind() !== 'arrow_function') return false;
  const index = args.namedChildren().filter((a) => a.kind() !== 'comment').findIndex((a) => sameNode(a, arg));
  const param = paramsOf(wrapper).find((p) => p.index === index);
  if (!param || param.node.kind() !== 'identifier') return false;
  const name = escapeRe(param.name);
  const body = wrapper.field('body')?.text() ?? '';
  return new RegExp(String.raw`(?:^|[^.\w$])(?:module\.)?exports\s*=\s*${name}\s*\(|\bdefine\s*\((?:[^()]*,)?\s*${name}\s*\)`).test(body);
}
