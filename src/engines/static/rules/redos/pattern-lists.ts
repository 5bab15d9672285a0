// Which values a name picked from a list of patterns may hold, read from the file without running it (regex-value.ts
// asks, for patterns only): a loop variable (`for (const re of LIST)`), a callback's element (`LIST.forEach((re) =>
// …)`), a parameter of a function of this file (what its in-file calls hand it, `f.call(this, …)` and `f.apply(this,
// […])` shifted by the `this` they pass), and `regex[j++]` of `regex = arrays[i]`, an element of a list of lists
// a parameter receives (a user-agent parser's `rgx.call(this, ua, regexes.browser)`). A list is an array literal, a
// name or an object literal's property bound to one, either branch of a choice, or an element of a list of lists.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunctions, escapeRe, functionName, paramsOf } from '../../ast.ts';
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
    default:
      return [];
  }
}

/** The object literals a name may be bound to (either branch of `x ? ext : table`). */
function objectLiterals(node: SgNode | null, depth: number): SgNode[] {
  if (!node || depth > MAX_DEPTH) return [];
  if (node.kind() === 'object') return [node];
  if (node.kind() === 'identifier') return objectLiterals(bindingValue(node), depth + 1);
  if (node.kind() === 'ternary_expression') return [node.field('consequence'), node.field('alternative')].flatMap((b) => objectLiterals(b, depth + 1));
  return [];
}

/** The list a `for (const name of list)` around `id` walks, when `id` is its variable; null otherwise. */
export function loopedList(id: SgNode): SgNode | null {
  const name = id.text();
  for (let up = id.parent(); up; up = up.parent()) {
    if (up.kind() !== 'for_in_statement') continue;
    const left = up.field('left');
    const declared = left?.kind() === 'identifier' ? left.text() : left?.find({ rule: { kind: 'identifier' } })?.text();
    if (declared === name) return up.children().some((c) => c.text() === 'of') ? up.field('right') : null;
  }
  return null;
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
