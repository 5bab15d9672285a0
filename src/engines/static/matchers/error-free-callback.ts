// Callbacks whose error argument is provably always null: the function a callback is handed to is declared in this
// file and calls it back only as `cb(null, …)` (or `cb()`), directly or through a local helper's parameter whose every
// caller in the file hands in such a function (`map(items, encodeOne, done)` with `encodeOne` calling
// `doneCallback(null, …)`). Ignoring an error that cannot occur swallows nothing. Pure: reads one file's tree.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, enclosingFunction, escapeRe, paramsOf } from '../ast.ts';

const NO_ERROR = /^(null|undefined|void 0)$/;

/** The one function declared in the file under `name` (a declaration or `const name = function/arrow`). */
function localFunction(root: SgNode, name: string): SgNode | undefined {
  const re = `^${escapeRe(name)}$`;
  const declared = root.findAll({ rule: { kind: 'function_declaration', has: { field: 'name', regex: re } } });
  const bound = root
    .findAll({ rule: { kind: 'variable_declarator', has: { field: 'name', regex: re } } })
    .map((d) => d.field('value'))
    .filter((v): v is SgNode => v !== null && (v.kind() === 'function_expression' || v.kind() === 'arrow_function'));
  const all = [...declared, ...bound];
  return all.length === 1 ? all[0] : undefined;
}

/** Every use of `fn`'s parameter at `index` calls it with no error first; false when it is used any other way. */
function callsBackWithoutError(fn: SgNode, index: number): boolean {
  const param = paramsOf(fn).find((p) => p.index === index && p.node.kind() === 'identifier');
  const body = fn.field('body');
  if (!param || !body) return false;
  const uses = body.findAll({ rule: { kind: 'identifier', regex: `^${escapeRe(param.name)}$` } });
  return uses.length > 0 && uses.every((u) => {
    const call = u.parent();
    if (call?.kind() !== 'call_expression' || call.field('function')?.id() !== u.id()) return false;
    const first = argsOf(call)[0];
    return !first || NO_ERROR.test(first.text());
  });
}

/** The function an argument names: inline, or a local function by name. */
function handedFunction(root: SgNode, arg: SgNode | undefined): SgNode | undefined {
  if (!arg) return undefined;
  if (arg.kind() === 'function_expression' || arg.kind() === 'arrow_function') return arg;
  return arg.kind() === 'identifier' ? localFunction(root, arg.text()) : undefined;
}

/** Every call of the named, file-private helper hands in, at `paramIndex`, a function that calls back with no error. */
function everyCallerHandsErrorFree(root: SgNode, helper: SgNode, paramIndex: number, cbIndex: number): boolean {
  const name = helper.field('name')?.text();
  if (!name || helper.kind() !== 'function_declaration' || helper.parent()?.kind() === 'export_statement') return false;
  const mentions = root.findAll({ rule: { kind: 'identifier', regex: `^${escapeRe(name)}$` } }).filter((m) => m.id() !== helper.field('name')?.id());
  if (mentions.length === 0) return false;
  return mentions.every((m) => {
    const call = m.parent();
    if (call?.kind() !== 'call_expression' || call.field('function')?.id() !== m.id()) return false;
    const fn = handedFunction(root, argsOf(call)[paramIndex]);
    return fn !== undefined && callsBackWithoutError(fn, cbIndex);
  });
}

/** True when `callback`, an argument of `call`, is provably never called with an error. */
export function errorFreeCallback(root: SgNode, call: SgNode, callback: SgNode): boolean {
  const callee = call.field('function');
  if (callee?.kind() !== 'identifier') return false;
  const cbIndex = argsOf(call).findIndex((a) => a.id() === callback.id());
  if (cbIndex < 0) return false;
  // The callee is a parameter of the enclosing function: look at what that function's callers hand in.
  const outer = enclosingFunction(call);
  const param = outer ? paramsOf(outer).find((p) => p.name === callee.text() && p.node.kind() === 'identifier') : undefined;
  if (outer && param) return everyCallerHandsErrorFree(root, outer, param.index, cbIndex);
  const local = localFunction(root, callee.text());
  return local !== undefined && callsBackWithoutError(local, cbIndex);
}
