// Calls that reach the functions of a dispatch table (`const finders = { darwin(cond) {…}, linux(cond) {…} }`):
// `finders[platform](cond)`, or a name bound to an entry and then called (`let find = finders[platform]; find(cond)`).
// Every entry may be the one called, so each receives those arguments. Never a guess about which key is chosen.
import type { SgNode } from '@ast-grep/napi';
import { escapeRe, memoOnNode } from './ast.ts';

/** The calls of `holder[key](…)` in the tree, and of every plain name bound to `holder[key]`. */
export function dispatchedCalls(root: SgNode, holder: string, callsNamed: (name: string) => SgNode[]): SgNode[] {
  return memoOnNode(root, `dispatched ${holder}`, () => {
    const entry = { kind: 'subscript_expression', has: { field: 'object', regex: `^${escapeRe(holder)}$` } };
    const direct = root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', ...entry } } });
    const bound = root.findAll({
      rule: {
        any: [
          { kind: 'variable_declarator', has: { field: 'value', ...entry } },
          { kind: 'assignment_expression', has: { field: 'right', ...entry } },
        ],
      },
    });
    const names = new Set(bound.map((b) => b.field(b.kind() === 'variable_declarator' ? 'name' : 'left')).filter((n) => n?.kind() === 'identifier').map((n) => n?.text() ?? ''));
    return [...direct, ...[...names].flatMap((name) => callsNamed(name))];
  }).slice();
}
