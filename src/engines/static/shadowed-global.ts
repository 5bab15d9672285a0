// Whether a name at a node is the global of that name or the file's own binding: a parser combinator exported as
// `Function`, a helper declared `function eval()`, a parameter called `setTimeout` are not the evaluators the
// globals are. A declaration counts wherever it sits in a scope holding the node (a function runs after its module's
// declarations, whichever line they are on).
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, enclosingFunctions, escapeRe, paramsOf } from './ast.ts';

const DECLARED_BY = new Set(['variable_declarator', 'function_declaration', 'generator_function_declaration', 'class_declaration', 'import_specifier', 'import_clause', 'namespace_import']);

/** True when `name` at `node` is a parameter of a function around it, or declared in the file in a scope holding it. */
export function boundInFile(node: SgNode, name: string): boolean {
  if (enclosingFunctions(node).some((fn) => paramsOf(fn).some((p) => p.name === name))) return true;
  const at = node.range().start.index;
  const named = node.getRoot().root().findAll({ rule: { any: [{ kind: 'identifier' }, { kind: 'shorthand_property_identifier_pattern' }], regex: `^${escapeRe(name)}$` } });
  return named.some((id) => {
    const parent = id.parent();
    if (!parent) return false;
    const declares = parent.kind() === 'shorthand_property_identifier_pattern' || id.kind() === 'shorthand_property_identifier_pattern'
      || (DECLARED_BY.has(String(parent.kind())) && (parent.field('name')?.id() === id.id() || parent.field('alias')?.id() === id.id() || parent.kind() === 'import_clause' || parent.kind() === 'namespace_import'));
    if (!declares) return false;
    // A function's name belongs to the scope around it; anything else to its innermost function (or the module).
    const inner = enclosingFunction(parent.kind() === 'function_declaration' || parent.kind() === 'generator_function_declaration' ? parent : id);
    if (!inner) return true;
    const r = inner.range();
    return r.start.index <= at && at < r.end.index;
  });
}
