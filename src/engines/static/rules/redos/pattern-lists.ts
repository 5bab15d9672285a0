// Which values a name picked from a list of patterns may hold, read from the file without running it (regex-value.ts
// asks, for patterns only): a loop variable (`for (const re of LIST)`), a callback's element (`LIST.forEach((re) =>
// …)`), a parameter of a function of this file (what its in-file calls hand it, `f.call(this, …)` and `f.apply(this,
// […])` shifted by the `this` they pass), and `regex[j++]` of `regex = arrays[i]`, an element of a list of lists
// a parameter receives (a user-agent parser's `rgx.call(this, ua, regexes.browser)`). A list is an array literal, a
// name or an object literal's property bound to one, either branch of a choice, or an element of a list of lists.
// A loop's or callback's destructuring picks a part of each entry (`for (const [re, fn] of TABLE)`, `({ re }) => …`);
// `Object.values`/`Object.entries` of an object literal walk its values; `map.get(k)` of `new Map([[k, /…/]])` any value.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, boundNames, enclosingFunctions, escapeRe, functionName, paramsOf } from '../../ast.ts';
import { argumentAt, bindingValue, iteratedList } from '../../taint.ts';
import { propertyValues } from '../../properties.ts';

const MAX_DEPTH = 6;
// Elements gathered at most (a user-agent table holds dozens of patterns).
const MAX_ELEMENTS = 128;
// In-file calls of a function looked at for what they hand a parameter.
const MAX_CALLS = 8;

/** The elements the list `node` may hold; [] when it cannot be told. */
export function listElements(node: SgNode | null | undefined, depth: number): SgNode[] {
  if (!node || depth > MAX_DEPTH) return [];
  const next = (n: SgNode | null | undefined): SgNode[] => listElements(n, depth + 1);
  switch (node.kind()) {
    case 'array':
      return node.namedChildren().filter((c) => c.kind() !== 'comment' && c.kind() !== 'spread_element').slice(0, MAX_ELEMENTS);
    case 'parenthesized_expression':
      return next(node.namedChildren()[0]);
    case 'ternary_expression':
      return [...next(node.field('consequence')), ...next(node.field('alternative'))].slice(0, MAX_ELEMENTS);
    case 'binary_expression':
      return /^(\|\||\?\?)$/.test(node.field('operator')?.text() ?? '') ? [...next(node.field('left')), ...next(node.field('right'))].slice(0, MAX_ELEMENTS) : [];
    case 'identifier': {
      const bound = bindingValue(node);
      return bound ? next(bound) : parameterArguments(node).flatMap(next).slice(0, MAX_ELEMENTS);
    }
    case 'member_expression': {
      // `regexes.browser`: that property of the object literal(s) the name holds.
      const prop = node.field('property')?.text() ?? '';
      return objectLiterals(node.field('object'), depth).flatMap((o) => propertyValues(node.field('object') as SgNode, prop, node, o) ?? []).flatMap(next).slice(0, MAX_ELEMENTS);
    }
    case 'subscript_expression':
      // `arrays[i]`: an element of an element.
      return next(node.field('object')).flatMap(next).slice(0, MAX_ELEMENTS);
    case 'call_expression':
      // `Object.values(TABLE)`: the values of the object literal(s) TABLE names.
      return VALUES.test(node.field('function')?.text() ?? '') ? objectLiterals(argsOf(node)[0] ?? null, depth).flatMap(literalValues).slice(0, MAX_ELEMENTS) : [];
    default:
      return [];
  }
}

const VALUES = /^Object\.values$/;

/** The values an object literal writes (a spread's keys cannot be seen and are left out). */
function literalValues(object: SgNode): SgNode[] {
  return object.namedChildren().flatMap((c) => {
    const value = c.kind() === 'pair' ? c.field('value') : null;
    return value ? [value] : [];
  });
}

/** The object literals a name may be bound to (either branch of `x ? ext : table`). */
function objectLiterals(node: SgNode | null, depth: number): SgNode[] {
  if (!node || depth > MAX_DEPTH) return [];
  if (node.kind() === 'object') return [node];
  if (node.kind() === 'identifier') return objectLiterals(bindingValue(node), depth + 1);
  if (node.kind() === 'ternary_expression') return [node.field('consequence'), node.field('alternative')].flatMap((b) => objectLiterals(b, depth + 1));
  return [];
}

/** The loop `for (const name of list)` (or `for (const [name, f] of list)`) around `id` that binds it, or null. */
function bindingLoop(id: SgNode): SgNode | null {
  const name = id.text();
  for (let up = id.parent(); up; up = up.parent()) {
    if (up.kind() !== 'for_in_statement') continue;
    const left = up.field('left');
    if (left && boundNames(left).includes(name)) return up;
  }
  return null;
}

/** `{ exp: /…/ }`'s value at key, when entry is an object literal that writes it. */
export function ownValue(entry: SgNode, key: string): SgNode[] {
  if (entry.kind() !== 'object') return [];
  return entry.namedChildren().flatMap((c) => {
    const k = c.kind() === 'pair' ? c.field('key') : null;
    const name = k?.kind() === 'string' ? k.text().slice(1, -1) : k?.text();
    const value = c.field('value');
    return name === key && value ? [value] : [];
  });
}

/** The part of a list entry a destructuring pattern binds to `name`: `[re, fn]` takes the first element of an array
 * entry, `{ re }` (or `{ exp: re }`) the property of an object entry; the entry itself when the pattern is the name. */
function destructured(pattern: SgNode, name: string, entry: SgNode): SgNode[] {
  const kind = pattern.kind();
  if (kind === 'required_parameter' || kind === 'optional_parameter' || kind === 'assignment_pattern') {
    const inner = pattern.field(kind === 'assignment_pattern' ? 'left' : 'pattern');
    return inner ? destructured(inner, name, entry) : [];
  }
  if (kind === 'identifier') return pattern.text() === name ? [entry] : [];
  if (kind === 'array_pattern' && entry.kind() === 'array') {
    const slots = pattern.namedChildren().filter((c) => c.kind() !== 'comment');
    const items = entry.namedChildren().filter((c) => c.kind() !== 'comment');
    return slots.flatMap((slot, i) => (boundNames(slot).includes(name) && items[i] ? destructured(slot, name, items[i] as SgNode) : []));
  }
  if (kind !== 'object_pattern') return [];
  return pattern.namedChildren().flatMap((c) => {
    if (c.kind() === 'shorthand_property_identifier_pattern') return c.text() === name ? ownValue(entry, name) : [];
    const value = c.kind() === 'pair_pattern' ? c.field('value') : null;
    const key = c.field('key')?.text().replace(/^['"]|['"]$/g, '');
    return value && key && boundNames(value).includes(name) ? ownValue(entry, key).flatMap((v) => destructured(value, name, v)) : [];
  });
}

// `Object.entries(TABLE)`: pairs of a key and a value, read as the values of the object literal(s) TABLE names.
const ENTRIES = /^Object\.entries$/;

/** What `name`, bound by `pattern` to each entry of `list`, may hold. */
function picked(pattern: SgNode, name: string, list: SgNode): SgNode[] {
  const entries = list.kind() === 'call_expression' && ENTRIES.test(list.field('function')?.text() ?? '') ? argsOf(list)[0] : null;
  if (entries) {
    // `for (const [key, re] of Object.entries(TABLE))`: the second slot is a value of the table.
    const slots = pattern.kind() === 'array_pattern' ? pattern.namedChildren().filter((c) => c.kind() !== 'comment') : [];
    const slot = slots[1];
    return slot && boundNames(slot).includes(name) ? objectLiterals(entries, 0).flatMap(literalValues).flatMap((v) => destructured(slot, name, v)).slice(0, MAX_ELEMENTS) : [];
  }
  return listElements(list, 0).flatMap((entry) => destructured(pattern, name, entry)).slice(0, MAX_ELEMENTS);
}

/** The values a loop's variable or an element callback's parameter takes from the list it walks, through any
 * destructuring (`for (const { re } of RULES)`, `TABLE.find(([re]) => …)`); null when id is neither (or a for-in key). */
export function elementValues(id: SgNode): SgNode[] | null {
  const name = id.text();
  const loop = bindingLoop(id);
  if (loop) {
    const left = loop.field('left');
    const list = loop.field('right');
    return left && list && loop.children().some((c) => c.text() === 'of') ? picked(left, name, list) : null;
  }
  const fn = enclosingFunctions(id).find((f) => paramsOf(f).some((p) => p.name === name));
  const param = fn ? paramsOf(fn).find((p) => p.name === name) : undefined;
  const list = fn && param ? iteratedList(fn, param.index) : null;
  return list && param ? picked(param.node, name, list) : null;
}

/** The values a name with no binding of its own may hold: the element a loop or an element callback walks, or what
 * the file's calls hand a parameter. */
export function walkedElements(id: SgNode): SgNode[] {
  const name = id.text();
  const fn = enclosingFunctions(id).find((f) => paramsOf(f).some((p) => p.name === name));
  if (!fn) return [];
  const param = paramsOf(fn).find((p) => p.name === name);
  const list = param ? iteratedList(fn, param.index) : null;
  return list ? listElements(list, 0) : parameterArguments(id);
}

/** What this file's calls of the function declaring parameter `id` hand it (by the function's name, also as
 * `obj.name(…)`, `name.call(self, …)`, `name.apply(self, […])`); [] for a function the file does not call. */
function parameterArguments(id: SgNode): SgNode[] {
  const name = id.text();
  const fn = enclosingFunctions(id).find((f) => paramsOf(f).some((p) => p.name === name));
  const param = fn ? paramsOf(fn).find((p) => p.name === name) : undefined;
  if (!fn || !param || param.node.kind() !== 'identifier') return [];
  const short = functionName(fn).replace(/^.*\./, '');
  if (!/^[\w$]+$/.test(short)) return [];
  const fnRange = fn.range();
  return fn.getRoot().root().findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: `(^|\\.)${escapeRe(short)}(\\.call|\\.apply)?$` } } })
    .filter((c) => c.range().start.index < fnRange.start.index || c.range().start.index > fnRange.end.index)
    .slice(0, MAX_CALLS)
    .flatMap((c) => {
      const arg = argumentAt(c, param.index);
      return arg ? [arg] : [];
    });
}

/** `PATTERNS.get(kind)` with PATTERNS bound to `new Map([[key, value], …])`: any value the map was built with or
 * that the file sets (`PATTERNS.set(key, value)`); [] for any other call. */
export function mapValues(call: SgNode): SgNode[] {
  const callee = call.field('function');
  const map = callee?.kind() === 'member_expression' && callee.field('property')?.text() === 'get' ? callee.field('object') : null;
  const built = map?.kind() === 'identifier' ? bindingValue(map) : null;
  if (!map || built?.kind() !== 'new_expression' || built.field('constructor')?.text() !== 'Map') return [];
  const initial = listElements(argsOf(built)[0], 0).flatMap((pair) => (pair.kind() === 'array' ? pair.namedChildren().filter((c) => c.kind() !== 'comment').slice(1, 2) : []));
  const root = call.getRoot().root();
  const set = root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: `^${escapeRe(map.text())}\\.set$` } } }).flatMap((c) => argsOf(c).slice(1, 2));
  return [...initial, ...set].slice(0, MAX_ELEMENTS);
}

