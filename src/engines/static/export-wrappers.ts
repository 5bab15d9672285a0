// Export shapes written through a call rather than an assignment: `Object.assign(module.exports, { parse })`,
// `Object.defineProperty(exports, 'parse', { get: () => parse })` (compilers write it), and the factory a UMD wrapper
// hands `module.exports` or AMD's `define` (`(function (root, factory) { … })(this, function () { … })`).
import type { SgNode } from '@ast-grep/napi';
import { escapeRe, paramsOf } from './ast.ts';
import { sameNode } from './callees.ts';

const EXPORTS_OBJECT = /^(?:module\.)?exports$/;
const unwrap = (node: SgNode | null): SgNode | null => (node?.kind() === 'parenthesized_expression' ? unwrap(node.namedChildren()[0] ?? null) : node);
const privateKey = (key: string) => key.startsWith('_') || key.startsWith('#');

/** Local names exported by `Object.assign(exports, {…})` and `Object.defineProperty(exports, 'k', { value | get })`. */
export function exportedThroughObjectCalls(root: SgNode, names: Set<string>, publicAliases: Set<string>): void {
  // A whole-tree search costs a walk of the file; most files name neither call.
  if (!/\bObject\.(?:assign|defineProperty)\s*\(\s*(?:module\.)?exports\b/.test(root.text())) return;
  for (const call of root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: '^Object\\.(assign|defineProperty)$' } } })) {
    const args = call.field('arguments')?.namedChildren() ?? [];
    if (!EXPORTS_OBJECT.test(args[0]?.text() ?? '')) continue;
    if (call.field('function')?.text() === 'Object.assign') {
      for (const obj of args.slice(1)) if (obj.kind() === 'object') for (const name of heldByObject(obj)) names.add(name);
      continue;
    }
    const key = args[1]?.kind() === 'string' ? args[1].text().slice(1, -1) : null;
    const local = args[2]?.kind() === 'object' && key !== null ? describedValue(args[2]) : null;
    if (!local) continue;
    names.add(local);
    if (!privateKey(key ?? '')) publicAliases.add(local);
  }
}

function heldByObject(obj: SgNode): string[] {
  return obj.namedChildren().flatMap((c) => {
    if (c.kind() === 'shorthand_property_identifier') return [c.text()];
    const value = c.kind() === 'pair' ? c.field('value') : null;
    return value?.kind() === 'identifier' ? [value.text()] : [];
  });
}

/** The local name a property descriptor hands out: `{ value: parse }` or `{ get: function () { return parse; } }`. */
function describedValue(descriptor: SgNode): string | null {
  for (const c of descriptor.namedChildren()) {
    const key = c.kind() === 'pair' ? c.field('key')?.text() : c.kind() === 'method_definition' ? c.field('name')?.text() : undefined;
    const value = c.kind() === 'pair' ? unwrap(c.field('value')) : c;
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
  const args = fn.parent();
  const call = args?.parent();
  if (args?.kind() !== 'arguments' || call?.kind() !== 'call_expression') return false;
  const wrapper = unwrap(call.field('function'));
  if (wrapper?.kind() !== 'function_expression' && wrapper?.kind() !== 'arrow_function') return false;
  const index = args.namedChildren().filter((a) => a.kind() !== 'comment').findIndex((a) => sameNode(a, fn));
  const param = paramsOf(wrapper).find((p) => p.index === index);
  if (!param || param.node.kind() !== 'identifier') return false;
  const name = escapeRe(param.name);
  const body = wrapper.field('body')?.text() ?? '';
  return new RegExp(String.raw`(?:^|[^.\w$])(?:module\.)?exports\s*=\s*${name}\s*\(|\bdefine\s*\((?:[^()]*,)?\s*${name}\s*\)`).test(body);
}
