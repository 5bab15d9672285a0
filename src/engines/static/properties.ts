// One level of an object's properties, for taint: the values `obj.prop` can hold when `obj` is a local
// object literal (`const opts = { cmd: … }`) or `obj.prop = …` is assigned before the read in the same function.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, escapeRe } from './ast.ts';

/** The value nodes `obj.prop` may hold at `read`, or null when they cannot be told from the file (use the whole object). */
export function propertyValues(object: SgNode, prop: string, read: SgNode, literal: SgNode | null): SgNode[] | null {
  const assigned = assignmentsBefore(object.text(), prop, read);
  if (literal?.kind() === 'object') {
    // In source order, a later key or spread overrides an earlier one: the value is the last pair naming the key,
    // or any spread after it (`{ ...DEFAULTS, ...options }` holds the caller's key; `{ ...options, key: 'x' }` does not).
    let own: SgNode[] = [];
    for (const c of literal.namedChildren()) {
      if (c.kind() === 'spread_element') own.push(c);
      else if (c.kind() === 'shorthand_property_identifier' && c.text() === prop) own = [c];
      else if (c.kind() === 'pair' && pairName(c) === prop && c.field('value')) own = [c.field('value') as SgNode];
    }
    // A key the literal lacks and nothing assigns may still be set another way (Object.assign): use the whole object.
    return own.length + assigned.length > 0 ? [...own, ...assigned] : null;
  }
  return assigned.length > 0 ? assigned : null;
}

function pairName(pair: SgNode): string | undefined {
  const key = pair.field('key');
  return key?.kind() === 'string' ? key.text().slice(1, -1) : key?.text();
}

// `obj.prop = value` in the function that reads it (or the module), before the read.
function assignmentsBefore(name: string, prop: string, read: SgNode): SgNode[] {
  // Before the read in the text, not only on an earlier line (`c._i = input; return helper(c);` on one line).
  const at = read.range().start.index;
  return assignedIn(enclosingFunction(read) ?? read.getRoot().root(), `${name}.${prop}`, (a) => a.range().end.index <= at).slice(-4);
}

/** The right-hand sides of `<target> = value` under `scope`, in source order, for the assignments `keep` accepts. */
export function assignedIn(scope: SgNode, target: string, keep: (assignment: SgNode) => boolean = () => true): SgNode[] {
  return scope
    .findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', regex: `^${escapeRe(target)}$` } } })
    .filter(keep)
    .map((a) => a.field('right'))
    .filter((v): v is SgNode => v !== null && v !== undefined);
}
