// Prototype pollution, one function's bindings by name from one walk: the declarators, assignments (plain, compound,
// destructuring), updates, for…in/of loops and functions (with their parameters' names) that the key analysis
// (keys.ts) and the write shapes (walk.ts) look a name up in. A search with a name pattern per lookup compiled a regular expression in the parser's matcher and walked
// the function again each time; this walks it once and answers every lookup from maps. Lists keep source order (the
// order those searches returned), and the function list starts with the scope itself, as a search of it did.
import type { SgNode } from '@ast-grep/napi';
import { FUNCTION_KINDS, escapeRe, memoOnNode, nodesOfKindsIn, spansMostOfFile } from '../../ast.ts';
import { callsByIdentifier } from '../../name-index.ts';
import { TreeMap } from '../../tree-memo.ts';

const KINDS = ['variable_declarator', 'assignment_expression', 'augmented_assignment_expression', 'update_expression', 'for_in_statement', ...FUNCTION_KINDS];
const KIND_SET: ReadonlySet<string> = new Set(KINDS);
const KINDS_FIND = { rule: { any: KINDS.map((kind) => ({ kind })) } };

/** Functions longer than this (in characters) are not read as one function: a bundle's or a UMD build's module
 *  wrapper, whose names are the module's own (its tables and constants), not a closure's. */
export const LARGEST_SCOPE = 20_000;

export function beyondScope(fn: SgNode): boolean {
  const r = fn.range();
  return r.end.index - r.start.index > LARGEST_SCOPE;
}

/** A function the module runs as its wrapper: beyond one scope's size, and called where it is written
 *  (`(function () {…})()`, `!function () {…}()`, `(function () {…}).call(this)`) or handed to a call (a UMD factory, an
 *  AMD `define` callback, a bundle's module function). A large factory the library exports or calls by name is not. */
export function moduleWrapper(fn: SgNode): boolean {
  if (!beyondScope(fn)) return false;
  let node = fn;
  let parent = fn.parent();
  while (parent && (parent.kind() === 'parenthesized_expression' || parent.kind() === 'unary_expression')) {
    node = parent;
    parent = parent.parent();
  }
  if (parent?.kind() === 'arguments') return true;
  if (parent?.kind() === 'call_expression') return parent.field('function')?.id() === node.id();
  return parent?.kind() === 'member_expression' && /^(call|apply)$/.test(parent.field('property')?.text() ?? '') && parent.parent()?.kind() === 'call_expression';
}

/** The scope's nodes of KINDS, the scope among them: a scope spanning most of its file (a bundle's wrapper, and the
 *  closure lookup asks every enclosing function) reads them from the file's one index instead of walking again. */
function scopeNodes(scope: SgNode): SgNode[] {
  return spansMostOfFile(scope) ? nodesOfKindsIn(scope, KIND_SET) : scope.findAll(KINDS_FIND);
}
const IDS = { rule: { kind: 'identifier' } };
const PATTERN_IDS = { rule: { any: [{ kind: 'identifier' }, { kind: 'shorthand_property_identifier_pattern' }] } };

/** A function's parameters with the names each binds: every identifier in it, and those a default value does not hold. */
export interface ParamNames { node: SgNode; all: Set<string>; bound: Set<string> }

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const texts = (nodes: SgNode[]): Set<string> => new Set(nodes.map((n) => n.text()));

/** The nearest ancestor of node passing test, walking up one parent at a time (`ancestors()` builds the whole chain to
 *  the root first, deep in a bundle, for an answer usually a few levels up). */
export function nearestAncestor(node: SgNode, test: (a: SgNode) => boolean): SgNode | undefined {
  for (let p = node.parent(); p; p = p.parent()) if (test(p)) return p;
  return undefined;
}

/** The lists of a scope's index a node goes to, by the name it files it under. */
type NameList = 'declarators' | 'destructured' | 'assignments' | 'augmented' | 'patternAssignments' | 'thisProps' | 'updates';
/** What one node of KINDS gives every index holding it: its kind, the names it binds (by list), a declared function's name. */
interface NodeFacts { kind: string; names: [NameList, string][]; declares?: string }

// Per tree, by node: a bundle's wrapper and the functions nested in it index the same nodes, read once.
const FACTS = new TreeMap<Map<number, NodeFacts>>();

function nodeFacts(n: SgNode): NodeFacts {
  let byNode = FACTS.get(n.getRoot());
  if (!byNode) FACTS.set(n.getRoot(), (byNode = new Map()));
  const id = n.id();
  let facts = byNode.get(id);
  if (!facts) byNode.set(id, (facts = readFacts(n)));
  return facts;
}

function readFacts(n: SgNode): NodeFacts {
  const kind = String(n.kind());
  const names: [NameList, string][] = [];
  const facts: NodeFacts = { kind, names };
  if (kind === 'variable_declarator') {
    const name = n.field('name');
    if (!name) return facts;
    names.push(['declarators', name.text()]);
    const nk = name.kind();
    if ((nk === 'object_pattern' || nk === 'array_pattern') && n.field('value')) for (const id of texts(name.findAll(PATTERN_IDS))) names.push(['destructured', id]);
  } else if (kind === 'assignment_expression' || kind === 'augmented_assignment_expression') {
    const left = n.field('left');
    if (left?.kind() === 'identifier') names.push([kind === 'assignment_expression' ? 'assignments' : 'augmented', left.text()]);
    else if (kind === 'assignment_expression' && (left?.kind() === 'object_pattern' || left?.kind() === 'array_pattern')) for (const id of texts(left.findAll(PATTERN_IDS))) names.push(['patternAssignments', id]);
    else if (kind === 'assignment_expression' && left?.kind() === 'member_expression' && left.field('object')?.kind() === 'this') names.push(['thisProps', left.field('property')?.text() ?? '']);
  } else if (kind === 'update_expression') {
    const arg = n.field('argument');
    if (arg?.kind() === 'identifier') names.push(['updates', arg.text()]);
  } else if (kind === 'function_declaration') {
    const name = n.field('name')?.text();
    if (name) facts.declares = name;
  }
  return facts;
}

const PARAMS = new TreeMap<Map<number, ParamNames[]>>();
const NONE: readonly never[] = [];

export class ScopeIndex {
  /** `var name = …` (any declarator, by its name's text). */
  readonly declarators = new Map<string, SgNode[]>();
  /** Declarators destructuring the name: `const { name } = …`, `const [a, name] = …`. */
  readonly destructured = new Map<string, SgNode[]>();
  /** `name = …`. */
  readonly assignments = new Map<string, SgNode[]>();
  /** `this.name = …` (by the property's name). */
  readonly thisProps = new Map<string, SgNode[]>();
  /** `name += …`. */
  readonly augmented = new Map<string, SgNode[]>();
  /** `name++`, `--name`. */
  readonly updates = new Map<string, SgNode[]>();
  /** Destructuring assignments giving the name a value: `[a, name] = …`, `({ name } = …)`. */
  readonly patternAssignments = new Map<string, SgNode[]>();
  readonly loops: SgNode[] = [];
  /** The scope, then every function in it (the scope again first: a search includes the node it starts at). */
  readonly functions: SgNode[];
  /** Names of the function declarations in the scope (the scope's own included). */
  readonly declaredFunctions = new Set<string>();
  private readonly loopNames = new Map<number, { text: string; ids: Set<string> }>();
  private boundParams?: Map<string, { fn: SgNode; index: number }[]>;

  constructor(scope: SgNode) {
    const fns: SgNode[] = [];
    for (const n of scopeNodes(scope)) {
      const facts = nodeFacts(n);
      if (facts.kind === 'for_in_statement') this.loops.push(n);
      else if (FUNCTION_KINDS.has(facts.kind)) {
        fns.push(n);
        if (facts.declares) this.declaredFunctions.add(facts.declares);
      }
      for (const [list, name] of facts.names) push(this[list], name, n);
    }
    this.functions = [scope, ...fns];
  }

  /** The loop's variable part (`const [k, v]` of `for (const [k, v] of …)`) is `name` or holds it. */
  loopDeclares(loop: SgNode, name: string): boolean {
    let names = this.loopNames.get(loop.id());
    if (!names) {
      const left = loop.field('left');
      names = left ? { text: left.text(), ids: texts(left.findAll(IDS)) } : { text: '', ids: new Set() };
      this.loopNames.set(loop.id(), names);
    }
    return names.text === name || names.ids.has(name);
  }

  /** The function's parameters with their names (per tree: the indexes of nested scopes list the same functions). */
  paramsOf(fn: SgNode): ParamNames[] {
    let byFunction = PARAMS.get(fn.getRoot());
    if (!byFunction) PARAMS.set(fn.getRoot(), (byFunction = new Map()));
    let found = byFunction.get(fn.id());
    if (!found) {
      const list = fn.field('parameters')?.namedChildren() ?? (fn.field('parameter') ? [fn.field('parameter') as SgNode] : []);
      found = list.map((p) => {
        if (p.kind() === 'identifier') return { node: p, all: new Set([p.text()]), bound: new Set([p.text()]) };
        const ids = p.findAll(IDS);
        // `(a = b)`: b is the default's value, not a name the parameter binds.
        const bound = ids.filter((id) => id.parent()?.kind() !== 'assignment_pattern' || id.parent()?.field('left')?.id() === id.id());
        return { node: p, all: texts(ids), bound: texts(bound) };
      });
      byFunction.set(fn.id(), found);
    }
    return found;
  }

  /** The parameters binding `name`, as the function and the parameter's position, in the order of `functions`. */
  paramsBinding(name: string): readonly { fn: SgNode; index: number }[] {
    if (!this.boundParams) {
      this.boundParams = new Map();
      for (const fn of this.functions) {
        this.paramsOf(fn).forEach((p, index) => {
          for (const bound of p.bound) push(this.boundParams!, bound, { fn, index });
        });
      }
    }
    return this.boundParams.get(name) ?? NONE;
  }

  /**
   * Every node that gives `name` a value (or a new variable of that name) in the scope: declarators (plain and
   * destructuring), assignments (plain, compound, destructuring), updates, and the variable parts of for…in/of loops.
   */
  rebindings(name: string): SgNode[] {
    const loops = this.loops.filter((l) => this.loopDeclares(l, name)).map((l) => l.field('left') ?? l);
    return [this.declarators, this.destructured, this.assignments, this.augmented, this.updates, this.patternAssignments].flatMap((m) => m.get(name) ?? []).concat(loops);
  }

  /** The values `name` is given in the scope, declarators first: `var name = v`, then `name = v`. */
  valuesOf(name: string, assignmentsFirst = false): SgNode[] {
    const declared = (this.declarators.get(name) ?? []).map((d) => d.field('value'));
    const assigned = (this.assignments.get(name) ?? []).map((a) => a.field('right'));
    return (assignmentsFirst ? [...assigned, ...declared] : [...declared, ...assigned]).filter((v): v is SgNode => v !== null);
  }
}

const INDEXES = new WeakMap<SgNode, ScopeIndex>();

/** The index of a scope node: per node object first (the rule passes each function's node to every lookup), then per
 *  node of the tree (its kind and range, memoOnNode) — the same function reaches the rule as several wrappers (its
 *  writes' owner, a binding's function, a call's caller), and nearly half the indexes were built again for one. */
export function scopeIndex(scope: SgNode): ScopeIndex {
  let index = INDEXES.get(scope);
  if (!index) INDEXES.set(scope, (index = memoOnNode(scope, 'scope index', () => new ScopeIndex(scope))));
  return index;
}

/** What the rule reads of a whole file, kept per parsed file: its text (one copy out of the parser for all), and
 *  answers worked out once per file. */
interface FileFacts { text: string; memo: Map<string, boolean> }
const FILES = new WeakMap<object, FileFacts>();

function factsOf(node: SgNode): FileFacts {
  const file = node.getRoot();
  let facts = FILES.get(file);
  if (!facts) FILES.set(file, (facts = { text: file.root().text(), memo: new Map() }));
  return facts;
}

/** The text of the file holding node. */
export function fileText(node: SgNode): string {
  return factsOf(node).text;
}

/** The calls `name(…)` in the file holding node, in source order (the file's call index, name-index.ts). */
export function callsNamed(node: SgNode, name: string): SgNode[] {
  return callsByIdentifier(node.getRoot().root()).get(name) ?? [];
}

/** A yes-or-no answer about the file holding node, worked out once per key (`compute` must depend on nothing else). */
export function fileMemo(node: SgNode, key: string, compute: () => boolean): boolean {
  const { memo } = factsOf(node);
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const result = compute();
  memo.set(key, result);
  return result;
}

const DECLARED = { functions: new TreeMap<Map<string, SgNode>>(), variables: new TreeMap<Map<string, SgNode>>(), all: new TreeMap<Map<string, SgNode>>() };
const DECLARED_KINDS = { functions: 'function_declaration', variables: 'variable_declarator' };

/**
 * The file's function declarations (`functions`), variable declarators (`variables`), or both (`all`), by name — the
 * first of each name in source order: one walk per file.
 */
export function declarationsOf(fn: SgNode, which: keyof typeof DECLARED): Map<string, SgNode> {
  const file = fn.getRoot();
  const known = DECLARED[which].get(file);
  if (known) return known;
  if (which !== 'all') return rememberDeclarations(fn, which, file.root().findAll({ rule: { kind: DECLARED_KINDS[which] } }));
  // Both kinds: the first of each name in source order is the earlier of the first function and the first variable.
  const all = new Map(declarationsOf(fn, 'functions'));
  for (const [name, v] of declarationsOf(fn, 'variables')) {
    const f = all.get(name);
    if (!f || v.range().start.index < f.range().start.index) all.set(name, v);
  }
  DECLARED.all.set(file, all);
  return all;
}

/** Keeps the file's declarations of one kind, found by a caller's walk (`nodes`: every one of them, in source order). */
export function rememberDeclarations(node: SgNode, which: keyof typeof DECLARED, nodes: readonly SgNode[]): Map<string, SgNode> {
  const decls = new Map<string, SgNode>();
  for (const d of nodes) {
    const name = d.field('name')?.text();
    if (name && !decls.has(name)) decls.set(name, d);
  }
  DECLARED[which].set(node.getRoot(), decls);
  return decls;
}

/**
 * The calls of a function the file declares and never exports or hands on — its name appears only where it is declared
 * and called — with at least one from outside itself; null for any other function.
 */
export function privateCalls(fn: SgNode): SgNode[] | null {
  const name = fn.kind() === 'function_declaration' && fn.parent()?.kind() !== 'export_statement' ? fn.field('name')?.text() : undefined;
  if (!name) return null;
  const calls = callsNamed(fn, name);
  const mentions = fileText(fn).match(new RegExp(`(?<![.\\w$])${escapeRe(name)}(?![\\w$])`, 'g'))?.length ?? 0;
  const r = fn.range();
  const outside = calls.some((c) => c.range().start.index < r.start.index || c.range().end.index > r.end.index);
  return outside && mentions === calls.length + 1 ? calls : null;
}
