// Prototype pollution, a parameter named for a number (`rowNumber`, `colIndex`) that every call in the file fills with
// a key the library chose — a counting loop's variable, a number: a grid `sheets[name][row][col] = cell` walks below a
// sheet named `__proto__` only by numbered entries, never by a name an attacker picks (keys.ts). A method of an exported
// class can be called from outside too, so the name must say number as well as every call in the file — unless only the
// file calls the function: a method whose name says private (`Codec.prototype._setSequence`, `#walk`), or a function
// declared and never exported or handed on (`applyGetters(this, ret)`: its keys are those the object itself lists).
import type { SgNode } from '@ast-grep/napi';
import { argsOf, enclosingFunction } from '../../ast.ts';
import { callsByCalledName } from '../../name-index.ts';
import { privateCalls, scopeIndex } from './scope.ts';

const NUMBER_NAME = /^(?:i|j|n|idx|index|row|col|column|line|pos|offset|num|count)$|[a-z](?:Number|Index|Idx|Num|Row|Col|Column|Count|Offset)$/;

/** The name calls in the file use for fn: a declared function's, a method's, a named function expression's. */
function calledName(fn: SgNode): string | undefined {
  const k = fn.kind();
  const own = k === 'function_declaration' || k === 'function_expression' || k === 'method_definition' ? fn.field('name')?.text() : undefined;
  if (own || k === 'function_declaration') return own;
  // `Ctor.prototype._name = function (…) {…}` and `{ _name: function (…) {…} }`: the name it is called by.
  const parent = fn.parent();
  if (parent?.kind() === 'assignment_expression' && parent.field('right')?.id() === fn.id()) return parent.field('left')?.kind() === 'member_expression' ? parent.field('left')?.field('property')?.text() : undefined;
  if (parent?.kind() === 'pair') return parent.field('key')?.text();
  return undefined;
}

/** Only the calls in the file run fn: a method whose name says private (`_name`, `#name`), or a function declared and
 *  never exported or handed on (a declared `_name` may still be exported by name). */
const privateFunction = (fn: SgNode, name: string): boolean => (fn.kind() === 'function_declaration' ? privateCalls(fn) !== null : /^[_#][\w$]/.test(name));

const MEMO = new WeakMap<object, Map<string, boolean>>();

/** Parameter `index` of fn is named for a number (or only the file calls fn) and every call of fn's name in the file (`name(…)`, `this.name(…)`)
 *  passes there an argument `chosen` accepts in the caller's scope. */
export function countedParam(fn: SgNode, index: number, chosen: (arg: SgNode, caller: SgNode) => boolean): boolean {
  const name = calledName(fn);
  const param = scopeIndex(fn).paramsOf(fn)[index]?.node;
  if (!name || param?.kind() !== 'identifier' || !(NUMBER_NAME.test(param.text()) || privateFunction(fn, name))) return false;
  const root = fn.getRoot();
  let memo = MEMO.get(root);
  if (!memo) MEMO.set(root, (memo = new Map()));
  const id = `${fn.id()}:${index}`;
  const hit = memo.get(id);
  if (hit !== undefined) return hit;
  // A call inside fn passing the parameter on asks this question again: no until answered.
  memo.set(id, false);
  // A declared function is called by its name alone: `schemaType.applyGetters(…)` is another object's method.
  const declared = fn.kind() === 'function_declaration';
  // The file's calls by name, found in one walk (name-index.ts): a file asks about many functions.
  const calls = (callsByCalledName(root.root()).get(name) ?? []).filter((c) => !declared || !c.member).map((c) => c.call);
  const result = calls.length > 0 && calls.every((call) => {
    const arg = argsOf(call)[index];
    const caller = enclosingFunction(call);
    return arg !== undefined && caller !== null && chosen(arg, caller);
  });
  memo.set(id, result);
  return result;
}
