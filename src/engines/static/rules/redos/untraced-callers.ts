// Whether a library function's parameter is text some caller hands over along a path the trace does not follow:
// the function (or the object, class or constructor holding it) is used somewhere in the file — handed to a call
// (a callback, a spec object `new Type({ test: function (o) {…} })`), returned, or named again by a holder that is
// read (`InlineLexer.prototype.output = function …` beside `new InlineLexer(…)`), or a named function the file calls.
// A function only hung on an object nobody reads, or never used, is dead code here: left to the export search.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, escapeRe } from '../../ast.ts';
import { isPrivate } from '../../export-wrappers.ts';
import { callsByIdentifier } from '../../name-index.ts';

const MAX_HOPS = 4;

// The file's program node (ast-grep's root of the node's tree).
const rootOf = (node: SgNode): SgNode => node.getRoot().root();

/** The name a function is declared by (`function f`, `const f = function …`), or undefined. */
function declaredName(fn: SgNode): string | undefined {
  if (fn.kind() === 'function_declaration') return fn.field('name')?.text();
  return fn.parent()?.kind() === 'variable_declarator' ? fn.parent()?.field('name')?.text() : undefined;
}

/** The file's calls of a named function by its name. */
const callsOf = (fn: SgNode, name: string): SgNode[] => callsByIdentifier(rootOf(fn)).get(name) ?? [];

/** Whether `name` is read anywhere but where it is declared or where a member of it is assigned (`H.x = …`). */
function readElsewhere(root: SgNode, name: string): boolean {
  return root.findAll({ rule: { kind: 'identifier', regex: `^${escapeRe(name)}$` } }).some((id) => {
    const parent = id.parent();
    if (parent?.kind() === 'variable_declarator' && parent.field('name')?.text() === name) return false;
    if (parent?.kind() === 'class_declaration' || parent?.kind() === 'function_declaration') return false;
    // The head of `H.a.b = …`: a write into H, not a read of it.
    let top: SgNode | null = id;
    while (top?.parent()?.kind() === 'member_expression' && top.parent()?.field('object')?.id() === top.id()) top = top.parent();
    const assignment = top?.parent();
    return !(top !== id && assignment?.kind() === 'assignment_expression' && assignment.field('left')?.id() === top?.id());
  });
}

/** The head name of an assignment's member target (`H` of `H.prototype.m = …`), or null. */
function targetHead(assignment: SgNode): string | null {
  let left = assignment.field('left');
  while (left?.kind() === 'member_expression') left = left.field('object');
  return left?.kind() === 'identifier' ? left.text() : null;
}

/** Whether a value (a function, an object holding one) is used: handed to a call, returned, or held by a name read elsewhere. */
function valueUsed(value: SgNode, hops: number): boolean {
  if (hops > MAX_HOPS) return true;
  let node = value;
  while (node.parent()?.kind() === 'parenthesized_expression') node = node.parent() as SgNode;
  const parent = node.parent();
  if (!parent) return false;
  switch (parent.kind()) {
    case 'pair': {
      // A private key (`_check`) is the library's own business, not its callers'.
      const object = parent.parent();
      return object !== null && !isPrivate(parent.field('key')?.text() ?? '') && valueUsed(object, hops + 1);
    }
    case 'return_statement':
      return resultUsed(enclosingFunction(parent), hops + 1);
    case 'variable_declarator': {
      const name = parent.field('name')?.text() ?? '';
      return readElsewhere(rootOf(parent), name);
    }
    case 'assignment_expression': {
      const head = targetHead(parent);
      if (/\._[\w$]*$/.test(parent.field('left')?.text() ?? '')) return false;
      return head === null || readElsewhere(rootOf(parent), head);
    }
    case 'expression_statement':
      return false;
    default:
      // Handed to a call, returned, an array's element, a ternary's branch: used as a value.
      return true;
  }
}

/** Whether what a function returns is used: some call of it keeps the result (not a bare `f();` statement). */
function resultUsed(fn: SgNode | null, hops: number): boolean {
  if (!fn || hops > MAX_HOPS) return fn !== null;
  const name = declaredName(fn);
  if (!name) return valueUsed(fn, hops);
  return callsOf(fn, name).some((call) => call.parent()?.kind() !== 'expression_statement');
}

export function untracedCallers(fn: SgNode): boolean {
  const name = declaredName(fn);
  if (name) return callsOf(fn, name).length > 0;
  if (fn.kind() === 'method_definition') {
    const cls = fn.parent()?.parent();
    const className = cls?.kind() === 'class_declaration' ? cls.field('name')?.text() : null;
    return cls?.kind() === 'object' ? valueUsed(cls, 1) : className ? readElsewhere(rootOf(fn), className) : true;
  }
  return valueUsed(fn, 0);
}
