// Which functions a module exports: the public surface of a library file. `module.exports = fn`,
// `exports.name = …`, `module.exports = { a, b: c }`, `export function`, exported classes and their
// methods, and `Ctor.prototype.m = …` on an exported constructor. Names starting with `_` are private.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, escapeRe, FUNCTION_KINDS, memoOnNode } from './ast.ts';
import { returnedValues, sameNode } from './callees.ts';
import { EXPORTS_LEFT, exportedThroughObjectCalls, isPrivate, objectNames, umdFactory, unwrapParens } from './export-wrappers.ts';
import { findEachOf, type FindRule } from './shared-find.ts';
import { callsByIdentifier } from './name-index.ts';

interface Exported {
  /** Local names the module exports. */
  names: Set<string>;
  /** Of those, the ones exported under a public key whatever their own name (`exports.default = _default`, Babel's). */
  publicAliases: Set<string>;
}

/**
 * `module.exports = new Type('tag', { loader: { resolver: resolveFn } })`: functions named in the objects handed to
 * the exported value's constructor or factory are held by it, so the library's caller can reach them.
 */
function heldNames(value: SgNode, into: Set<string>): void {
  for (const arg of value.field('arguments')?.namedChildren() ?? []) {
    if (arg.kind() !== 'object') continue;
    for (const obj of [arg, ...arg.findAll({ rule: { kind: 'object' } })]) objectNames(obj, into);
  }
}

/** `module.exports = function (…) { return new Stat(…) }`: the exported factory hands out instances of Stat. */
function constructedNames(factory: SgNode, into: Set<string>): void {
  for (const v of returnedValues(factory)) {
    const ctor = v.kind() === 'new_expression' ? v.field('constructor') : null;
    if (ctor?.kind() === 'identifier') into.add(ctor.text());
  }
}

/** `new Tools(…)` (or `new Tools`): the class whose instance is exported. */
function instanceOf(value: SgNode, into: Set<string>): void {
  const ctor = value.kind() === 'new_expression' ? value.field('constructor') : null;
  if (ctor?.kind() === 'identifier') into.add(ctor.text());
}

/** Local names the module exports: assigned to module.exports / exports.x, or listed in an export clause. */
function exportedNames(root: SgNode): Set<string> {
  return exported(root).names;
}

/** A local name the module exports under a key that is not private, whatever its own name. */
function exportedPublicly(root: SgNode, name: string): boolean {
  const { names, publicAliases } = exported(root);
  return names.has(name) && (!isPrivate(name) || publicAliases.has(name));
}

const EXPORTS_ASSIGNED = { kind: 'assignment_expression', has: { field: 'left', regex: '^(module\\.)?exports\\b' } };
const EXPORTS_HELD = { kind: 'variable_declarator', has: { field: 'value', regex: '^(module\\.)?exports$' } };
const EXPORT_STATEMENTS = { kind: 'export_statement' };

/** The searches `exported` makes of a file, found together in one walk on the files asked about their exports. Riding
 *  on every file's shared walk (as optional finds) cost more: their regular expressions ran on every assignment and
 *  declarator of every file, and only a few files are asked (79 of 1596 on the bench tree). */
export const EXPORT_FINDS = [EXPORTS_ASSIGNED, EXPORTS_HELD, EXPORT_STATEMENTS];

/** Per tree, not per "current file": a rule may ask about a node of any tree it holds. */
function exported(root: SgNode): Exported {
  return memoOnNode(root, 'exported names', () => exportedUncached(root));
}

function exportedUncached(root: SgNode): Exported {
  const names = new Set<string>();
  const publicAliases = new Set<string>();
  const [assigned, held, statements] = findEachOf(root, EXPORT_FINDS) as [SgNode[], SgNode[], SgNode[]];
  for (const a of assigned) {
    if (!EXPORTS_LEFT.test(a.field('left')?.text() ?? '')) continue;
    // var api = module.exports = { … }: the local name is the exported object too.
    const holder = a.parent();
    if (holder?.kind() === 'variable_declarator') names.add(holder.field('name')?.text() ?? '');
    else if (holder?.kind() === 'assignment_expression' && holder.field('left')?.kind() === 'identifier') names.add(holder.field('left')?.text() ?? '');
    let right = a.field('right');
    // module.exports = exports = fn
    while (right?.kind() === 'assignment_expression') right = right.field('right');
    // module.exports = posix.parse: the function assigned to that member is the export.
    if (right?.kind() === 'identifier' || (right?.kind() === 'member_expression' && /^[\w$]+\.[\w$]+$/.test(right.text()))) {
      names.add(right.text());
      if (!isPrivate(EXPORTS_LEFT.exec(a.field('left')?.text() ?? '')?.[1] ?? '')) publicAliases.add(right.text());
    }
    else if (right?.kind() === 'object') objectNames(right, names);
    else if (right?.kind() === 'function_expression' || right?.kind() === 'arrow_function') constructedNames(right, names);
    else if (right?.kind() === 'new_expression' || right?.kind() === 'call_expression') {
      heldNames(right, names);
      // module.exports = new Tools(): the instance is the module, so its class's methods are the library's API.
      instanceOf(right, names);
    }
  }
  // var api = module.exports; api.parse = …: the local name is the exported object.
  for (const d of held) {
    if (EXPORTS_LEFT.test(d.field('value')?.text() ?? '')) names.add(d.field('name')?.text() ?? '');
  }
  for (const e of statements) {
    for (const s of e.findAll({ rule: { kind: 'export_specifier' } })) names.add(s.field('name')?.text() ?? '');
    const value = e.field('value');
    if (value?.kind() === 'identifier') names.add(value.text());
    else if (value) instanceOf(value, names);
  }
  exportedThroughObjectCalls(root, names, publicAliases);
  names.delete('');
  return { names, publicAliases };
}


/** The class or object a method belongs to, and its public name, when that container is exported. */
/** `class Runner { run = (x) => {…} }`: a class field holding a function is a method of each instance. */
function fieldApi(field: SgNode, root: SgNode): string | null {
  const key = field.field('property') ?? field.field('name');
  return key?.kind() === 'computed_property_name' ? null : methodApi(field, root, key?.text() ?? '');
}

function methodApi(fn: SgNode, root: SgNode, name?: string): string | null {
  // `[kPopulate](…)`, `[Symbol.iterator]()`: a symbol-keyed method is the library's own plumbing, not a name its
  // caller calls with data.
  if (name === undefined && fn.field('name')?.kind() === 'computed_property_name') return null;
  const method = name ?? fn.field('name')?.text() ?? '';
  if (isPrivate(method) || /^(private|protected)\b/.test(fn.text())) return null;
  const body = fn.parent();
  // `module.exports = { run(x) {…} }`: an object's method sits in the object itself, a class's in its body.
  if (body?.kind() === 'object') return objectApi(body, method, root);
  const owner = body?.parent();
  if (!owner) return null;
  if (owner.kind() === 'class_declaration' || owner.kind() === 'class' || owner.kind() === 'abstract_class_declaration') {
    const cls = owner.field('name')?.text() ?? '';
    const parent = owner.parent();
    const exported = parent?.kind() === 'export_statement' || (cls !== '' && exportedNames(root).has(cls)) || (parent?.kind() === 'assignment_expression' && EXPORTS_LEFT.test(parent.field('left')?.text() ?? ''));
    // `class B extends A {}` exported: B's instances carry A's methods (A.parse is B's API).
    const heir = exported || method === 'constructor' || cls === '' ? null : exportedSubclass(root, cls);
    if (heir) return `${heir}.${method}`;
    return exported ? `${cls || 'default'}.${method === 'constructor' ? 'new' : method}` : null;
  }
  if (owner.kind() === 'object') return objectApi(owner, method, root);
  return null;
}

/** An exported class of the file that extends `cls` (directly), or null. */
function exportedSubclass(root: SgNode, cls: string): string | null {
  const heirs = root.findAll({ rule: { kind: 'class_declaration', has: { kind: 'class_heritage', regex: `^extends\\s+${escapeRe(cls)}\\s*$` } } });
  const heir = heirs.find((h) => h.parent()?.kind() === 'export_statement' || exportedNames(root).has(h.field('name')?.text() ?? ''));
  return heir?.field('name')?.text() ?? null;
}

/** `module.exports = { name() {} }` or `module.exports = { name: function () {} }`. */
function objectApi(obj: SgNode, key: string, root: SgNode): string | null {
  const parent = obj.parent();
  // Object.assign(Ctor.prototype, { method() {} }) on an exported constructor.
  const mixed = parent?.kind() === 'arguments' && parent.parent()?.field('function')?.text() === 'Object.assign' ? /^([\w$]+)\.prototype$/.exec(parent.namedChildren()[0]?.text() ?? '') : null;
  if (mixed && exportedNames(root).has(mixed[1] ?? '')) return `${mixed[1]}.prototype.${key}`;
  if (parent?.kind() === 'assignment_expression' && EXPORTS_LEFT.test(parent.field('left')?.text() ?? '')) return key;
  // `export default { name() {} }`: the module's default export is the object.
  if (parent?.kind() === 'export_statement') return `default.${key}`;
  // Ctor.prototype = { method: function … } on an exported constructor.
  const proto = parent?.kind() === 'assignment_expression' ? /^([\w$]+)\.prototype$/.exec(parent.field('left')?.text() ?? '') : null;
  if (proto && exportedNames(root).has(proto[1] ?? '')) return `${proto[1]}.prototype.${key}`;
  // `const utils = { … }` exported by name, or written as `export const utils = { … }`.
  if (parent?.kind() === 'variable_declarator' && (exportedNames(root).has(parent.field('name')?.text() ?? '') || parent.parent()?.parent()?.kind() === 'export_statement')) return `${parent.field('name')?.text()}.${key}`;
  return null;
}

/** The name an inner function is known by in its enclosing function: `function n`, `const n = …`, or `obj.n = …` (as `obj`). */
function localHandle(fn: SgNode): { name: string; key: string } | null {
  const own = fn.field('name')?.text();
  if (own) return { name: own, key: own };
  const parent = fn.parent();
  if (parent?.kind() === 'variable_declarator') {
    const name = parent.field('name')?.text() ?? '';
    return { name, key: name };
  }
  const m = parent?.kind() === 'assignment_expression' ? /^([\w$]+)\.([\w$]+)$/.exec(parent.field('left')?.text() ?? '') : null;
  return m ? { name: m[1] ?? '', key: m[2] ?? '' } : null;
}

/** `(() => { … return { upload }; })()` assigned to an exported name or to module.exports: the name, or null. */
function exportedIife(fn: SgNode, root: SgNode): string | null {
  let call = fn.parent();
  while (call?.kind() === 'parenthesized_expression') call = call.parent();
  if (call?.kind() !== 'call_expression') return null;
  const holder = call.parent();
  if (holder?.kind() === 'variable_declarator') {
    const name = holder.field('name')?.text() ?? '';
    return exportedNames(root).has(name) ? name : null;
  }
  return holder?.kind() === 'assignment_expression' && EXPORTS_LEFT.test(holder.field('left')?.text() ?? '') ? 'module.exports' : null;
}

/**
 * A function an exported factory hands back: `module.exports = function (dir) { function add(n) {…} return add; }`,
 * `return { upload: upload }`, or `obj.run = function …; return obj`. Its caller reaches it as the library's API.
 */
function returnedByFactory(fn: SgNode, root: SgNode, hops = 0): string | null {
  const factory = enclosingFunction(fn);
  if (!factory || hops > 2) return null;
  const inline = handedInline(fn, factory);
  if (inline !== null) {
    const outer = isPrivate(inline) ? null : exportedIife(factory, root) ?? exportedApi(factory, hops + 1);
    return outer ? `${outer}→${inline}` : null;
  }
  const handle = localHandle(fn);
  if (!handle || isPrivate(handle.key)) return null;
  const handed = returnedValues(factory).some((v) => {
    if (v.kind() === 'identifier') return v.text() === handle.name;
    if (v.kind() !== 'object') return false;
    return v.namedChildren().some((c) => (c.kind() === 'shorthand_property_identifier' && c.text() === handle.name) || (c.kind() === 'pair' && c.field('value')?.text() === handle.name && !isPrivate(c.field('key')?.text() ?? '')));
  });
  if (!handed) return null;
  const outer = exportedIife(factory, root) ?? exportedApi(factory, hops + 1) ?? resultExported(factory, root);
  return outer ? `${outer}→${handle.key}` : null;
}

/** `var _ = runInContext(); module.exports = _`: a named factory whose call's result the module exports (lodash's
 * `runInContext`, `module.exports = factory()`). The exported name, or null. */
function resultExported(factory: SgNode, root: SgNode): string | null {
  const handle = localHandle(factory);
  if (!handle || handle.name !== handle.key) return null;
  for (const call of callsByIdentifier(root).get(handle.name) ?? []) {
    let holder = call.parent();
    while (holder?.kind() === 'parenthesized_expression') holder = holder.parent();
    if (holder?.kind() === 'variable_declarator') {
      const name = holder.field('name')?.text() ?? '';
      if (exportedNames(root).has(name)) return name;
    } else if (holder?.kind() === 'assignment_expression') {
      const left = holder.field('left')?.text() ?? '';
      if (EXPORTS_LEFT.test(left)) return 'module.exports';
      if (exportedNames(root).has(left)) return left;
    }
  }
  return null;
}


/** `return function (input) {…}` or `return { check: function (value) {…}, run(x) {…} }` written inline in the
 * factory: the name the caller reaches fn by ('' when returned itself), or null when fn is not handed out so. */
function handedInline(fn: SgNode, factory: SgNode): string | null {
  for (const v of returnedValues(factory)) {
    const value = unwrapParens(v);
    if (!value) continue;
    if (sameNode(value, fn)) return fn.field('name')?.text() ?? '';
    if (value.kind() !== 'object') continue;
    for (const c of value.namedChildren()) {
      if (c.kind() === 'method_definition' && sameNode(c, fn)) return c.field('name')?.text() ?? '';
      const held = c.kind() === 'pair' ? unwrapParens(c.field('value')) : null;
      if (held && sameNode(held, fn)) return c.field('key')?.text() ?? '';
    }
  }
  return null;
}

/** The public name of an exported function or method (`killPort`, `Git.log`, `Notifier.prototype.notify`), or null. */
export function exportedApi(fn: SgNode, hops = 0): string | null {
  // Taint asks it of a function once per parameter it classifies, and a factory's answer once per function inside it.
  return memoOnNode(fn, `exported api ${hops}`, () => exportedApiUncached(fn, hops));
}

function exportedApiUncached(fn: SgNode, hops: number): string | null {
  const direct = directApi(fn);
  if (direct !== null || hops > 2) return direct;
  // A method is handed out only inline, in an object the factory returns.
  if (fn.kind() === 'method_definition' && fn.parent()?.kind() !== 'object') return null;
  return returnedByFactory(fn, fn.getRoot().root(), hops) ?? hungByName(fn, hops) ?? heldInReturnedObject(fn, hops);
}

// `{ isTime: isTime }`, `{ isTime }`: an object entry holding a plain name.
const NAMED_ENTRY = { any: [{ kind: 'shorthand_property_identifier' }, { kind: 'pair', has: { field: 'value', kind: 'identifier' } }] };

/** The nodes a rule finds in the file, by the name `nameOf` reads off each, found once per tree under `question`. */
function nodesByName(root: SgNode, question: string, rule: FindRule, nameOf: (node: SgNode) => string): Map<string, SgNode[]> {
  return memoOnNode(root, question, () => {
    const out = new Map<string, SgNode[]>();
    for (const node of root.findAll({ rule })) {
      const name = nameOf(node);
      // Appended in place: a name held hundreds of times in a bundle copied its list as often.
      const list = out.get(name);
      if (list) list.push(node);
      else out.set(name, [node]);
    }
    return out;
  });
}

/** The file's object entries holding a plain name, by the name, found once per tree. */
function namedEntries(root: SgNode): Map<string, SgNode[]> {
  return nodesByName(root, 'named entries', NAMED_ENTRY, (e) => (e.kind() === 'pair' ? e.field('value')?.text() ?? '' : e.text()));
}

/**
 * A named function held by name in the object another exported function returns: `function isTime(v) {…}` beside
 * `module.exports = function validator(c) { return { isTime: isTime }; }`. The caller reaches it as
 * `validator(…).isTime`. (A function written inside the factory is returnedByFactory's.)
 */
function heldInReturnedObject(fn: SgNode, hops: number): string | null {
  const handle = localHandle(fn);
  if (!handle || handle.name !== handle.key) return null;
  const root = fn.getRoot().root();
  for (const entry of namedEntries(root).get(handle.name) ?? []) {
    const key = entry.kind() === 'pair' ? entry.field('key')?.text() ?? '' : entry.text();
    const object = entry.parent();
    let returned = object?.parent();
    while (returned?.kind() === 'parenthesized_expression') returned = returned.parent();
    if (isPrivate(key) || !object || (returned?.kind() !== 'return_statement' && returned?.kind() !== 'arrow_function')) continue;
    const factory = enclosingFunction(object);
    if (!factory || sameNode(factory, fn)) continue;
    const outer = exportedIife(factory, root) ?? exportedApi(factory, hops + 1) ?? resultExported(factory, root);
    if (outer) return `${outer}→${key}`;
  }
  return null;
}

// `hooks.parse = parseInput`: a member path assigned a plain name.
const HUNG = { kind: 'assignment_expression', all: [{ has: { field: 'left', kind: 'member_expression' } }, { has: { field: 'right', kind: 'identifier' } }] };

/** The file's `a.b = name` assignments by the name assigned, found once per tree. */
function hungNames(root: SgNode): Map<string, SgNode[]> {
  return nodesByName(root, 'hung names', HUNG, (a) => a.field('right')?.text() ?? '');
}

/** The function a name denotes in `scope` (a declaration `function name`, or `const name = function …`), or null. */
function declaredIn(scope: SgNode, name: string): SgNode | null {
  const n = escapeRe(name);
  return scope.find({ rule: { any: [{ kind: 'function_declaration', has: { field: 'name', regex: `^${n}$` } }, { kind: 'variable_declarator', has: { field: 'name', regex: `^${n}$` } }] } });
}

/**
 * A named function hung by reference on an exported object: `hooks.parse = parseInput` where `hooks` is exported
 * (or is itself a function an exported factory returns, moment's UMD), `lodash.trim = trim`. The caller reaches it as
 * `hooks.parse`. The assignment must be in the function's own scope (the function around it holds both).
 */
function hungByName(fn: SgNode, hops: number): string | null {
  const handle = localHandle(fn);
  if (!handle || handle.name !== handle.key) return null;
  const root = fn.getRoot().root();
  const scope = enclosingFunction(fn);
  for (const a of hungNames(root).get(handle.name) ?? []) {
    const left = a.field('left')?.text() ?? '';
    const path = /^([\w$]+)((?:\.[\w$]+)+)$/.exec(left);
    if (!path || path[2]?.split('.').some(isPrivate) || left.endsWith('.prototype')) continue;
    // Same scope: the assignment sits inside the function that declares fn (anywhere, when fn is at module level).
    if (scope && !inside(a, scope)) continue;
    const head = path[1] ?? '';
    if (exportedNames(root).has(head) || EXPORTS_LEFT.test(head) || head === 'module') return left;
    const holder = declaredIn(scope ?? root, head);
    const holderFn = holder?.kind() === 'variable_declarator' ? holder.field('value') : holder;
    const api = holderFn && FUNCTION_KINDS.has(String(holderFn.kind())) && !sameNode(holderFn, fn) ? exportedApi(holderFn, hops + 1) : null;
    if (api) return `${api}${path[2]}`;
  }
  return null;
}

/** Whether `node` lies within `scope`'s text. */
function inside(node: SgNode, scope: SgNode): boolean {
  const n = node.range();
  const r = scope.range();
  return n.start.index >= r.start.index && n.end.index <= r.end.index;
}


function directApi(fn: SgNode): string | null {
  const root = fn.getRoot().root();
  if (fn.kind() === 'method_definition') return methodApi(fn, root);
  let parent = fn.parent();
  // `gpg: IS_NODE ? (_, body) => … : NODE_ONLY`: either branch of a condition is what the holder exports.
  while (parent?.kind() === 'ternary_expression' || parent?.kind() === 'parenthesized_expression') parent = parent.parent();
  if (!parent) return null;
  const own = fn.field('name')?.text();
  if (parent.kind() === 'export_statement') return own ?? 'default';
  if (own && exportedPublicly(root, own)) return own;
  const pk = parent.kind();
  if (pk === 'variable_declarator') {
    const name = parent.field('name')?.text() ?? '';
    if (exportedPublicly(root, name)) return name;
    if (isPrivate(name)) return null;
    return parent.parent()?.parent()?.kind() === 'export_statement' ? name : null;
  }
  // (function (root, factory) { … module.exports = factory(); … })(this, function () { … }): a UMD wrapper's factory.
  if (pk === 'arguments') return umdFactory(fn) ? 'module.exports' : null;
  if (pk === 'assignment_expression') {
    const left = parent.field('left')?.text() ?? '';
    const m = EXPORTS_LEFT.exec(left);
    if (m) return m[1] ? (isPrivate(m[1]) ? null : m[1]) : own ?? 'module.exports';
    // this.method = function … inside an exported constructor: each instance carries it.
    const field = /^this\.([\w$]+)$/.exec(left)?.[1];
    if (field) {
      const ctor = !isPrivate(field) ? enclosingFunction(parent) : null;
      const ctorApi = ctor && ctor.kind() !== 'arrow_function' ? directApi(ctor) : null;
      return ctorApi ? `${ctorApi}#${field}` : null;
    }
    // Ctor.prototype.method = function … or Ctor.method = function … on an exported constructor, or a function
    // hung deeper on an exported object (`api.get.rgb = function …`, `module.exports.get.rgb = …`).
    const path = /^([\w$]+)((?:\.[\w$]+)+)$/.exec(left);
    if (!path || path[2]?.split('.').some(isPrivate)) return null;
    const head = path[1] ?? '';
    if (exportedNames(root).has(head) || exportedNames(root).has(left) || /^(module\.)?exports\./.test(left)) return left;
    return null;
  }
  if (pk === 'field_definition' || pk === 'public_field_definition') return fieldApi(parent, root);
  if (pk === 'pair') {
    const key = parent.field('key')?.text() ?? '';
    const obj = parent.parent();
    return obj && !isPrivate(key) ? objectApi(obj, key, root) : null;
  }
  return null;
}
