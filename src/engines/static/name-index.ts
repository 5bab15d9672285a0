// Per-file indexes by name, each built in one walk of the tree: the calls of each callee name and the first
// definition of each name. They answer what a search per name (`find`/`findAll` with a `^name$` regex) answered,
// in the same document order, without visiting every node once per name (a large file asks about hundreds).
import type { SgNode } from '@ast-grep/napi';

/** Calls and `new` expressions by callee text, a leading `this.` dropped: what `^(this\.)?name$` matched. */
export function callsByCallee(root: SgNode): Map<string, SgNode[]> {
  const out = new Map<string, SgNode[]>();
  for (const node of root.findAll({ rule: { any: [{ kind: 'call_expression' }, { kind: 'new_expression' }] } })) {
    // A call has a `function` field and no `constructor`; a `new` the reverse: no need to ask the node its kind.
    const callee = node.field('function') ?? node.field('constructor');
    if (!callee) continue;
    const text = callee.text();
    const key = text.startsWith('this.') ? text.slice(5) : text;
    const list = out.get(key);
    if (list) list.push(node);
    else out.set(key, [node]);
  }
  return out;
}

/** A call by the name it calls: `name(…)` bare, or `x.name(…)` / `this.name(…)` through a member (the property's name). */
export interface NamedCall {
  call: SgNode;
  member: boolean;
}

/** Calls (no `new`) by the name they call, in document order: what a walk of every call comparing each callee's
 *  name (a bare identifier's, a member's property) found, for every name at once. */
export function callsByCalledName(root: SgNode): Map<string, NamedCall[]> {
  const out = new Map<string, NamedCall[]>();
  for (const call of root.findAll({ rule: { kind: 'call_expression' } })) {
    const callee = call.field('function');
    const kind = callee?.kind();
    const member = kind === 'member_expression';
    const name = kind === 'identifier' ? callee?.text() : member ? callee?.field('property')?.text() : undefined;
    if (name === undefined) continue;
    const list = out.get(name);
    if (list) list.push({ call, member });
    else out.set(name, [{ call, member }]);
  }
  return out;
}

/** The first node of each kind that defines a name, in document order. */
export interface Definitions {
  /** `function name() {}` */
  declarations: Map<string, SgNode>;
  /** `const name = …` (any value; the caller checks it is a function). */
  declarators: Map<string, SgNode>;
  /** `X.prototype.name = …`, by the name after the last `.prototype.` (what `\.prototype\.name$` matched). */
  prototypes: Map<string, SgNode>;
  /** The `name: …` pair of `X.prototype = { name: function … }`. */
  prototypePairs: Map<string, SgNode>;
  /** Class methods. */
  methods: Map<string, SgNode>;
}

const DEFINING = { rule: { any: [{ kind: 'function_declaration' }, { kind: 'variable_declarator' }, { kind: 'assignment_expression' }, { kind: 'method_definition' }] } };
const PROTOTYPE = '.prototype.';

function keepFirst(map: Map<string, SgNode>, key: string | undefined, node: SgNode): void {
  if (key !== undefined && !map.has(key)) map.set(key, node);
}

export function definitionsByName(root: SgNode): Definitions {
  const defs: Definitions = { declarations: new Map(), declarators: new Map(), prototypes: new Map(), prototypePairs: new Map(), methods: new Map() };
  for (const node of root.findAll(DEFINING)) {
    const kind = node.kind();
    if (kind === 'function_declaration') keepFirst(defs.declarations, node.field('name')?.text(), node);
    else if (kind === 'variable_declarator') keepFirst(defs.declarators, node.field('name')?.text(), node);
    else if (kind === 'method_definition') keepFirst(defs.methods, node.field('name')?.text(), node);
    else {
      const left = node.field('left')?.text() ?? '';
      const at = left.lastIndexOf(PROTOTYPE);
      if (at >= 0) keepFirst(defs.prototypes, left.slice(at + PROTOTYPE.length), node);
      // X.prototype = { name: function … }: each pair defines a prototype method (the pair's value is the function).
      const right = left.endsWith('.prototype') ? node.field('right') : null;
      if (right?.kind() === 'object') {
        for (const pair of right.namedChildren()) if (pair.kind() === 'pair') keepFirst(defs.prototypePairs, pair.field('key')?.text(), pair);
      }
    }
  }
  return defs;
}
