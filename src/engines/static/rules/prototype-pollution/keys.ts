// Prototype pollution, where a key comes from: a property key is an attacker's key when it derives from input — a
// function parameter (or `arguments`), the keys of another object passed in (for…in, Object.keys/entries, _.each),
// or the segments of a path split from such a value — and not when it is a literal, an element of a literal list, a
// loop counter, or a key read from the written object itself (`for (k of Object.keys(obj)) obj[k] = …` copies the
// object's own keys back: nothing reaches Object.prototype). A key that passes through a local helper which rejects
// __proto__-like segments is not an attacker key either, nor are keys the library builds itself: one character of a
// key (`key[i]`, `key.charAt(i)`, `for (c of key)`: a trie), a key with a fixed prefix or suffix no dangerous key has
// (`'$' + name`), a name whose last assignment before the use (on every path to it) gives it such a value, and a
// private function's parameter every call in the file fills from a helper that refuses the dangerous keys, and a
// parameter named for a number every call in the file fills with one (counted-param.ts), what a method of the library's
// own objects returns (builtin-methods.ts), a field a helper of this file returns computed (returned-fields.ts), and a
// parameter declared a number (declared-number.ts).
import type { SgNode } from '@ast-grep/napi';
import { FUNCTION_KINDS, argsOf, escapeRe, memoOnNode, numberValue } from '../../ast.ts';
import { fileMayGuard, guardText, helperGuards } from './guard.ts';
import { builtinMethod } from './builtin-methods.ts';
import { countedParam } from './counted-param.ts';
import { exportedApi } from '../../exports.ts';
import { declaredNumber } from './declared-number.ts';
import { returnedField } from './returned-fields.ts';
import { callsNamed, fileMemo, fileText, moduleWrapper, nearestAncestor, scopeIndex } from './scope.ts';

const NOT_VARIABLES = new Set(['undefined', 'null', 'true', 'false', 'Object', 'Array', 'Math', 'JSON', 'String', 'Number', 'Boolean', 'Reflect', 'Symbol', 'Date', 'RegExp', 'Error', 'Infinity', 'NaN', 'console', 'require', 'module', 'exports', 'process', 'window', 'document', 'globalThis']);
/** Calls whose callback's first parameter is an element of the receiver (a key when the receiver is a key list). */
const ELEMENT_CALLBACKS = /\.(forEach|map|filter|some|every|find|flatMap)$/;
/** Calls whose callback receives (value, key) of the object passed first: _.each(src, (v, k) => …). */
const KEYED_CALLBACKS = /^(?:_|lodash|\$|jQuery|angular|async|underscore)\.(each|forEach|forOwn|forIn|map|mapValues|eachOf)$|^(?:each|forEach|forOwn|forIn|eachOf)$/;
const KEY_LISTS = /(?:^|\.)(?:keys|keysIn|allKeys|entries|getOwnPropertyNames|ownKeys)$/;

const DANGEROUS = ['__proto__', 'constructor', 'prototype'];
const LITERALS: ReadonlySet<string> = new Set(['string', 'number', 'true', 'false', 'null', 'undefined']);
const STRING_TEXT = (n: SgNode | null | undefined): string | null => (n && n.kind() === 'string' ? n.text().slice(1, -1) : null);

/**
 * A concatenation or template whose fixed head is no dangerous key's beginning, or whose fixed tail is no dangerous
 * key's end: `'$' + name` and `${k}:meta` can never be __proto__, constructor or prototype (`'__' + x` can). With
 * `whole` (the key as written at the subscript, not text a split or slice takes apart later), also a fixed piece
 * anywhere that no dangerous key holds: `obj[parent + '.' + child]`.
 */
function fixedAffix(n: SgNode, whole: boolean): boolean {
  let head: string | null = null;
  let tail: string | null = null;
  let pieces: string[];
  if (n.kind() === 'template_string') {
    const parts = n.children().filter((c) => c.kind() === 'string_fragment' || c.kind() === 'template_substitution');
    if (!parts.some((c) => c.kind() === 'template_substitution')) return false;
    if (parts[0]?.kind() === 'string_fragment') head = parts[0].text();
    if (parts.at(-1)?.kind() === 'string_fragment') tail = parts.at(-1)?.text() ?? null;
    pieces = parts.filter((c) => c.kind() === 'string_fragment').map((c) => c.text());
  } else {
    if (n.field('operator')?.text() !== '+') return false;
    const operands = [unwrap(n.field('right') as SgNode)];
    let left = unwrap(n.field('left') as SgNode);
    while (left.kind() === 'binary_expression' && left.field('operator')?.text() === '+') {
      operands.push(unwrap(left.field('right') as SgNode));
      left = unwrap(left.field('left') as SgNode);
    }
    head = STRING_TEXT(left);
    tail = STRING_TEXT(operands[0] as SgNode);
    pieces = [left, ...operands].map(STRING_TEXT).filter((t): t is string => t !== null);
  }
  if (whole && pieces.some((p) => p !== '' && !DANGEROUS.some((d) => d.includes(p)))) return true;
  return (head !== null && head !== '' && !DANGEROUS.some((d) => d.startsWith(head as string))) || (tail !== null && tail !== '' && !DANGEROUS.some((d) => d.endsWith(tail as string)));
}

/** The operands of a `+` chain (`a + b + c`). */
function plusOperands(n: SgNode): SgNode[] {
  const u = unwrap(n);
  if (u.kind() !== 'binary_expression' || u.field('operator')?.text() !== '+') return [u];
  return [...plusOperands(u.field('left') as SgNode), ...plusOperands(u.field('right') as SgNode)];
}

/** The match of a regular expression literal (`/re/.exec(s)`, `s.match(/re/)`) whose capture group `group` holds only
 *  digits (`(\d*)`, `([0-9]+)`): no dangerous key is spelled by it. */
function digitGroup(call: SgNode, group: number): boolean {
  if (call.kind() !== 'call_expression' || group < 1) return false;
  const callee = call.field('function');
  if (callee?.kind() !== 'member_expression') return false;
  const method = callee.field('property')?.text();
  const regex = method === 'exec' ? unwrap(callee.field('object') as SgNode) : method === 'match' ? argsOf(call)[0] : undefined;
  const pattern = regex?.kind() === 'regex' ? regex.field('pattern')?.text() : undefined;
  if (pattern === undefined) return false;
  // The capture groups in order of their opening parenthesis (not escaped, not in a class, not `(?`).
  let count = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') { i++; continue; }
    if (inClass) { if (c === ']') inClass = false; continue; }
    if (c === '[') { inClass = true; continue; }
    if (c !== '(' || pattern[i + 1] === '?') continue;
    if (++count !== group) continue;
    const body = /^((?:\\d|\[0-9\]|\[\\d\])(?:[*+?]|\{\d+(?:,\d*)?\})?)\)/.exec(pattern.slice(i + 1));
    return body !== null;
  }
  return false;
}

/** Removes wrapping parentheses, TypeScript assertions (`<T>x`, `x as T`, `x!`) from an expression node. */
export function unwrap(node: SgNode): SgNode {
  let n = node;
  for (let i = 0; i < 6; i++) {
    const k = n.kind();
    if (k === 'parenthesized_expression' || k === 'non_null_expression') n = n.namedChildren().find((c) => c.kind() !== 'comment') ?? n;
    else if (k === 'type_assertion') n = n.namedChildren().at(-1) ?? n;
    else if (k === 'as_expression' || k === 'satisfies_expression') n = n.namedChildren()[0] ?? n;
    else break;
  }
  return n;
}

/** The root identifier of `a`, `a.b`, `a[b]`, `a.b.c` (or '' when it is not one). */
export function rootName(node: SgNode): string {
  let n = unwrap(node);
  for (let i = 0; i < 8 && (n.kind() === 'member_expression' || n.kind() === 'subscript_expression'); i++) n = unwrap(n.field('object') ?? n);
  return n.kind() === 'identifier' ? n.text() : n.kind() === 'this' ? 'this' : '';
}


interface Binding { kind: 'param' | 'value' | 'for-in' | 'for-of' | 'element' | 'keyed' | 'counter' | 'function' | 'arguments'; node?: SgNode; fn?: SgNode; index?: number }

function paramBinding(fnNode: SgNode, index: number): Binding {
  const call = fnNode.parent()?.kind() === 'arguments' ? fnNode.parent()?.parent() : null;
  const callee = call?.field('function')?.text().replace(/\s+/g, '') ?? '';
  if (call && ELEMENT_CALLBACKS.test(callee)) {
    const receiver = call.field('function')?.field('object');
    if (index === 0 && receiver) return { kind: 'element', node: receiver };
    return { kind: 'counter' };
  }
  if (call && /\.reduce(Right)?$/.test(callee)) {
    const receiver = call.field('function')?.field('object');
    if (index === 1 && receiver) return { kind: 'element', node: receiver };
    return { kind: index === 0 ? 'value' : 'counter', node: argsOf(call)[1] };
  }
  if (call && KEYED_CALLBACKS.test(callee)) {
    const source = argsOf(call)[0];
    if (index === 1 && source) return { kind: 'keyed', node: source };
    return index === 0 && source ? { kind: 'element', node: source } : { kind: 'param' };
  }
  return { kind: 'param', fn: fnNode, index };
}

/**
 * A private function declaration's parameter that every call in the file fills from a helper rejecting the dangerous
 * keys (`parsed = parsePath(path); setParsed(obj, val, parsed)` with parsePath refusing __proto__ and constructor).
 */
function screenedParam(fn: SgNode, index: number): boolean {
  const name = fn.kind() === 'function_declaration' ? fn.field('name')?.text() : undefined;
  if (!name) return false;
  // Every call must pass a key check or a helper that guards: none in the file, no screened parameter.
  if (!fileMayGuard(fn)) return false;
  // Once per parameter of the file: every use of the name in every function asks again.
  return fileMemo(fn, `screened ${fn.id()} ${index}`, () => screenedCalls(fn, name, index));
}

function screenedCalls(fn: SgNode, name: string, index: number): boolean {
  // An exported function's callers are the library's users: the calls in this file screen nothing.
  if (exportedApi(fn) !== null) return false;
  const calls = callsNamed(fn, name);
  if (calls.length === 0) return false;
  return calls.every((call) => {
    const arg = argsOf(call)[index];
    if (!arg) return false;
    if (checkedAround(call, arg, fn)) return true;
    const caller = nearestAncestor(call, (a) => FUNCTION_KINDS.has(String(a.kind())));
    const value = unwrap(arg).kind() === 'identifier' && caller ? scopeIndex(caller).valuesOf(unwrap(arg).text()) : [arg];
    return value.length > 0 && value.every((x) => {
      const u = unwrap(x);
      const callee = u.kind() === 'call_expression' ? u.field('function') : null;
      return callee?.kind() === 'identifier' && helperGuards(fn, callee.text());
    });
  });
}

/** The call runs only when an `if` around it (inside its caller) passed the argument through a key check:
 *  `if (isValidKey(key)) mixin(target, obj[key], key)`. */
function checkedAround(call: SgNode, arg: SgNode, fn: SgNode): boolean {
  const name = unwrap(arg).text();
  if (!/^[\w$]+$/.test(name)) return false;
  const v = new RegExp(`\\b${escapeRe(name)}\\b`);
  for (let child = call, p = call.parent(); p && !FUNCTION_KINDS.has(String(p.kind())); child = p, p = p.parent()) {
    if (p.kind() !== 'if_statement' || p.field('consequence')?.id() !== child.id()) continue;
    const condition = p.field('condition');
    const text = condition?.text() ?? '';
    if (!v.test(text)) continue;
    if (guardText(text)) return true;
    for (const m of text.matchAll(/(?:^|[^.\w$])([\w$]+)\s*\(/g)) if (helperGuards(fn, m[1] as string)) return true;
  }
  return false;
}

const BINDINGS = new WeakMap<SgNode, Map<string, Binding[]>>();

/** Every place `name` is bound inside scope (cached per scope node: one function's writes share the lookups). */
function bindingsOf(scope: SgNode, name: string): Binding[] {
  let byName = BINDINGS.get(scope);
  if (!byName) BINDINGS.set(scope, (byName = new Map()));
  const hit = byName.get(name);
  if (hit) return hit;
  const found = findBindings(scope, name);
  byName.set(name, found);
  return found;
}

function findBindings(scope: SgNode, name: string): Binding[] {
  const index = scopeIndex(scope);
  const out: Binding[] = [];
  for (const { fn, index: i } of index.paramsBinding(name)) out.push(paramBinding(fn, i));
  for (const d of index.declarators.get(name) ?? []) {
    const value = d.field('value');
    const inFor = d.parent()?.parent()?.kind() === 'for_statement' && d.parent()?.id() === d.parent()?.parent()?.field('initializer')?.id();
    out.push(inFor && value?.kind() === 'number' ? { kind: 'counter' } : value ? { kind: 'value', node: value } : { kind: 'counter' });
  }
  // Destructured: const { head, rest } = splitPath(path), const [a, b] = key.split('=').
  for (const d of index.destructured.get(name) ?? []) out.push({ kind: 'value', node: d.field('value') as SgNode });
  for (const a of [...(index.assignments.get(name) ?? []), ...(index.augmented.get(name) ?? [])]) {
    const value = a.field('right');
    if (value) out.push({ kind: 'value', node: value });
  }
  for (const loop of index.loops) {
    if (!index.loopDeclares(loop, name)) continue;
    const right = loop.field('right');
    const of = loop.children().some((c) => c.text() === 'of');
    if (right) out.push({ kind: of ? 'for-of' : 'for-in', node: right });
  }
  if (index.declaredFunctions.has(name)) out.push({ kind: 'function' });
  // `args[_i - 1] = arguments[_i]`: a rest parameter compiled to ES5 holds the caller's arguments.
  if (argumentCopies(scope).has(name)) out.push({ kind: 'arguments' });
  return out;
}

// `list[i - 1] = arguments[i]` (how TypeScript and Babel compile `...list` for ES5), by the list's name.
const ARGUMENT_COPY = /(?<![\w$.])([\w$]+)\s*\[[^\]=;]*\]\s*=\s*arguments\s*\[/g;

/** The names a scope fills element by element from its arguments: found once per scope, in files that do so at all. */
function argumentCopies(scope: SgNode): ReadonlySet<string> {
  if (!fileMemo(scope, 'copies arguments', () => /=\s*arguments\s*\[/.test(fileText(scope)))) return NO_NAMES;
  return memoOnNode(scope, 'argument copies', () => new Set([...scope.text().matchAll(ARGUMENT_COPY)].map((m) => m[1] as string)));
}

const NO_NAMES: ReadonlySet<string> = new Set();

// `if (typeof n !== 'number') throw …`, `if (!Number.isInteger(n)) return …`: past the check, n is a number.
const NUMBER_CHECK = /typeof\s+([\w$]+)\s*!==?\s*['"]number['"]\s*\)\s*\{?\s*(?:throw|return|continue)\b|!\s*Number\.is(?:Safe)?Integer\(\s*([\w$]+)\s*\)\s*\)\s*\{?\s*(?:throw|return|continue)\b/g;

/** The names a scope checks for a number and leaves on failure: one scan of its text (a bundle's wrapper is the whole
 *  file) for every name asked about. */
function numberCheckedNames(scope: SgNode, text: string): ReadonlySet<string> {
  // Both checks spell `number` or `Number`.
  if (!text.includes('umber')) return NO_NAMES;
  return memoOnNode(scope, 'number-checked names', () => new Set([...text.matchAll(NUMBER_CHECK)].map((m) => (m[1] ?? m[2]) as string)));
}

const NO_TARGETS: ReadonlySet<string> = new Set();

/** The key analysis of one function for one set of written objects, shared by every question about them (a closure's
 *  lookup, a caller's arguments, a helper's returned fields): its memo works out each name once per tree. */
export function keyOriginsOf(scope: SgNode, self: ReadonlySet<string>): KeyOrigins {
  return memoOnNode(scope, `key origins\0${[...self].sort().join(' ')}`, () => new KeyOrigins(scope, self));
}

/** Decides whether key expressions in one function carry attacker keys, relative to the objects being written. */
export class KeyOrigins {
  private readonly memo = new Map<string, boolean>();
  private readonly visiting = new Set<string>();
  private readonly scopeId: number;
  constructor(private readonly scope: SgNode, private readonly self: ReadonlySet<string>) {
    this.scopeId = scope.id();
  }

  /** A key expression carries an attacker key. */
  key(node: SgNode, depth = 0): boolean {
    const n = unwrap(node);
    const k = n.kind();
    if (depth > 12) return false;
    if (k === 'string' || k === 'number' || k === 'true' || k === 'false' || k === 'null' || k === 'undefined' || k === 'regex') return false;
    // Numbers are never `__proto__`: `+s`, `-i`, `i++`, `a - b`, `x >> 2`, comparisons.
    if (k === 'unary_expression' && /^(?:[-+~!]|typeof|void)$/.test(n.child(0)?.text() ?? '')) return false;
    if (k === 'update_expression') return false;
    if (k === 'binary_expression' && /^(?:[-*/%&|^<>]|\*\*|<<|>>>?|[<>=!]=?=?|instanceof|in)$/.test(n.field('operator')?.text() ?? '')) return false;
    // A fixed prefix or suffix that no dangerous key starts or ends with: `'$' + name`, `${k}:meta`; in the key as
    // written (depth 0), a fixed piece no dangerous key holds: `parent + '.' + child`.
    if ((k === 'binary_expression' || k === 'template_string') && fixedAffix(n, depth === 0)) return false;
    // `r0 + R` with R a counter: a number in a `+` chain puts its digits (or NaN, Infinity) in the key, and no
    // dangerous key holds any of them.
    if (k === 'binary_expression' && n.field('operator')?.text() === '+' && plusOperands(n).some((o) => this.numeric(o))) return false;
    // `cond ? 'a' : 'b'`: the key is one of the branches; the condition only picks between them.
    if (k === 'ternary_expression') return [n.field('consequence'), n.field('alternative')].some((b) => b !== null && this.key(b, depth + 1));
    if (k === 'template_string') return n.findAll({ rule: { kind: 'template_substitution' } }).some((s) => this.key(s, depth + 1));
    if (k === 'identifier') {
      // The variable of an enclosing loop shadows other bindings of its name: a counting loop's variable is a number,
      // a for…in/of variable takes that loop's keys.
      if (this.numberChecked(n.text())) return false;
      const loop = this.loopOf(n);
      if (loop) return this.binding(loop, depth);
      // A list filled from the arguments after it was declared empty: the caller's values, whatever it started as.
      if (argumentCopies(this.scope).has(n.text())) return true;
      // The name was last set, before this use, by a statement every path to the use runs: only that value reaches.
      const last = this.dominating(n);
      if (last) return this.key(last, depth + 1);
      // A parameter of an enclosing callback shadows every other binding of the name in the scope.
      const param = this.paramOf(n);
      return param ? this.binding(param, depth) : this.name(n.text());
    }
    // One character of a string key (`key[i]`, `key.charAt(i)`) is never __proto__, constructor or prototype.
    if (this.oneCharacter(n)) return false;
    // A capture group of digits only (`m = /\[(\d*)]$/.exec(key)`, then `m[1]`): an index, like a number.
    if (k === 'subscript_expression' && this.digitCapture(n)) return false;
    if (k === 'call_expression') {
      const callee = n.field('function');
      // A local helper that rejects dangerous segments cleans what it returns.
      if (callee?.kind() === 'identifier' && helperGuards(this.scope, callee.text())) return false;
      // `Object.keys(o)[0]`: the keys of o, the written object's own when o is one of them.
      if (KEY_LISTS.test(callee?.text().replace(/\s+/g, '') ?? '')) return argsOf(n).slice(0, 1).some((a) => this.keysOf(a, depth));
      // The receiver's keys pass through a built-in method (`path.split('.')`, `keys.slice(1)`); a method of the
      // library's own objects (`type.splitPath()`) returns what that object computes, from its arguments at most.
      const receiver = callee?.kind() === 'member_expression' && builtinMethod(callee.field('property')?.text() ?? '') ? callee.field('object') : null;
      return [...(receiver ? [receiver] : []), ...argsOf(n)].some((a) => this.key(a, depth + 1));
    }
    if (k === 'member_expression') {
      // `x.length` is a number whatever x is.
      if (n.field('property')?.text() === 'length') return false;
      const object = n.field('object');
      // `this.input`, set in this scope (`this.input = fs.readFileSync(path)`): the values it was given.
      if (object?.kind() === 'this') return (scopeIndex(this.scope).thisProps.get(n.field('property')?.text() ?? '') ?? []).some((a) => this.key(a.field('right') as SgNode, depth + 1));
      // `addr.r` with `addr = decodeCell(ref)`: the field as the helper's returned literals give it.
      const field = object ? this.helperField(object, n.field('property')?.text() ?? '', depth) : undefined;
      if (field !== undefined) return field;
      return Boolean(object) && this.key(object as SgNode, depth + 1);
    }
    return n.children().filter((c) => c.isNamed()).some((c) => this.key(c, depth + 1));
  }

  /**
   * `call().field`, or `v.field` with every value of v such a call, where call runs a helper of this file whose every
   * return is an object literal giving the field a value: false when none of those values carries a key in the helper
   * (then nothing the call was given reaches the field); undefined when the question does not apply.
   */
  private helperField(object: SgNode, field: string, depth: number): boolean | undefined {
    const o = unwrap(object);
    const calls = o.kind() === 'call_expression' ? [o] : o.kind() === 'identifier' ? bindingsOf(this.scope, o.text()).map((b) => (b.kind === 'value' && b.node ? unwrap(b.node) : null)) : [];
    if (calls.length === 0 || calls.some((c) => c?.kind() !== 'call_expression')) return undefined;
    for (const call of calls as SgNode[]) {
      const found = returnedField(call, field);
      if (!found) return undefined;
      const origins = keyOriginsOf(found.helper, NO_TARGETS);
      if (found.values.some((v) => origins.key(v, depth + 1))) return undefined;
    }
    return false;
  }

  /** The key is a parameter (or a property of one) as passed, with no parsing or key iteration in between. */
  direct(node: SgNode, depth = 0): boolean {
    const n = unwrap(node);
    if (depth > 4) return false;
    // A property of a parameter, or an element of a parameter's list (`fields[i].name`).
    if (n.kind() === 'member_expression' || n.kind() === 'subscript_expression') return this.direct(n.field('object') as SgNode, depth + 1);
    if (n.kind() !== 'identifier') return false;
    const bindings = bindingsOf(this.scope, n.text());
    // A literal default (`op || (op = '$set')`) leaves the key the caller's whenever the caller passes one.
    const literal = (b: Binding) => b.kind === 'value' && b.node !== undefined && LITERALS.has(String(unwrap(b.node).kind()));
    return bindings.length > 0 && !bindings.every(literal) && bindings.every((b) => b.kind === 'param' || literal(b) || (b.kind === 'value' && Boolean(b.node) && this.direct(b.node as SgNode, depth + 1)));
  }

  /** An object whose own keys are attacker keys: input, not the written object itself. */
  keysOf(node: SgNode, depth: number): boolean {
    let n = unwrap(node);
    // `for (k in (a, b))`: the last expression is the object.
    if (n.kind() === 'sequence_expression') n = unwrap(n.namedChildren().at(-1) ?? n);
    if (n.kind() === 'object' || n.kind() === 'array') return false;
    const root = rootName(n);
    if (root && this.self.has(root) && this.aliasAt(root, n)) return false;
    return this.key(n, depth + 1);
  }

  /**
   * `root`, one of the written objects, is the written object where `at` stands: itself, or an alias of it made by an
   * assignment whose block holds `at` (`target = source` in the branch where source is not an object leaves the loop
   * over source's keys in the other branch copying them into a different target).
   */
  private aliasAt(root: string, at: SgNode): boolean {
    const index = scopeIndex(this.scope);
    const aliasing = [...this.self].filter((s) => s !== root).flatMap((s) => [...(index.declarators.get(s) ?? []), ...(index.assignments.get(s) ?? [])]).filter((d) => {
      const v = d.field(d.kind() === 'variable_declarator' ? 'value' : 'right');
      const u = v ? unwrap(v) : null;
      const head = u?.kind() === 'binary_expression' ? unwrap(u.field('left') as SgNode) : u;
      return head?.kind() === 'identifier' && head.text() === root;
    });
    if (aliasing.length === 0) return true;
    const r = at.range();
    return aliasing.some((d) => {
      const block = nearestAncestor(d, (a) => /^(?:statement_block|program)$/.test(String(a.kind())));
      return !block || block.range().start.index <= r.start.index && r.end.index <= block.range().end.index;
    });
  }

  /** `s[i]` with a numeric index, or `s.charAt(i)`, where s is a property key (a string): one character. */
  private oneCharacter(n: SgNode): boolean {
    if (n.kind() === 'call_expression') {
      const callee = n.field('function');
      return callee?.kind() === 'member_expression' && callee.field('property')?.text() === 'charAt' && this.stringKey(callee.field('object') as SgNode);
    }
    if (n.kind() !== 'subscript_expression') return false;
    return this.numeric(n.field('index') as SgNode) && this.stringKey(n.field('object') as SgNode);
  }

  /** `m[i]` where every value of m is a regular expression's match whose group i holds only digits. */
  private digitCapture(n: SgNode): boolean {
    const group = numberValue(unwrap(n.field('index') as SgNode));
    if (group === null) return false;
    const object = unwrap(n.field('object') as SgNode);
    const values = object.kind() === 'identifier' ? bindingsOf(this.scope, object.text()).map((b) => (b.kind === 'value' ? b.node : undefined)) : [object];
    return values.length > 0 && values.every((v) => v !== undefined && digitGroup(unwrap(v), group));
  }

  /** A number: a numeric literal or arithmetic, or a counting loop's variable. */
  private numeric(node: SgNode): boolean {
    const n = unwrap(node);
    const k = n.kind();
    if (k === 'number' || k === 'update_expression') return true;
    if (k === 'binary_expression') return /^(?:[-*/%]|\*\*)$/.test(n.field('operator')?.text() ?? '') || (n.field('operator')?.text() === '+' && n.namedChildren().every((c) => this.numeric(c)));
    if (k !== 'identifier') return false;
    if (this.loopOf(n)?.kind === 'counter') return true;
    const bindings = bindingsOf(this.scope, n.text());
    return bindings.length > 0 && bindings.every((b) => b.kind === 'counter' || (b.kind === 'value' && b.node?.kind() === 'number'));
  }

  /** A property key, so a string: a for…in variable, an element of a key list, the key of an Object.entries pair. */
  private stringKey(node: SgNode): boolean {
    const n = unwrap(node);
    if (n.kind() !== 'identifier') return false;
    const name = n.text();
    const loop = this.loopOf(n) ?? this.paramOf(n);
    const bindings = loop ? [loop] : bindingsOf(this.scope, name);
    return bindings.length > 0 && bindings.every((b) => {
      if (b.kind === 'for-in') return true;
      if (b.kind === 'value' && b.node && this.downlevelEntryKey(unwrap(b.node))) return true;
      if (b.kind !== 'for-of' && b.kind !== 'element') return false;
      const list = this.keyList(unwrap(b.node as SgNode));
      if (!list) return false;
      if (!(list.field('function')?.text() ?? '').endsWith('entries')) return true;
      // `for (const [k, v] of Object.entries(o))`: only k, the first element of the pair.
      const pair = b.kind === 'for-of' ? this.loopPattern(n) : null;
      return pair?.kind() === 'array_pattern' && pair.namedChildren()[0]?.text() === name;
    });
  }

  /**
   * `_d[0]` of a for…of over Object.entries/keys as TypeScript compiles it for old targets:
   * `for (_b = __values(Object.entries(o)), _c = _b.next(); …) { _d = __read(_c.value, 2), name = _d[0]; … }`.
   */
  private downlevelEntryKey(n: SgNode): boolean {
    if (n.kind() !== 'subscript_expression' || n.field('index')?.text() !== '0') return false;
    const only = (name: string): SgNode[] => bindingsOf(this.scope, name).flatMap((b) => (b.kind === 'value' && b.node ? [unwrap(b.node)] : []));
    const pair = unwrap(n.field('object') as SgNode);
    if (pair.kind() !== 'identifier') return false;
    return only(pair.text()).some((read) => {
      if (read.kind() !== 'call_expression' || !/^(?:[\w$]+\.)?__read$/.test(read.field('function')?.text() ?? '')) return false;
      const step = argsOf(read)[0];
      const iter = step?.kind() === 'member_expression' && step.field('property')?.text() === 'value' ? unwrap(step.field('object') as SgNode) : null;
      if (iter?.kind() !== 'identifier') return false;
      return only(iter.text()).some((next) => {
        const callee = next.kind() === 'call_expression' ? next.field('function') : null;
        const list = callee?.kind() === 'member_expression' ? unwrap(callee.field('object') as SgNode) : null;
        if (list?.kind() !== 'identifier' || callee?.field('property')?.text() !== 'next') return false;
        return only(list.text()).some((v) => v.kind() === 'call_expression' && /^(?:[\w$]+\.)?__values$/.test(v.field('function')?.text() ?? '') && argsOf(v)[0] !== undefined && this.keyList(argsOf(v)[0] as SgNode) !== null);
      });
    });
  }

  /** The variable part of the for…of loop around id that declares id. */
  private loopPattern(id: SgNode): SgNode | null {
    for (let a = id.parent(); a; a = a.parent()) {
      if (a.kind() === 'for_in_statement' && scopeIndex(this.scope).loopDeclares(a, id.text())) return a.field('left');
      if (a.id() === this.scopeId) break;
    }
    return null;
  }

  /**
   * The value of the last statement in the scope that sets `id`'s name, when it stands before the use in a block
   * holding the use (so every path to the use runs it, and no later assignment exists to reach the use around a loop).
   */
  private dominating(id: SgNode): SgNode | null {
    const name = id.text();
    const index = scopeIndex(this.scope);
    const defs = [...(index.declarators.get(name) ?? []), ...(index.assignments.get(name) ?? []), ...(index.augmented.get(name) ?? [])];
    if (defs.length === 0) return null;
    const last = defs.reduce((a, b) => (b.range().start.index > a.range().start.index ? b : a));
    const at = id.range().start.index;
    if (last.kind() === 'augmented_assignment_expression' || last.range().end.index > at) return null;
    const statement = last.parent();
    if (!statement || !/^(?:expression_statement|variable_declaration|lexical_declaration)$/.test(String(statement.kind()))) return null;
    const block = statement.parent();
    if (!block || !/^(?:statement_block|program)$/.test(String(block.kind())) || block.range().end.index <= at) return null;
    for (let p = id.parent(); p && p.id() !== block.id(); p = p.parent()) if (FUNCTION_KINDS.has(String(p.kind()))) return null;
    return last.field(last.kind() === 'variable_declarator' ? 'value' : 'right');
  }

  /** The function refuses `name` unless it is a number: `if (typeof k !== 'number') throw …` (or return, continue). */
  private numberChecked(name: string): boolean {
    return numberCheckedNames(this.scope, this.scopeText()).has(name);
  }

  private text?: string;
  private scopeText(): string {
    return (this.text ??= this.scope.text());
  }

  /** The binding of an identifier by the nearest enclosing loop (inside the scope) that declares it as its variable. */
  private loopOf(id: SgNode): Binding | null {
    const key = id.id();
    const hit = this.loops.get(key);
    if (hit !== undefined) return hit;
    const found = this.loopOfUncached(id);
    this.loops.set(key, found);
    return found;
  }

  private readonly loops = new Map<number, Binding | null>();
  private loopOfUncached(id: SgNode): Binding | null {
    const name = id.text();
    for (let a = id.parent(); a; a = a.parent()) {
      const k = a.kind();
      if (k === 'for_in_statement') {
        if (scopeIndex(this.scope).loopDeclares(a, name)) {
          const right = a.field('right');
          return right ? { kind: a.children().some((c) => c.text() === 'of') ? 'for-of' : 'for-in', node: right } : null;
        }
      } else if (k === 'for_statement') {
        const init = a.field('initializer')?.text() ?? '';
        const step = a.field('increment')?.text() ?? '';
        const v = escapeRe(name);
        if (new RegExp(`^(?:let|var)\\s+${v}\\s*=`).test(init) && new RegExp(`^(?:${v}\\s*(?:\\+\\+|--|[-+]=)|(?:\\+\\+|--)\\s*${v}\\b)`).test(step)) return { kind: 'counter' };
      }
      if (a.id() === this.scopeId) break;
    }
    return null;
  }

  /** A call listing an object's keys, directly or through one variable: `keys = Object.keys(o); for (k of keys)`. */
  private keyList(node: SgNode, depth = 0): SgNode | null {
    const n = unwrap(node);
    if (n.kind() === 'call_expression') return KEY_LISTS.test(n.field('function')?.text().replace(/\s+/g, '') ?? '') ? n : null;
    if (n.kind() !== 'identifier' || depth > 1) return null;
    const bindings = bindingsOf(this.scope, n.text());
    return bindings.length === 1 && bindings[0]?.kind === 'value' && bindings[0].node ? this.keyList(bindings[0].node, depth + 1) : null;
  }

  /** The parameter binding of an identifier by the nearest enclosing function (inside the scope) declaring it. */
  private paramOf(id: SgNode): Binding | null {
    const name = id.text();
    for (let f = id.parent(); f; f = f.parent()) {
      if (!FUNCTION_KINDS.has(String(f.kind()))) continue;
      const index = scopeIndex(this.scope).paramsOf(f).findIndex((p) => p.node.text() === name || p.all.has(name));
      if (index >= 0) return paramBinding(f, index);
      if (f.id() === this.scopeId) break;
    }
    return null;
  }

  private name(name: string): boolean {
    if (name === 'arguments') return true;
    if (NOT_VARIABLES.has(name) || this.visiting.has(name)) return false;
    const hit = this.memo.get(name);
    if (hit !== undefined) return hit;
    this.visiting.add(name);
    // A name's answer is kept for every later use, so it is worked out from its bindings with the full depth: an answer
    // cut short by the depth of the first use that asked would be kept as false for all (`visiting` stops cycles).
    const bindings = bindingsOf(this.scope, name);
    const result = bindings.length > 0 ? bindings.some((b) => this.binding(b, 0)) : this.closed(name);
    this.visiting.delete(name);
    this.memo.set(name, result);
    return result;
  }

  /**
   * A name nothing in the scope binds, read from the function around it (a closure: `parts = path.split('.')` in the
   * outer function, `obj[parts[0]][parts[1]] = v` in the one it returns): the values the outer function gives it. Not
   * a parameter of the outer function as passed — what a plugin or factory was set up with (`dayjs` in
   * `(option, Dayjs, dayjs) => { dayjs.updateLocale = … }`), not a call's input — nor a module-level name (the library's
   * own tables and constants), as before. A bundle's or UMD build's module wrapper (moduleWrapper) holds module-level
   * names too: the lookup stops there, rather than index a whole bundle for one name.
   */
  private closed(name: string): boolean {
    const isFunction = (a: SgNode) => FUNCTION_KINDS.has(String(a.kind()));
    for (let f = nearestAncestor(this.scope, isFunction); f; f = nearestAncestor(f, isFunction)) {
      if (moduleWrapper(f)) return false;
      const bindings = bindingsOf(f, name);
      if (bindings.length === 0) continue;
      const outer = keyOriginsOf(f, this.self);
      return bindings.some((b) => b.kind !== 'param' && outer.binding(b, 0));
    }
    return false;
  }

  private binding(b: Binding, depth: number): boolean {
    switch (b.kind) {
      case 'param': {
        if (!b.fn || b.index === undefined || b.fn.id() !== this.scopeId) return true;
        // A parameter every call fills from a key screen, or named for a number every call counts out.
        return !screenedParam(b.fn, b.index) && !declaredNumber(b.fn, b.index) && !countedParam(b.fn, b.index, (arg, caller) => !keyOriginsOf(caller, NO_TARGETS).key(arg));
      }
      case 'counter': case 'function': return false;
      case 'arguments': return true;
      case 'value': return Boolean(b.node) && this.key(b.node as SgNode, depth + 1);
      case 'keyed': case 'for-in': return Boolean(b.node) && this.keysOf(b.node as SgNode, depth);
      case 'for-of': case 'element': {
        const over = unwrap(b.node as SgNode);
        // `for (const c of key)`: the characters of a key.
        if (b.kind === 'for-of' && this.stringKey(over)) return false;
        const list = this.keyList(over);
        if (list) return argsOf(list).slice(0, 1).some((a) => this.keysOf(a, depth));
        return this.key(over, depth + 1);
      }
    }
  }
}
