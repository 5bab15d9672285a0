// Prototype pollution, a private helper's write judged by its callers: a function the file declares and never exports
// or hands on is run only by the calls in the file. A write that runs only under a flag parameter
// (`if (create && t[k] == null) t[k] = {}`) is reached only by the calls passing that flag; when every such call sits in
// a function that rejects the dangerous keys (a setter checking `__proto__` and `constructor`; a prototype-free object
// of its own covers nothing the helper writes into), or no call
// passes the flag, no input reaches the write with such a key. A call from an unguarded function keeps the finding.
import type { SgNode } from '@ast-grep/napi';
import { FUNCTION_KINDS, argsOf } from '../../ast.ts';
import { keyGuardIn } from './guard.ts';
import { nearestAncestor, privateCalls } from './scope.ts';

const isFunction = (n: SgNode): boolean => FUNCTION_KINDS.has(String(n.kind()));
const FALSY = /^(?:false|null|undefined|void 0|0|''|""|!1)$/;

/** The parameters of fn the write needs truthy: `if (flag && …)` (or `if (flag)`) around it, inside fn. */
function flagsOf(fn: SgNode, write: SgNode, params: readonly string[]): number[] {
  const flags = new Set<number>();
  for (let child = write, p = write.parent(); p && p.id() !== fn.id(); child = p, p = p.parent()) {
    if (p.kind() !== 'if_statement' || p.field('consequence')?.id() !== child.id()) continue;
    // The condition's conjuncts: `a && b && c`.
    const conjuncts: SgNode[] = [];
    const stack = [p.field('condition')].filter((c): c is SgNode => c !== null);
    while (stack.length > 0) {
      let c = stack.pop() as SgNode;
      while (c.kind() === 'parenthesized_expression') c = c.namedChildren()[0] ?? c;
      if (c.kind() === 'binary_expression' && c.field('operator')?.text() === '&&') stack.push(c.field('left') as SgNode, c.field('right') as SgNode);
      else conjuncts.push(c);
    }
    for (const c of conjuncts) {
      const i = c.kind() === 'identifier' ? params.indexOf(c.text()) : -1;
      if (i >= 0) flags.add(i);
    }
  }
  return [...flags];
}

/** fn is a private function whose every call that can reach `write` sits in a function that guards the keys. */
export function callersGuard(fn: SgNode, write: SgNode): boolean {
  const calls = privateCalls(fn);
  if (!calls) return false;
  const params = (fn.field('parameters')?.namedChildren() ?? []).map((p) => (p.kind() === 'identifier' ? p.text() : ''));
  const flags = flagsOf(fn, write, params);
  const r = fn.range();
  return calls.every((call) => {
    const args = argsOf(call);
    // A call leaving a flag out (or passing a falsy constant) never runs the write.
    if (flags.some((i) => i >= args.length || FALSY.test((args[i] as SgNode).text().trim()))) return true;
    if (call.range().start.index >= r.start.index && call.range().end.index <= r.end.index) return false;
    const caller = nearestAncestor(call, isFunction);
    return caller !== undefined && keyGuardIn(caller);
  });
}
