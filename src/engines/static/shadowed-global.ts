// Whether a name at a node is the global of that name or the file's own binding: a parser combinator exported as
// `Function`, a timer handed in as a parameter are not the evaluators the globals are. A declaration counts wherever
// it sits in a scope holding the node (a function runs after its module's declarations, whichever line they are on);
// a type-only import binds no value, and a copy of the global (`const { setTimeout } = window`) is still the global.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, parameterAround } from './ast.ts';
import { TreeMap } from './tree-memo.ts';

/** The names asked about: JavaScript's evaluators. */
export const EVALUATORS: ReadonlySet<string> = new Set(['eval', 'Function', 'setTimeout', 'setInterval', 'setImmediate']);

const DECLARED_BY = new Set(['variable_declarator', 'function_declaration', 'generator_function_declaration', 'class_declaration', 'import_specifier', 'import_clause', 'namespace_import']);
const GLOBAL_OBJECT = /^(?:window|global|globalThis|self)(?:\.[\w$]+)?$/;

/** Per tree, each evaluator name's declarations as the [start, end) of the scope each binds in (-1: the module). */
const SCOPES = new TreeMap<Map<string, Array<[number, number]>>>();

/** Whether the import statement holding `node` is `import type …`, which binds no value. */
function typeOnlyImport(node: SgNode): boolean {
  let statement: SgNode | null = node;
  while (statement && statement.kind() !== 'import_statement') statement = statement.parent();
  return /^import\s+type\s/.test(statement?.text() ?? '');
}

/** True when `node`'s declaration binds a value named as the global of that name is not (see the header). */
function bindsOwnValue(id: SgNode, parent: SgNode): boolean {
  const kind = parent.kind();
  if (kind === 'shorthand_property_identifier_pattern' || id.kind() === 'shorthand_property_identifier_pattern') {
    // `const { setTimeout } = window`: the global under its own name.
    let declarator: SgNode | null = parent;
    while (declarator && declarator.kind() !== 'variable_declarator') declarator = declarator.parent();
    return !GLOBAL_OBJECT.test(declarator?.field('value')?.text() ?? '');
  }
  if (!DECLARED_BY.has(String(kind))) return false;
  if (kind === 'variable_declarator') return parent.field('name')?.id() === id.id() && !GLOBAL_OBJECT.test(parent.field('value')?.text() ?? '');
  if (kind === 'import_specifier') {
    // The local name is the alias when there is one; `import type` and `import { type X }` bind no value.
    const local = parent.field('alias') ?? parent.field('name');
    return local?.id() === id.id() && !/^type\s/.test(parent.text()) && !typeOnlyImport(parent);
  }
  if (kind === 'import_clause' || kind === 'namespace_import') return !typeOnlyImport(parent);
  return parent.field('name')?.id() === id.id();
}

function scopesOf(node: SgNode): Map<string, Array<[number, number]>> {
  const tree = node.getRoot();
  let scopes = SCOPES.get(tree);
  if (scopes) return scopes;
  scopes = new Map();
  const named = tree.root().findAll({ rule: { any: [{ kind: 'identifier' }, { kind: 'shorthand_property_identifier_pattern' }], regex: '^(?:eval|Function|setTimeout|setInterval|setImmediate)$' } });
  for (const id of named) {
    const parent = id.parent();
    if (!parent || !bindsOwnValue(id, parent)) continue;
    // A function's name belongs to the scope around it; anything else to its innermost function (or the module).
    const inner = enclosingFunction(parent.kind() === 'function_declaration' || parent.kind() === 'generator_function_declaration' ? parent : id);
    const r = inner?.range();
    const list = scopes.get(id.text()) ?? [];
    list.push(r ? [r.start.index, r.end.index] : [-1, -1]);
    scopes.set(id.text(), list);
  }
  SCOPES.set(tree, scopes);
  return scopes;
}

/** True when the evaluator `name` at `node` is a parameter of a function around it, or declared in the file in a
 *  scope holding it: the file's own value, not the global. */
export function boundInFile(node: SgNode, name: string): boolean {
  if (!EVALUATORS.has(name)) return false;
  if (parameterAround(node, name)) return true;
  const at = node.range().start.index;
  return (scopesOf(node).get(name) ?? []).some(([start, end]) => start < 0 || (start <= at && at < end));
}
