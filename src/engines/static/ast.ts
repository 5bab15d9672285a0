// Small helpers over ast-grep nodes: lines, enclosing functions, parameters and stable symbol names.
// Every helper is pure; node identity is by kind + range, which is stable for one parse.
import type { SgNode } from '@ast-grep/napi';
import { compareText } from '../../foundations/text/compare.ts';
import { findAllOf, type FindRule } from './shared-find.ts';
import { TreeMap } from './tree-memo.ts';

export const FUNCTION_KINDS = new Set([
  'function_declaration', 'function_expression', 'arrow_function', 'method_definition',
  'generator_function_declaration', 'generator_function',
]);

/** The search for every function of a tree (FUNCTION_KINDS): the engine prefetches it where it shares a walk
 *  (shared-find.ts), and the function index takes it from there instead of walking the tree once more. */
export const FUNCTION_FIND: FindRule = { any: [...FUNCTION_KINDS].map((kind) => ({ kind })) };

export function startLine(node: SgNode): number {
  return node.range().start.line + 1;
}

export function endLine(node: SgNode): number {
  return node.range().end.line + 1;
}

/** A tree's nodes of some kinds in source order (outer before inner), with each one's innermost enclosing such node. */
interface KindIndex { nodes: SgNode[]; starts: number[]; ends: number[]; parents: number[]; startLines: number[]; endLines: number[] }

// Asking a node for its parent makes tree-sitter walk down from the root, so finding a node's function by climbing cost
// the depth times the distance, for each of the tens of thousands of questions the rules ask on a file. One walk of
// the tree lists its functions instead, and a question becomes a binary search by position (ranges nest). Kept per
// tree and kind set (tree-memo.ts: a tree's indexes go when the tree does). Keyed by the sorted kinds, not the Set's identity:
// callers passing equal sets of kinds (each its own Set) share one index and one walk.
const kindIndexes = new TreeMap<Map<string, KindIndex>>();
const kindKeys = new WeakMap<ReadonlySet<string>, string>();

/** The cache key of a set of kinds: its members sorted (remembered per Set, so a caller's one Set is sorted once). */
function kindsKey(kinds: ReadonlySet<string>): string {
  let key = kindKeys.get(kinds);
  if (key === undefined) kindKeys.set(kinds, (key = [...kinds].sort(compareText).join('\0')));
  return key;
}

/** The nodes with their ranges (offsets and 1-based lines), in source order, and each one's innermost enclosing node
 *  among them. */
function nested(nodes: SgNode[], starts: number[], ends: number[], startLines: number[], endLines: number[]): KindIndex {
  const index: KindIndex = { nodes, starts, ends, parents: [], startLines, endLines };
  const open: number[] = [];
  for (let i = 0; i < nodes.length; i++) {
    while (open.length > 0 && ends[open.at(-1)!]! <= starts[i]!) open.pop();
    index.parents.push(open.at(-1) ?? -1);
    open.push(i);
  }
  return index;
}

/** An index already built on the tree for more kinds (every one of `kinds` among them), or undefined. */
function supersetIndex(byKinds: Map<string, KindIndex>, kinds: ReadonlySet<string>): KindIndex | undefined {
  for (const [key, index] of byKinds) {
    const built = key.split('\0');
    if (built.length > kinds.size && [...kinds].every((k) => built.includes(k))) return index;
  }
  return undefined;
}

function kindIndex(node: SgNode, kinds: ReadonlySet<string>): KindIndex {
  const tree = node.getRoot();
  let byKinds = kindIndexes.get(tree);
  if (!byKinds) kindIndexes.set(tree, (byKinds = new Map()));
  const key = kindsKey(kinds);
  let index = byKinds.get(key);
  if (index) return index;
  // A tree search for some kinds finds, in source order, exactly the nodes a search for more kinds finds that have one
  // of them: an index of more kinds on the same tree (function kinds with and without generator expressions) is
  // filtered by kind instead of walking the tree, and copying out every node's range, again.
  const wider = supersetIndex(byKinds, kinds);
  if (wider) {
    const keep = wider.nodes.flatMap((n, i) => (kinds.has(String(n.kind())) ? [i] : []));
    index = nested(keep.map((i) => wider.nodes[i]!), keep.map((i) => wider.starts[i]!), keep.map((i) => wider.ends[i]!), keep.map((i) => wider.startLines[i]!), keep.map((i) => wider.endLines[i]!));
  } else {
    const nodes = key === kindsKey(FUNCTION_KINDS) ? findAllOf(tree.root(), FUNCTION_FIND) : tree.root().findAll({ rule: { any: [...kinds].map((kind) => ({ kind })) } });
    const starts: number[] = [];
    const ends: number[] = [];
    const startLines: number[] = [];
    const endLines: number[] = [];
    for (const fn of nodes) {
      const { start, end } = fn.range();
      starts.push(start.index);
      ends.push(end.index);
      startLines.push(start.line + 1);
      endLines.push(end.line + 1);
    }
    index = nested(nodes, starts, ends, startLines, endLines);
  }
  byKinds.set(key, index);
  return index;
}

/** Index (in a kind index) of the innermost node strictly enclosing [start, end), or -1. */
function innermostEnclosing(index: KindIndex, start: number, end: number): number {
  let lo = 0;
  let hi = index.starts.length - 1;
  let last = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (index.starts[mid]! <= start) { last = mid; lo = mid + 1; } else hi = mid - 1;
  }
  // A node of the kinds with the asked node's own range is that node, or lies inside it (the asked node is a
  // statement around it): never an enclosing one.
  for (let i = last; i >= 0; i = index.parents[i]!) {
    if (index.ends[i]! >= end && !(index.starts[i] === start && index.ends[i] === end)) return i;
  }
  return -1;
}

/** The innermost ancestor of `node` whose kind is in `kinds` (indexes are kept per tree and set of kinds; the Set should
 * not change once passed). */
export function enclosingOfKind(node: SgNode, kinds: ReadonlySet<string>): SgNode | null {
  const { start, end } = node.range();
  // An empty node (a parser-inserted token) can sit just past a function's end and still be outside it: climb.
  if (start.index === end.index) {
    for (let p = node.parent(); p; p = p.parent()) if (kinds.has(String(p.kind()))) return p;
    return null;
  }
  const index = kindIndex(node, kinds);
  const i = innermostEnclosing(index, start.index, end.index);
  return i < 0 ? null : index.nodes[i]!;
}

/** Every function of `node`'s tree (FUNCTION_KINDS) in source order, with the start and end index and line (startLine,
 *  endLine) of each: the index enclosingFunction searches, built once per tree. */
export function functionIndex(node: SgNode): { readonly nodes: readonly SgNode[]; readonly starts: readonly number[]; readonly ends: readonly number[]; readonly startLines: readonly number[]; readonly endLines: readonly number[] } {
  return kindIndex(node, FUNCTION_KINDS);
}

export function enclosingFunction(node: SgNode): SgNode | null {
  return enclosingOfKind(node, FUNCTION_KINDS);
}

const nodeMemos = new TreeMap<Map<string, unknown>>();

/** `make()`, computed once per tree, question and node (a node is its kind and range; ast-grep hands out fresh
 * wrappers): for per-node analyses several rules, or one rule many times, ask of the same node. */
export function memoOnNode<T>(node: SgNode, question: string, make: () => T): T {
  const tree = node.getRoot();
  let memo = nodeMemos.get(tree);
  if (!memo) nodeMemos.set(tree, (memo = new Map()));
  const { start, end } = node.range();
  const key = `${question}\0${node.kind()}\0${start.index}\0${end.index}`;
  if (memo.has(key)) return memo.get(key) as T;
  const value = make();
  memo.set(key, value);
  return value;
}

/** Whether a node spans a quarter of its file or more (a bundle's wrapper, a module's IIFE): a search of its own walks
 *  nearly the whole tree again, where the tree's kind indexes answer by position (nodesOfKindsIn, ownedNodesIn). */
export function spansMostOfFile(node: SgNode): boolean {
  const tree = node.getRoot();
  let size = fileEnds.get(tree);
  // The root's range is worked out once per tree: asking it again on a bundle costs more than the walk it saves.
  if (size === undefined) fileEnds.set(tree, (size = tree.root().range().end.index));
  const { start, end } = node.range();
  return (end.index - start.index) * 4 >= size;
}

const fileEnds = new TreeMap<number>();

/** The position in an index of its first node starting at or after `offset` (nodes are in source order). */
function firstStartingFrom(index: KindIndex, offset: number): number {
  let lo = 0;
  let hi = index.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (index.starts[mid]! < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** What `scope.findAll` of the kinds returns (the same nodes in the same order), read from the tree's one index of
 *  them: for a scope spanning most of its file (a bundle's wrapper), where a search of its own walks nearly the whole
 *  tree again. `kinds` should be a module constant (indexes are kept per tree and set of kinds). */
export function nodesOfKindsIn(scope: SgNode, kinds: ReadonlySet<string>): SgNode[] {
  const { start, end } = scope.range();
  const index = kindIndex(scope, kinds);
  const lo = firstStartingFrom(index, start.index);
  const out: SgNode[] = [];
  // Nodes starting inside the scope are in it when they end inside it too (an enclosing node may start where it does).
  for (let i = lo; i < index.starts.length && index.starts[i]! < end.index; i++) if (index.ends[i]! <= end.index) out.push(index.nodes[i]!);
  return out;
}

/** The nodes of `kinds` in `scope` whose innermost enclosing node of `ownerKinds` (enclosingOfKind) is `scope` itself, in
 *  source order: what `scope.findAll` of the kinds kept when the node's owner is scope answers, read from the tree's two
 *  indexes by position alone (no question to the tree per node), for a scope spanning most of its file (a bundle's
 *  wrapper), where a search walks nearly the whole tree again. Undefined when scope is not of `ownerKinds`, or a node of
 *  `kinds` in it is empty (its owner is found by climbing), so that the caller asks the tree instead. Both sets should
 *  be module constants (indexes are kept per tree and set of kinds). */
export function ownedNodesIn(scope: SgNode, kinds: ReadonlySet<string>, ownerKinds: ReadonlySet<string>): SgNode[] | undefined {
  if (!ownerKinds.has(String(scope.kind()))) return undefined;
  const { start, end } = scope.range();
  const owners = kindIndex(scope, ownerKinds);
  const index = kindIndex(scope, kinds);
  const lo = firstStartingFrom(index, start.index);
  const out: SgNode[] = [];
  for (let i = lo; i < index.starts.length && index.starts[i]! < end.index; i++) {
    const [from, to] = [index.starts[i]!, index.ends[i]!];
    if (to > end.index) continue;
    if (from === to) return undefined;
    const owner = innermostEnclosing(owners, from, to);
    if (owner >= 0 && owners.starts[owner] === start.index && owners.ends[owner] === end.index) out.push(index.nodes[i]!);
  }
  return out;
}

/** The function chain from innermost outwards. */
/** Whether `name` is a parameter of a function around `node` (then `name` there is that parameter, not a module's or the
 *  global's binding of the name). */
export function parameterAround(node: SgNode, name: string): boolean {
  return enclosingFunctions(node).some((fn) => paramsOf(fn).some((p) => p.name === name));
}

export function enclosingFunctions(node: SgNode): SgNode[] {
  const { start, end } = node.range();
  // One call for the whole chain: tree-sitter finds a node's parent by walking down from the root, so a parent()
  // per level costs the depth squared (1.6x the time on a 19,000-line file).
  if (start.index === end.index) return node.ancestors().filter((p) => FUNCTION_KINDS.has(String(p.kind())));
  const index = kindIndex(node, FUNCTION_KINDS);
  const chain: SgNode[] = [];
  for (let i = innermostEnclosing(index, start.index, end.index); i >= 0; i = index.parents[i]!) chain.push(index.nodes[i]!);
  return chain;
}

function firstStringArg(call: SgNode): string {
  const arg = call.field('arguments')?.namedChildren()[0];
  return arg && (arg.kind() === 'string' || arg.kind() === 'template_string') ? arg.text().slice(0, 60) : '';
}

/** A readable, line-independent name for a function: declared name, assigned name, or the call it is passed to. */
export function functionName(fn: SgNode): string {
  const named = fn.field('name');
  if (named) return named.text();
  const parent = fn.parent();
  if (!parent) return '<anonymous>';
  const pk = parent.kind();
  if (pk === 'variable_declarator') return parent.field('name')?.text() ?? '<anonymous>';
  if (pk === 'assignment_expression') return parent.field('left')?.text() ?? '<anonymous>';
  if (pk === 'pair') return parent.field('key')?.text() ?? '<anonymous>';
  if (pk === 'arguments') {
    const call = parent.parent();
    const callee = call?.field('function')?.text() ?? 'call';
    return `${callee.slice(0, 60)}(${call ? firstStringArg(call) : ''}) callback`;
  }
  return '<anonymous>';
}

export function symbolOf(node: SgNode): string {
  const names = enclosingFunctions(node).slice(0, 3).map(functionName).reverse();
  return names.length > 0 ? names.join(' > ') : '<module>';
}

export interface Param { name: string; index: number; node: SgNode }

/** Identifier names bound by a parameter or declaration pattern (destructuring included). */
export function boundNames(pattern: SgNode): string[] {
  const k = pattern.kind();
  if (k === 'identifier' || k === 'shorthand_property_identifier_pattern') return [pattern.text()];
  if (k === 'required_parameter' || k === 'optional_parameter') {
    const p = pattern.field('pattern');
    return p ? boundNames(p) : [];
  }
  if (k === 'assignment_pattern') {
    const left = pattern.field('left');
    return left ? boundNames(left) : [];
  }
  if (k === 'pair_pattern') {
    const v = pattern.field('value');
    return v ? boundNames(v) : [];
  }
  if (k === 'object_pattern' || k === 'array_pattern' || k === 'rest_pattern') return pattern.namedChildren().flatMap(boundNames);
  return [];
}

export function paramsOf(fn: SgNode): Param[] {
  const single = fn.field('parameter');
  if (single) return [{ name: single.text(), index: 0, node: single }];
  const list = fn.field('parameters');
  if (!list) return [];
  return list
    .namedChildren()
    .filter((c) => c.kind() !== 'comment')
    .flatMap((node, index) => boundNames(node).map((name) => ({ name, index, node })));
}

/** Text of whole lines [from, to] (1-based, inclusive). */
export function lineText(lines: readonly string[], from: number, to: number): string {
  return lines.slice(from - 1, to).join('\n');
}

/** Call arguments, comments excluded. */
export function argsOf(call: SgNode): SgNode[] {
  return (call.field('arguments')?.namedChildren() ?? []).filter((c) => c.kind() !== 'comment');
}

/**
 * The value of a numeric literal as JavaScript reads it: `10_000` (separators), `0x1f`, `1e3`, `10n` (BigInt) and the
 * legacy octal `017`. `Number(node.text())` reads `10_000` as NaN, which made a count of ten thousand compare as
 * neither small nor large. Null for anything that is not a numeric literal.
 */
export function numberValue(node: SgNode | null | undefined): number | null {
  if (node?.kind() !== 'number') return null;
  const text = node.text().replace(/_/g, '').replace(/n$/, '');
  const value = /^0[0-7]+$/.test(text) ? parseInt(text, 8) : Number(text);
  return Number.isNaN(value) ? null : value;
}

export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
