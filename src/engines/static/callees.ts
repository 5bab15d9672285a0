// Finds the function a call runs when it is defined in the same file (a declaration, a function held in a
// variable, a `Ctor.prototype.m = function` or a class method called through `this`), and the values it returns.
// Pure AST lookups, memoised per file; taint.ts classifies those values with the call's own arguments.
import type { SgNode } from '@ast-grep/napi';
import { definitionsByName, type Definitions } from './name-index.ts';
import { enclosingOfKind, memoOnNode, ownedNodesIn, spansMostOfFile } from './ast.ts';

// (The grammar has no `function` node kind any more: it was renamed function_expression, and ast-grep rejects the name.)
const FUNCTION_KINDS: ReadonlySet<string> = new Set(['function_declaration', 'function_expression', 'arrow_function', 'method_definition', 'generator_function_declaration']);
// At most this many return values are followed per callee: enough for an early `return null` and the real result.
const MAX_RETURNS = 6;
const RETURNS: ReadonlySet<string> = new Set(['return_statement']);

let definitions = new Map<string, SgNode | null>();
let named: Definitions | null = null;
// Names the file binds to `this` (const scope = this), found on first use.
let thisNames: Set<string> | null = null;

/** Forget the per-file lookups (the engine calls this before each file). */
export function resetCallees(): void {
  definitions = new Map();
  named = null;
  thisNames = null;
}

/** The node itself when it is a function (a declaration, expression, arrow or method), else null. */
export function functionValue(node: SgNode | null | undefined): SgNode | null {
  return node && FUNCTION_KINDS.has(String(node.kind())) ? node : null;
}

function definitionsOf(root: SgNode): Definitions {
  named ??= definitionsByName(root);
  return named;
}

function byName(root: SgNode, name: string): SgNode | null {
  const defs = definitionsOf(root);
  const declared = defs.declarations.get(name);
  if (declared) return declared;
  return functionValue(defs.declarators.get(name)?.field('value'));
}

// `this.m(…)` (or `self.m`, `that.m` holding `this`): a prototype assignment or a class method of that name.
function method(root: SgNode, name: string): SgNode | null {
  const defs = definitionsOf(root);
  const fromPrototype = functionValue(defs.prototypes.get(name)?.field('right')) ?? functionValue(defs.prototypePairs.get(name)?.field('value'));
  if (fromPrototype) return fromPrototype;
  return defs.methods.get(name) ?? null;
}

/** `this`, or a name holding it (`const scope = this`, `var self = this`). */
function isThis(object: SgNode | null): boolean {
  if (!object) return false;
  return object.kind() === 'this' || (object.kind() === 'identifier' && thisAliases(object).has(object.text()));
}

/** The names the file holds `this` in: the usual ones (`self`, `that`, `_this`, what compilers write for an arrow's
 *  `this`) and those it binds so (`const scope = this`), found on first use. */
export function thisAliases(node: SgNode): ReadonlySet<string> {
  thisNames ??= new Set(['self', 'that', '_this', ...[...node.getRoot().root().text().matchAll(/\b(?:const|let|var)\s+([\w$]+)\s*=\s*this\s*[;,\n]/g)].map((m) => m[1] ?? '')]);
  return thisNames;
}

/** `module.exports.name = function …` or `exports.name = function …`. */
function exported(root: SgNode, name: string): SgNode | null {
  const def = root.find({ rule: { kind: 'assignment_expression', has: { field: 'left', regex: `^(module\\.)?exports\\.${name.replace(/\$/g, '\\$')}$` } } });
  return functionValue(def?.field('right'));
}

/** The function this file binds to a name (`function name() {}`, `const name = () => …`), or null. */
export function functionNamed(node: SgNode, name: string): SgNode | null {
  return byName(node.getRoot().root(), name);
}

/** The function node a call runs, when this file defines it; null for anything else (imports, built-ins, dynamic calls). */
export function calleeDefinition(call: SgNode): SgNode | null {
  const callee = call.field('function');
  if (!callee) return null;
  let key: string;
  let lookup: (root: SgNode) => SgNode | null;
  if (callee.kind() === 'identifier') {
    const name = callee.text();
    key = `f:${name}`;
    lookup = (root) => byName(root, name);
  } else if (callee.kind() === 'member_expression' && isThis(callee.field('object'))) {
    const name = callee.field('property')?.text() ?? '';
    key = `m:${name}`;
    lookup = (root) => method(root, name);
  } else if (callee.kind() === 'member_expression' && /^(module\.)?exports$/.test(callee.field('object')?.text() ?? '')) {
    // module.exports.cmd(…): the function the module exports under that name.
    const name = callee.field('property')?.text() ?? '';
    key = `e:${name}`;
    lookup = (root) => exported(root, name);
  } else return null;
  if (definitions.has(key)) return definitions.get(key) ?? null;
  const found = lookup(call.getRoot().root());
  definitions.set(key, found);
  return found;
}

/** The expressions a function returns (an arrow's expression body included), not those of functions nested in it. */
export function returnedValues(fn: SgNode): SgNode[] {
  // Asked again and again of one function (an exported factory, for each function it may hand back): found once.
  return memoOnNode(fn, 'returned values', () => returnedValuesUncached(fn)).slice();
}

function returnedValuesUncached(fn: SgNode): SgNode[] {
  const body = fn.field('body');
  if (!body) return [];
  if (body.kind() !== 'statement_block') return [body];
  const out: SgNode[] = [];
  for (const ret of ownReturns(fn, body)) {
    const value = ret.namedChildren().find((c) => c.kind() !== 'comment');
    if (value) out.push(value);
    if (out.length >= MAX_RETURNS) break;
  }
  return out;
}

/** The return statements of fn's body that are fn's own (not a nested function's), in source order. A function spanning
 *  most of its file (a bundle's wrapper, asked for each function it may hand back) reads them from the tree's indexes
 *  of returns and functions instead of walking its body and asking each return for its function. */
function* ownReturns(fn: SgNode, body: SgNode): Generator<SgNode> {
  const indexed = spansMostOfFile(fn) ? ownedNodesIn(fn, RETURNS, FUNCTION_KINDS) : undefined;
  if (indexed) {
    yield* indexed;
    return;
  }
  for (const ret of body.findAll({ rule: { kind: 'return_statement' } })) {
    const own = owner(ret);
    if (own && sameNode(own, fn)) yield ret;
  }
}

function owner(node: SgNode): SgNode | null {
  return enclosingOfKind(node, FUNCTION_KINDS);
}

/** Whether two nodes are the same syntax node (ast-grep hands out fresh wrappers). */
export function sameNode(a: SgNode, b: SgNode): boolean {
  const ra = a.range();
  const rb = b.range();
  return ra.start.index === rb.start.index && ra.end.index === rb.end.index && a.kind() === b.kind();
}
