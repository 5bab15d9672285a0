// Prototype pollution, an outer key that is never `__proto__`: `o[a][b] = v` reaches Object.prototype only through
// `o['__proto__']` — with a = `constructor` the write lands on a function (and `prototype`, its own key there, is not
// writable on Object) — so a two-level chain whose outer key went through another module's screen refusing `__proto__`
// (cross-file/key-screen.ts: mysql2's `fieldEscape`) writes no prototype.
import type { SgNode } from '@ast-grep/napi';
import { importedScreen } from '../../imported.ts';
import { unwrap } from './keys.ts';
import { scopeIndex } from './scope.ts';

function screenCall(node: SgNode | null): boolean {
  const n = node ? unwrap(node) : null;
  const callee = n?.kind() === 'call_expression' ? n.field('function') : null;
  return callee !== null && callee !== undefined && importedScreen(callee);
}

/** The key is a call of an imported screen, or a variable only ever declared with one (never a parameter). */
export function protoScreened(scope: SgNode, key: SgNode): boolean {
  const k = unwrap(key);
  if (k.kind() === 'call_expression') return screenCall(k);
  if (k.kind() !== 'identifier') return false;
  const index = scopeIndex(scope);
  const name = k.text();
  if (index.functions.some((f) => index.paramsOf(f).some((p) => p.bound.has(name)))) return false;
  const bindings = index.rebindings(name);
  return bindings.length > 0 && bindings.every((b) => b.kind() === 'variable_declarator' && screenCall(b.field('value')));
}
