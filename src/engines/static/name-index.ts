// Per-file indexes by name: the calls of each callee name (several readings of one walk of the file's calls, kept per
// tree) and the first definition of each name (one walk). They answer what a search per name (`find`/`findAll` with a
// `^name$` regex) answered, in the same document order, without visiting every node once per name (a large file asks
// about hundreds).
import type { SgNode } from '@ast-grep/napi';
import { TreeMap } from './tree-memo.ts';

/** A call or `new` of the file: the node, its callee (a call's `function`, a `new`'s `constructor`) and the callee's
 *  text, and the callee's kind once a reading asked for it. */
interface FileCall {
  node: SgNode;
  callee: SgNode;
  text: string;
  isNew: boolean;
  calleeKind?: string;
}

const CALLS_AND_NEWS = { rule: { any: [{ kind: 'call_expression' }, { kind: 'new_expression' }] } };
const FILE_CALLS = new TreeMap<FileCall[]>();

/** Per tree, what `make` reads of the root node (the tree's `program`); a subtree is read afresh every time. */
function perTree<T>(memo: TreeMap<T>, root: SgNode, make: () => T): T {
  if (root.kind() !== 'program') return make();
  const tree = root.getRoot();
  let value = memo.get(tree);
  if (value === undefined) memo.set(tree, (value = make()));
  return value;
}

/**
 * The file's calls and `new` expressions in document order, found in one walk per tree: the three readings below
 * (taint's callers by callee text, prototype pollution's callers of a declared function and calls by called name)
 * each walked every call of the file once, and asked each callee again.
 */
function fileCalls(root: SgNode): FileCall[] {
  return perTree(FILE_CALLS, root, () => {
    const out: FileCall[] = [];
    for (const node of root.findAll(CALLS_AND_NEWS)) {
      // A call has a `function` field and no `constructor`; a `new` the reverse: no need to ask the node its kind.
      const fn = node.field('function');
      const callee = fn ?? node.field('constructor');
      if (callee) out.push({ node, callee, text: callee.text(), isNew: fn === null });
    }
    return out;
  });
}

const calleeKind = (c: FileCall): string => (c.calleeKind ??= String(c.callee.kind()));

function push<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const BY_CALLEE = new TreeMap<Map<string, SgNode[]>>();

/** Calls and `new` expressions by callee text, a leading `this.` dropped: what `^(this\.)?name$` matched. */
export function callsByCallee(root: SgNode): Map<string, SgNode[]> {
  return perTree(BY_CALLEE, root, () => {
    const out = new Map<string, SgNode[]>();
    for (const { node, text } of fileCalls(root)) push(out, text.startsWith('this.') ? text.slice(5) : text, node);
    return out;
  });
}

const BY_IDENTIFIER = new TreeMap<Map<string, SgNode[]>>();

/** Calls (no `new`) of a bare identifier by its name: what `call_expression` with an `identifier` function found. */
export function callsByIdentifier(root: SgNode): Map<string, SgNode[]> {
  return perTree(BY_IDENTIFIER, root, () => {
    const out = new Map<string, SgNode[]>();
    for (const c of fileCalls(root)) if (!c.isNew && calleeKind(c) === 'identifier') push(out, c.text, c.node);
    return out;
  });
}

/** The calls (no `new`) whose callee's text `test` accepts, in document order: what a search of call expressions with
 *  a `regex` on the `function` field found, for a regular expression JavaScript reads as ast-grep does. */
export function callsWithCallee(root: SgNode, test: RegExp): SgNode[] {
  return fileCalls(root).filter((c) => !c.isNew && test.test(c.text)).map((c) => c.node);
}

/** callsWithCallee's answer when the tree's calls are indexed already (another reader asked for them), else undefined:
 *  for a search ast-grep makes more cheaply than an index built for it alone, and that may ride on one built anyway. */
export function indexedCallsWithCallee(root: SgNode, test: RegExp): SgNode[] | undefined {
  return root.kind() === 'program' && FILE_CALLS.get(root.getRoot()) !== undefined ? callsWithCallee(root, test) : undefined;
}

/** A call by the name it calls: `name(…)` bare, or `x.name(…)` / `this.name(…)` through a member (the property's name). */
export interface NamedCall {
  call: SgNode;
  member: boolean;
}

const BY_CALLED_NAME = new TreeMap<Map<string, NamedCall[]>>();

/** Calls (no `new`) by the name they call, in document order: what a walk of every call comparing each callee's
 *  name (a bare identifier's, a member's property) found, for every name at once. */
export function callsByCalledName(root: SgNode): Map<string, NamedCall[]> {
  return perTree(BY_CALLED_NAME, root, () => {
    const out = new Map<string, NamedCall[]>();
    for (const c of fileCalls(root)) {
      if (c.isNew) continue;
      const kind = calleeKind(c);
      const member = kind === 'member_expression';
      const name = kind === 'identifier' ? c.text : member ? c.callee.field('property')?.text() : undefined;
      if (name !== undefined) push(out, name, { call: c.node, member });
    }
    return out;
  });
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

// Of the assignments only those defining on a prototype (`.prototype.` in the left side, or `X.prototype = …`) define a
// name: ast-grep leaves the others out instead of handing each over to be read and dropped (a bundle has thousands).
const PROTOTYPE_ASSIGNMENT = { kind: 'assignment_expression', has: { field: 'left' as const, regex: String.raw`\.prototype(?:\.|$)` } };
const DEFINING = { rule: { any: [{ kind: 'function_declaration' }, { kind: 'variable_declarator' }, PROTOTYPE_ASSIGNMENT, { kind: 'method_definition' }] } };
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
