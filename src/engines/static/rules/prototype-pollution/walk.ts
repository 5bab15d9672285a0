// Prototype pollution, the write shapes. A write `w[k2] = v` pollutes when `w` can be Object.prototype — because it was
// reached from an object by an attacker key — and k2 is an attacker key too:
//  - bracket chain: `o[a][b] = v` (also through an alias: `g = o[a]; g[b] = v`, the ini/query parser shape);
//  - walk: `cur = cur[k]` (for/while loops over path segments, `t = t[k] = …`, `cur = cur[k] || (cur[k] = {})`),
//    a `reduce` over the segments, or a walking helper given the segments (`parent = walk(obj, path)`, last key popped);
//  - recursion: the function calls itself with `w[k]` (or an alias of it) — merges, extends, defaults, deep
//    assigns, clones into the input, and path setters that recurse on the path's head.
// Not a walk: one lookup of an entry in an object the library holds by a parameter as passed (`e = registry[name]`,
// then `e[k] = opts[k]`): the caller names which entry to change, and no single input walks two levels.
// Which keys are attacker keys is keys.ts; which checks block the write is guard.ts.
import type { SgNode } from '@ast-grep/napi';
import { FUNCTION_KINDS, argsOf, enclosingFunction, escapeRe, functionIndex, nodesOfKindsIn, paramsOf, spansMostOfFile } from '../../ast.ts';
import { calleeDefinition, functionNamed, functionValue, returnedValues } from '../../callees.ts';
import { bindingValue } from '../../taint.ts';
import { exportedApi } from '../../exports.ts';
import { type KeyOrigins, keyOriginsOf, rootName, unwrap } from './keys.ts';
import { protoScreened } from './proto-screen.ts';
import { fileText, scopeIndex } from './scope.ts';
import { TreeMap } from '../../tree-memo.ts';

export interface PollutingWrite {
  write: SgNode;
  shape: 'bracket chain' | 'path walk' | 'recursive merge';
  targets: Set<string>;
  via?: SgNode;
  /** A walk's write of a fresh object (`cur[k] = {}`): it pollutes too (Object.prototype[k] = {}), but the value write
   *  of the same walk, when there is one, is the finding's anchor. */
  fresh?: boolean;
  /** A merge's other writes of the input's values into the object it descended into (`t[k] = v` in each branch, and
   *  `t[k] = clone(v)`): each lands on Object.prototype once the descent reached it, so the finding spans them. */
  leaves?: SgNode[];
}

const CONSTANT = /^(?:null|undefined|true|false|void 0|!0|!1|-?\d[\d.e]*|'[^']*'|"[^"]*")$/;
const FRESH = /^(?:\{[\s\S]*\}|\[[\s\S]*\]|new\s+\w+\([^)]*\))$/;

/** The identifiers `name` is set from (`name = other`, `var name = other || {}`): the objects a walk starts at. */
function origins(scope: SgNode, name: string): string[] {
  // Only plain identifiers (`cur = obj`, `t = target || {}`): `target = args[i]` does not make every args[…] the target.
  return scopeIndex(scope).valuesOf(name).flatMap((v) => {
    const u = unwrap(v);
    const head = u?.kind() === 'binary_expression' ? unwrap(u.field('left') as SgNode) : u;
    return head?.kind() === 'identifier' ? [head.text()] : [];
  });
}

/** `name` is bound to a fresh copy (a spread literal, Object.assign({}, …), structuredClone): writes into it stay local. */
function freshCopy(fnText: string, name: string): boolean {
  const v = escapeRe(name);
  return new RegExp(`\\b${v}\\s*=\\s*(?:\\{\\s*\\.\\.\\.|Object\\.assign\\(\\s*\\{\\s*\\}|structuredClone\\()`).test(fnText);
}

/**
 * `name` is a local this call creates (`const out = {}`) and never points elsewhere: each call of a recursive function
 * writes only into its own new object, and the entries it hands to the recursive call (`merge(out[k], src[k])`) are
 * read there, never written — with k = `__proto__` the write at most gives `out` another prototype.
 */
function freshLocal(scope: SgNode, name: string): boolean {
  const index = scopeIndex(scope);
  if (index.paramsOf(scope).some((p) => p.all.has(name)) || !index.declarators.has(name)) return false;
  const bindings = index.rebindings(name);
  const values = index.valuesOf(name);
  return values.length === bindings.length && values.every((v) => FRESH.test(unwrap(v).text()));
}

/** The subscripts `node` stands for: `src = target[key]`, `clone = src && isPlainObject(src) ? src : {}` (two hops). */
function subscriptsBehind(scope: SgNode, node: SgNode, depth = 0): SgNode[] {
  const n = unwrap(node);
  if (n.kind() === 'subscript_expression') return [n];
  if (n.kind() === 'assignment_expression') return subscriptsBehind(scope, n.field('left') as SgNode, depth);
  if (depth > 2) return [];
  if (n.kind() === 'identifier') return scopeIndex(scope).valuesOf(n.text()).flatMap((v) => subscriptsBehind(scope, v, depth + 1));
  if (n.kind() === 'ternary_expression' || n.kind() === 'binary_expression') {
    return n.namedChildren().filter((c) => /^(identifier|subscript_expression|parenthesized_expression)$/.test(String(c.kind()))).flatMap((c) => subscriptsBehind(scope, c, depth + 1));
  }
  return [];
}

/** The first subscript `name[…]` at the head of an expression: `cur[k]`, `cur[k] || …`, `cur[k] = …`, `(cur[k] ?? …)`. */
function headSubscript(node: SgNode, name?: string): SgNode | null {
  let n = unwrap(node);
  for (let i = 0; i < 4; i++) {
    if (n.kind() === 'subscript_expression') return !name || rootName(n) === name && unwrap(n.field('object') as SgNode).text() === name ? n : null;
    // `t = t[k] = …` and `o = o[k] ??= {}` (a logical assignment steps too).
    if (n.kind() === 'assignment_expression' || (n.kind() === 'augmented_assignment_expression' && /^(?:\?\?|\|\|)=/.test(n.field('operator')?.text() ?? ''))) n = unwrap(n.field('left') as SgNode);
    else if (n.kind() === 'binary_expression') n = unwrap(n.field('left') as SgNode);
    else return null;
  }
  return null;
}

/** The names of the function as its own recursive calls spell it (`merge`, `exports.merge`, `jQuery.extend`). */
function selfNames(fn: SgNode): string[] {
  const names: string[] = [];
  const own = fn.field('name')?.text();
  if (own) names.push(own);
  for (let p = fn.parent(), i = 0; p && i < 3; p = p.parent(), i++) {
    const k = p.kind();
    if (k === 'variable_declarator') names.push(p.field('name')?.text() ?? '');
    else if (k === 'assignment_expression') names.push((p.field('left')?.text() ?? '').replace(/^.*\./, ''));
    else if (k === 'pair') names.push(...pairNames(p));
    else if (k !== 'parenthesized_expression') break;
  }
  return [...new Set(names.filter((n) => /^[\w$]+$/.test(n)))];
}

/** A property descriptor's own keys: its `value`, `get` or `set` is not what calls spell. */
const DESCRIPTOR_KEYS = new Set(['key', 'enumerable', 'configurable', 'writable']);
const DESCRIPTOR_SLOTS = new Set(['value', 'get', 'set']);
const unquote = (text: string): string => text.replace(/['"`]/g, '');

/**
 * The name calls spell for a function held by an object literal's pair: its key, except in a property descriptor —
 * compiled classes' `{ key: 'merge', value: function merge() {…} }` and `Object.defineProperty(o, 'merge', { value })` —
 * where the method is called by the descriptor's `key`, or the name defineProperty is given, never `value`.
 */
function pairNames(pair: SgNode): string[] {
  const key = unquote(pair.field('key')?.text() ?? '');
  const object = pair.parent();
  if (!DESCRIPTOR_SLOTS.has(key) || object?.kind() !== 'object') return [key];
  const siblings = object.children().filter((c) => c.kind() === 'pair');
  const named = siblings.find((c) => c.field('key')?.text() === 'key')?.field('value');
  if (named?.kind() === 'string') return [unquote(named.text())];
  const args = object.parent();
  const call = args?.kind() === 'arguments' ? args.parent() : undefined;
  if (call?.kind() === 'call_expression' && (call.field('function')?.text() ?? '').endsWith('defineProperty')) {
    const property = argsOf(call)[1];
    return property?.kind() === 'string' ? [unquote(property.text())] : [];
  }
  return siblings.some((c) => DESCRIPTOR_KEYS.has(unquote(c.field('key')?.text() ?? ''))) ? [] : [key];
}

const DECLARATION_KINDS: ReadonlySet<string> = new Set(['variable_declarator', 'function_declaration']);
const DECLARATIONS = { rule: { any: [...DECLARATION_KINDS].map((kind) => ({ kind })) } };

/** The names a function binds itself: its parameters, and the variables and functions declared in its body (nested
 *  functions' own included: a name they bind is not the outer method either). */
function ownBindings(g: FileFunction): ReadonlySet<string> {
  if (g.bound) return g.bound;
  const names = new Set(paramsOf(g.fn).map((p) => p.name));
  // A function spanning most of its file (a bundle's module wrapper) is read from the tree's index of the kinds.
  const declared = spansMostOfFile(g.fn) ? nodesOfKindsIn(g.fn, DECLARATION_KINDS) : g.fn.findAll(DECLARATIONS);
  for (const d of declared) {
    const id = d.field('name');
    if (id?.kind() === 'identifier') names.add(id.text());
  }
  return (g.bound = names);
}

/**
 * The positions (ascending) where `name` is a parameter or declared name of a function around it that does not
 * also hold fn — that function's own value (`function commit(entry, update) { apply(update) }`), not fn handed on.
 * One sweep over the file's functions in source order: the functions around a position are a stack (they nest).
 */
function boundPositions(fn: SgNode, name: string, positions: readonly number[], start: number, end: number): Set<number> {
  const functions = namedFunctions(fn);
  const around: FileFunction[] = [];
  const bound = new Set<number>();
  let next = 0;
  for (const at of positions) {
    while (next < functions.length && functions[next]!.start <= at) {
      const g = functions[next++]!;
      while (around.length > 0 && around.at(-1)!.end <= g.start) around.pop();
      around.push(g);
    }
    while (around.length > 0 && around.at(-1)!.end <= at) around.pop();
    if (around.some((g) => !(g.start <= start && end <= g.end) && ownBindings(g).has(name))) bound.add(at);
  }
  return bound;
}

/** The functions of a file with their extent, built once per file and only when needed; the names their calls spell
 *  (selfNames) are worked out only for the few that hold a reference back (`names` fills in on first use). */
interface FileFunction { fn: SgNode; start: number; end: number; names?: string[]; bound?: ReadonlySet<string> }
const NAMED_FUNCTIONS = new TreeMap<FileFunction[]>();
function namedFunctions(fn: SgNode): FileFunction[] {
  const file = fn.getRoot();
  let list = NAMED_FUNCTIONS.get(file);
  if (!list) {
    // The shared function index (ast.ts): the same kinds, the same source order, no second walk of the tree.
    const { nodes, starts, ends } = functionIndex(fn);
    list = nodes.map((f, i) => ({ fn: f, start: starts[i]!, end: ends[i]! }));
    NAMED_FUNCTIONS.set(file, list);
  }
  return list;
}

/** Where each name is called (`name(`, not `.name(`) or passed on as an argument (`(…, name, …)`), one pass per file. */
const REFERENCES = new WeakMap<object, Map<string, number[]>>();
function referencesOf(fn: SgNode): Map<string, number[]> {
  const file = fn.getRoot();
  let refs = REFERENCES.get(file);
  if (!refs) {
    refs = new Map();
    for (const m of fileText(fn).matchAll(/(?:^|[^.\w$])([\w$]+)\s*\(|[(,]\s*([\w$]+)\s*(?=[,)])/g)) {
      const name = (m[1] ?? m[2]) as string;
      const list = refs.get(name);
      if (list) list.push(m.index ?? 0);
      else refs.set(name, [m.index ?? 0]);
    }
    REFERENCES.set(file, refs);
  }
  return refs;
}

/**
 * Functions of this file that fn calls (by name or as a method, `Object.merge(…)`) and that call fn back or hand it on
 * as a callback (`forIn(obj, copy, target)`): mutual recursion (mixinDeep → copy → mixinDeep, merge → mergeOne → merge).
 */
function mutualNames(fn: SgNode): string[] {
  const own = selfNames(fn);
  if (own.length === 0) return [];
  const r = fn.range();
  // A call back, or the function passed on by name: somewhere in the file outside fn itself.
  const outside = own.map((n) => ({ name: n, at: (referencesOf(fn).get(n) ?? []).filter((i) => i < r.start.index || i >= r.end.index) })).filter((o) => o.at.length > 0);
  if (outside.length === 0) return [];
  // Which of them another function's own binding of the name holds (one sweep per name, asked only once a function
  // holding a reference is one fn calls: most are not).
  const bound = new Map<string, Set<number>>();
  const boundAt = (name: string, at: readonly number[]) => bound.get(name) ?? bound.set(name, boundPositions(fn, name, at, r.start.index, r.end.index)).get(name)!;
  let called: Set<string> | undefined;
  const out = new Set<string>();
  // The functions holding a reference back, with their names (in source order): does fn call one of them?
  for (const g of namedFunctions(fn)) {
    // The references back that stand in g, by name.
    const inside = outside.map((o) => ({ name: o.name, all: o.at, at: o.at.filter((i) => g.start <= i && i < g.end) })).filter((o) => o.at.length > 0);
    if (inside.length === 0) continue;
    g.names ??= selfNames(g.fn);
    if (g.names.length === 0) continue;
    called ??= calledNames(fn, own);
    const wanted = g.names.filter((n) => called!.has(n) && !out.has(n));
    if (wanted.length === 0) continue;
    if (!inside.some((o) => o.at.some((i) => !boundAt(o.name, o.all).has(i)))) continue;
    for (const n of wanted) out.add(n);
  }
  return [...out];
}

/** The names fn's calls spell (a bare callee, a member's property), its own names left out. */
function calledNames(fn: SgNode, own: readonly string[]): Set<string> {
  const called = new Set(fn.findAll({ rule: { kind: 'call_expression' } }).map((c) => {
    const callee = c.field('function');
    return callee?.kind() === 'member_expression' ? callee.field('property')?.text() ?? '' : callee?.text() ?? '';
  }));
  for (const n of own) called.delete(n);
  return called;
}

/**
 * Candidate polluting writes in fn, before guards. `writes`: the computed writes fn owns (its own and its anonymous callbacks', matcher.ts), in source order —
 * a write with a literal key (`o['x'] = v`, `o[0] = v`) never takes an attacker key.
 */
export function pollutingWrites(fn: SgNode, writes: readonly SgNode[]): PollutingWrite[] {
  const scope = fn;
  const fnText = fn.text();
  if (writes.length === 0) return [];
  const out: PollutingWrite[] = [];
  // The objects each written name starts at, looked up once per name.
  const starts = new Map<string, string[]>();
  const originsOf = (name: string) => starts.get(name) ?? (starts.set(name, origins(scope, name)), starts.get(name) as string[]);
  // One key analysis per set of written objects (keys.ts): its memo serves every write into them.
  const keyed = (targets: Set<string>) => keyOriginsOf(scope, targets);
  const valueWrite = (w: SgNode) => {
    const right = unwrap(w.field('right') as SgNode).text();
    return !FRESH.test(right) && !/^[\w$.]*(clone|copy)\w*\(/i.test(right);
  };

  // Recursion: fn(w[k], …) or fn(alias of w[k], …), then writes w[k2] = v.
  const names = [...selfNames(fn), ...mutualNames(fn)];
  if (names.length > 0 && new RegExp(`(?:${names.map(escapeRe).join('|')})\\s*\\(`).test(fnText)) {
    const callRe = new RegExp(`^(?:[\\w$]+\\.)*(?:${names.map(escapeRe).join('|')})$`);
    // Every call, its callee tested here: a pattern in the parser's search compiles a regular expression per function.
    const calls = fn.findAll({ rule: { kind: 'call_expression' } }).filter((c) => callRe.test(c.field('function')?.text() ?? ''));
    const own = new Set(selfNames(fn));
    for (const call of calls) {
      const self = own.has((call.field('function')?.text() ?? '').replace(/^.*\./, ''));
      for (const [position, sub] of argsOf(call).flatMap((arg, i) => subscriptsBehind(scope, arg).map((x) => [i, x] as const))) {
        const base = unwrap(sub.field('object') as SgNode);
        // `fn(this[k], …)`: a method (or a callback run with the target as `this`) descending into its receiver.
        if (base.kind() !== 'identifier' && base.kind() !== 'member_expression' && base.kind() !== 'this') continue;
        const name = base.text();
        if (freshCopy(fnText, name) || freshLocal(scope, name)) continue;
        const targets = new Set([name, ...originsOf(name)]);
        if (self && handedElsewhere(scope, position, targets)) continue;
        const origin = keyed(targets);
        if (!origin.key(sub.field('index') as SgNode)) continue;
        // The leaf stores the input's value: a constant (`t[k] = null` before descending) carries nothing.
        const leaf = writes.filter((w) => unwrap(w.field('left')?.field('object') as SgNode).text() === name && origin.key(w.field('left')?.field('index') as SgNode) && valueWrite(w) && !CONSTANT.test(unwrap(w.field('right') as SgNode).text()));
        if (leaf.length > 0) out.push({ write: pickLeaf(leaf), shape: 'recursive merge', targets, via: call, leaves: [...leaf, ...writes.filter((w) => !leaf.includes(w) && copiedLeaf(w, name, origin))] });
      }
    }
  }

  for (const w of writes) {
    const left = w.field('left') as SgNode;
    const obj = unwrap(left.field('object') as SgNode);
    const index = left.field('index') as SgNode;
    const fresh = !valueWrite(w);
    // A copy written along the walk (`n[k] = clone(n[k])`) replaces each level before stepping into it: nothing shared.
    if (fresh && !FRESH.test(unwrap(w.field('right') as SgNode).text())) continue;
    // Bracket chain: o[a][b] = v.
    if (obj.kind() === 'subscript_expression') {
      if (fresh) continue;
      const targets = new Set([rootName(obj)].filter(Boolean));
      const origin = keyed(targets);
      const outer = obj.field('index') as SgNode;
      // Keys handed straight through a private helper's parameters are the caller's business; an exported function's
      // parameters are a library's input.
      const passedThrough = origin.direct(outer) && origin.direct(index) && exportedApi(fn) === null;
      // Two levels (`o[a][b]`) with `a` screened against `__proto__` by another module: no prototype in reach.
      const screened = unwrap(obj.field('object') as SgNode).kind() !== 'subscript_expression' && protoScreened(scope, outer);
      if (!passedThrough && !screened && !freshBefore(scope, writes, obj, w) && origin.key(outer) && origin.key(index)) out.push({ write: w, shape: 'bracket chain', targets });
      continue;
    }
    // `walk(obj, parentPath)[last] = v`: the object a walking helper reached, written at once (walkedByCall).
    if (obj.kind() === 'call_expression') {
      if (!fresh && walkedByCall(scope, obj, index, keyed(new Set()))) out.push({ write: w, shape: 'path walk', targets: new Set() });
      continue;
    }
    if (obj.kind() !== 'identifier') continue;
    const name = obj.text();
    // keys.reduce((o, k, i) => { if (i === last) o[k] = v; … return o[k]; }, obj): the accumulator is the walk.
    // Only its value write: the steps (`o[k] = o[k] || {}`, `o[k] = {}`) of a walking helper are its caller's finding.
    const reduction = reducedInto(w, name);
    if (reduction) {
      const origin = keyed(new Set([name]));
      const step = fresh || (w.field('right')?.text() ?? '').includes(left.text());
      if (!step && origin.key(reduction.segments) && origin.key(index)) out.push({ write: w, shape: 'path walk', targets: new Set([name]) });
      continue;
    }
    // A walk sets the written object inside the function (`cur = cur[k]`, `let parent = walk(…)`): without such an
    // assignment there is nothing to walk, whatever the key.
    if (!new RegExp(`(?:^|[^.\\w$])${escapeRe(name)}\\s*(?::[^=;]+)?=[^=>]`).test(fnText)) continue;
    if (freshCopy(fnText, name)) continue;
    const targets = new Set([name, ...originsOf(name)]);
    const origin = keyed(targets);
    if (!origin.key(index)) continue;
    // cur = cur[k] …, or an alias g = o[k] (o another object), with an attacker key.
    // The alias's key is read against its own object: `g = o[k]` with k one of o's own keys is o's own value.
    const stepped = (v: SgNode, alias: string) => {
      const head = headSubscript(v);
      if (!head) return false;
      if (registryEntry(head, alias, origin)) return false;
      if (sameFixedKey(scope, head.field('index') as SgNode, index)) return false;
      return keyed(new Set([...targets, rootName(head)].filter(Boolean))).key(head.field('index') as SgNode);
    };
    const walked = valuesSeenBy(scope, name, w).some((v) => {
      if (headSubscript(v)) return stepped(v, name);
      const u = unwrap(v);
      // `parent = obj` where `obj = obj[k]` walks: the write lands in the object the walk reached.
      if (u.kind() === 'identifier' && u.text() !== name) return scopeIndex(scope).valuesOf(u.text(), true).some((a) => headSubscript(a) !== null && stepped(a, u.text()));
      if (u.kind() !== 'call_expression') return false;
      const callee = u.field('function');
      // keys.reduce((o, k) => o[k] …, obj): the walk result.
      if (callee?.kind() === 'member_expression' && /^reduce(Right)?$/.test(callee.field('property')?.text() ?? '')) return origin.key(callee.field('object') as SgNode) && argsOf(u).length > 1 && descends(argsOf(u)[0]);
      // parent = walk(obj, parentPath) with the last segment popped off the same path.
      return popped(scope, index) && argsOf(u).length > 1 && argsOf(u).some((a) => origin.key(a));
    });
    if (walked) out.push({ write: w, shape: 'path walk', targets, ...(fresh ? { fresh } : {}) });
  }
  return out;
}

/**
 * `entry = registry[name]`: one lookup (not a step of a walk over `entry` itself) in an object the library holds (no
 * input reaches it) by a parameter as passed. The caller names which of the library's own entries to change; the
 * keys written below it come from another argument, so no single input walks two levels.
 */
function registryEntry(head: SgNode, alias: string, origin: KeyOrigins): boolean {
  const object = unwrap(head.field('object') as SgNode);
  const key = unwrap(head.field('index') as SgNode);
  if (rootName(object) === alias || key.kind() !== 'identifier') return false;
  return origin.direct(key) && !origin.key(object);
}

/**
 * fn's call of itself hands the entry it descends into to a parameter other than the object it writes by computed keys
 * (`inherit(config, config.categories[k], k)` writes `config.categories[…]`, and the entry, as `category`, gets only
 * fixed keys): the recursion never writes into what it descended into. Not for a function reading `arguments`.
 */
function handedElsewhere(fn: SgNode, position: number, targets: ReadonlySet<string>): boolean {
  const param = scopeIndex(fn).paramsOf(fn)[position]?.node;
  if (param?.kind() !== 'identifier' || /\barguments\b/.test(fn.text())) return false;
  const roots = new Set([...targets].map((t) => t.replace(/[.[].*$/, '')));
  return !roots.has('this') && !roots.has(param.text());
}

/**
 * The walk steps by the very key it writes by, a parameter's value no statement of the function changes
 * (`val = val[opts.textKey]`, `val[opts.textKey] = ''`): stepping by `__proto__` leaves only Object.prototype's own
 * `__proto__` to write, which cannot change, and `constructor` leads to functions, never to a prototype.
 */
function sameFixedKey(scope: SgNode, step: SgNode, write: SgNode): boolean {
  if (unwrap(step).text() !== unwrap(write).text()) return false;
  const index = scopeIndex(scope);
  const params = index.paramsOf(scope);
  const names = namesRead(unwrap(write));
  return names.length > 0 && names.every((name) => params.some((p) => p.bound.has(name)) && index.rebindings(name).length === 0);
}

/**
 * `o[a] = {}` stands before the write `o[a][b] = v` in a block holding it, so every path to the write runs it: with
 * a = `__proto__` it gives o a new prototype object and `o[a]` is that object, not Object.prototype. Only while `a`
 * still names the same key: a name the key reads, assigned (or declared, or bound by a loop) between the two, makes
 * `o[a]` at the write another entry — one created earlier for another key, or none (`'__proto__' in o` is true).
 */
function freshBefore(scope: SgNode, writes: readonly SgNode[], outer: SgNode, write: SgNode): boolean {
  const text = outer.text();
  const at = write.range().start.index;
  const keyNames = namesRead(outer.field('index'));
  return writes.some((w) => {
    if (w.range().end.index > at || (w.field('left')?.text() ?? '') !== text || !FRESH.test(unwrap(w.field('right') as SgNode).text())) return false;
    const statement = w.parent();
    const block = statement?.kind() === 'expression_statement' ? statement.parent() : null;
    if (block === null || !/^(?:statement_block|program)$/.test(String(block.kind())) || block.range().end.index < write.range().end.index) return false;
    const from = w.range().end.index;
    // A loop entered after the fresh write and holding the write runs its later statements before the write again.
    const loop = outermostLoop(write, from);
    const to = loop ? loop.range().end.index : at;
    return keyNames.every((name) => !scopeIndex(scope).rebindings(name).some((b) => b.range().start.index >= from && b.range().start.index < to));
  });
}

const LOOP_KINDS = new Set(['for_statement', 'for_in_statement', 'while_statement', 'do_statement']);

/** The outermost loop around node that starts at or after `from`. */
function outermostLoop(node: SgNode, from: number): SgNode | undefined {
  let found: SgNode | undefined;
  for (let p = node.parent(); p && p.range().start.index >= from; p = p.parent()) if (LOOP_KINDS.has(String(p.kind()))) found = p;
  return found;
}

/** The identifiers an expression reads (a key such as `row[field]` reads `row` and `field`). */
function namesRead(node: SgNode | null): string[] {
  if (node === null) return [];
  const own = node.kind() === 'identifier' ? [node.text()] : [];
  return [...own, ...node.findAll({ rule: { kind: 'identifier' } }).map((n) => n.text())];
}

/**
 * The values `name` is given where `at` can see them: every assignment, and the declarators of the functions around
 * `at` — a `var name = o[k]` inside a nested function declares another variable (a bundle's module loader shadows
 * its cache `n` in a callback), it does not walk this one.
 */
function valuesSeenBy(scope: SgNode, name: string, at: SgNode): SgNode[] {
  const index = scopeIndex(scope);
  const r = at.range();
  const declared = (index.declarators.get(name) ?? []).filter((d) => {
    const owner = enclosingFunction(d);
    return !owner || owner.range().start.index <= r.start.index && r.end.index <= owner.range().end.index;
  });
  const assigned = (index.assignments.get(name) ?? []).map((a) => a.field('right'));
  return [...assigned, ...declared.map((d) => d.field('value'))].filter((v): v is SgNode => v !== null);
}

/**
 * The write is into the accumulator `name` of a reduce callback that steps into it by the element: the accumulator is
 * wherever the earlier segments led (Object.prototype after `__proto__`). The segments reduced over, or null.
 */
function reducedInto(write: SgNode, name: string): { segments: SgNode } | null {
  const cb = enclosingFunction(write);
  const call = cb?.parent()?.kind() === 'arguments' ? cb.parent()?.parent() : null;
  const callee = call?.field('function');
  if (!cb || !call || callee?.kind() !== 'member_expression' || !/^reduce(Right)?$/.test(callee.field('property')?.text() ?? '')) return null;
  const [acc, el] = (cb.field('parameters')?.namedChildren() ?? []).map((p) => p.text());
  if (acc !== name || !el || argsOf(call).length < 2) return null;
  // It hands the next step `o[k]` (`return o[k]`, `o[k] || (o[k] = {})`); one that returns `o` builds one flat object.
  const step = new RegExp(`(?:^|[^.\\w$])${escapeRe(acc)}\\s*\\[\\s*${escapeRe(el)}\\s*\\]`);
  return returnedValues(cb).some((v) => step.test(lastOfSequence(v).text())) ? { segments: callee.field('object') as SgNode } : null;
}

/** The value a comma sequence hands on, its last expression: `(o[k] = v, o)` returns `o` (a flat copy, no step). */
function lastOfSequence(node: SgNode): SgNode {
  let n = unwrap(node);
  for (let i = 0; i < 8 && n.kind() === 'sequence_expression'; i++) n = unwrap(n.namedChildren().at(-1) ?? n);
  return n;
}

/** The function a reduce runs at each step: the callback written in place, or the one a name holds — a function of
 *  the file (`keys.reduce(step, obj)`), or the function a factory of the file returns (`step = makeStep(true)`). */
function reducerOf(callback: SgNode | undefined): SgNode | null {
  const cb = callback ? unwrap(callback) : null;
  if (cb?.kind() !== 'identifier') return cb;
  const named = functionNamed(cb, cb.text());
  if (named) return named;
  const value = bindingValue(cb);
  const factory = value?.kind() === 'call_expression' ? calleeDefinition(value) : null;
  const returned = factory ? returnedValues(factory).flatMap((v) => functionValue(unwrap(v)) ?? []) : [];
  return returned.length === 1 ? returned[0]! : null;
}

/** A reduce callback that steps into its accumulator by the element: `(o, k) => o[k] …` (not `(acc, d) => d(acc)`). */
function descends(callback: SgNode | undefined): boolean {
  const cb = reducerOf(callback);
  if (!cb || !FUNCTION_KINDS.has(String(cb.kind()))) return false;
  const params = cb.field('parameters')?.namedChildren() ?? [];
  const [acc, el] = params.map((p) => p.text());
  if (!acc || !el) return false;
  return cb.findAll({ rule: { kind: 'subscript_expression' } }).some((s) => unwrap(s.field('object') as SgNode).text() === acc && (s.field('index')?.text() ?? '').includes(el));
}

/**
 * `walk(obj, head)[last] = v`: a helper handed an attacker path returns the object it reached, and the write's key is
 * the path's last segment (popped), or a sibling piece of the same split (`parts[1]` walked, `parts[2]` written, from
 * one `exec` or `split`) — as with `parent = walk(obj, parentPath); parent[last] = v`. Keys from separate arguments
 * (`store(registry, name)[key]`) name one of the library's entries, not a path.
 */
function walkedByCall(scope: SgNode, call: SgNode, index: SgNode, origin: KeyOrigins): boolean {
  const args = argsOf(call);
  if (args.length < 2 || !origin.key(index) || !args.some((a) => origin.key(a))) return false;
  return popped(scope, index) || args.some((a) => siblingPiece(a, index));
}

/** `a` and `b` are different elements of one list: `parts[1]` and `parts[2]`. */
function siblingPiece(a: SgNode, b: SgNode): boolean {
  const x = unwrap(a);
  const y = unwrap(b);
  if (x.kind() !== 'subscript_expression' || y.kind() !== 'subscript_expression') return false;
  const list = unwrap(x.field('object') as SgNode);
  return list.kind() === 'identifier' && list.text() === unwrap(y.field('object') as SgNode).text() && x.field('index')?.text() !== y.field('index')?.text();
}

/** The key is the last segment taken off a list: `last = keys.pop()`, `keys[keys.length - 1]`. */
function popped(scope: SgNode, index: SgNode): boolean {
  const n = unwrap(index);
  if (/\.pop\(\)$|\[\s*[\w$]+\.length\s*-\s*1\s*\]$/.test(n.text())) return true;
  if (n.kind() !== 'identifier') return false;
  return scopeIndex(scope).valuesOf(n.text()).some((v) => /\.pop\(\)$|\[\s*[\w$]+\.length\s*-\s*1\s*\]$/.test(v.text()));
}

/** `name[k] = clone(v)` by an attacker key: a copy of the input's value written where the descent led (a walk's
 *  `n[k] = clone(n[k])` replaces a level; in a merge it is one more leaf). */
function copiedLeaf(w: SgNode, name: string, origin: KeyOrigins): boolean {
  const left = w.field('left');
  const right = unwrap(w.field('right') as SgNode);
  return unwrap(left?.field('object') as SgNode).text() === name && right.kind() === 'call_expression' && !FRESH.test(right.text()) && origin.key(left?.field('index') as SgNode);
}

/** The write that stores the input's value: a plain value (`t[k] = v`, `t[k] = src[k]`) before a computed one, the
 *  last of them — a merge's catch-all branch (`else t[k] = v`, after the arrays' and functions' own), which a primitive
 *  value under `__proto__` reaches. */
function pickLeaf(writes: SgNode[]): SgNode {
  const plain = writes.filter((w) => /^(identifier|member_expression|subscript_expression)$/.test(String(unwrap(w.field('right') as SgNode).kind()))).at(-1);
  return plain ?? (writes[0] as SgNode);
}
