// Whether a matched subject is the exported function's own string argument: the parameter itself (`trim(str)`
// matching `str`), through string methods that keep it the caller's text (trim, a case change, a replace, String(),
// `x || ''`, a prefix or suffix cut at a computed index, not a piece between two), either branch of a ternary that is, a local name bound to
// such a value in the same function, or the parameter of a helper in the same file that an exported function hands
// its own argument to (`sanitize(str)` called as `sanitize(input)`). A string function's whole job is to scan what
// its caller hands it, so a quadratic scan there is the caller's to trigger. Not its own argument: a property of a
// parameter (an options object's setting), a stored field (a template engine's `this.templateText` is the
// developer's template), a piece split from it (a split part, a loop element), a value another function made of it, an argument the function's doc comment says is no string (`@param {Object} regexp`) or a function it
// documents as internal (`@private`, `@api private`).
import type { SgNode } from '@ast-grep/napi';
import { argsOf, enclosingFunctions, escapeRe, functionName, paramsOf, startLine } from '../../ast.ts';
import { calleeDefinition, sameNode } from '../../callees.ts';
import { exportedApi } from '../../exports.ts';
import { bindingValue } from '../../taint.ts';

// Methods whose result is still the receiver's text, as long as it (a trim, a case change, a replacement).
const KEEPS_TEXT = /^(trim|trimStart|trimEnd|trimLeft|trimRight|toLowerCase|toUpperCase|toLocaleLowerCase|toLocaleUpperCase|toString|valueOf|normalize|replace|replaceAll)$/;
// Cuts that may keep a prefix or suffix of the receiver (prefixOrSuffix).
const CUT = /^(slice|substring|substr)$/;
const MAX_DEPTH = 6;
// Calls of an internal helper looked at: one that hands it an exported function's own argument is enough.
const MAX_HELPER_CALLS = 8;

export function ownArgument(subject: SgNode, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  switch (subject.kind()) {
    case 'parenthesized_expression': {
      const inner = subject.namedChildren()[0];
      return inner ? ownArgument(inner, depth + 1) : false;
    }
    case 'binary_expression': {
      // `str || ''` and `'' + str`: the caller's text or a constant.
      const op = subject.field('operator')?.text();
      const left = subject.field('left');
      const right = subject.field('right');
      if (!left || !right) return false;
      if (op === '||' || op === '??') return ownArgument(left, depth + 1);
      if (op === '+') return (left.kind() === 'string' && ownArgument(right, depth + 1)) || (right.kind() === 'string' && ownArgument(left, depth + 1));
      return false;
    }
    case 'ternary_expression': {
      // `firstSemi === -1 ? str : str.substr(0, firstSemi)`: the caller's text either way.
      const yes = subject.field('consequence');
      const no = subject.field('alternative');
      return yes !== null && no !== null && ownArgument(yes, depth + 1) && ownArgument(no, depth + 1);
    }
    case 'call_expression': {
      const callee = subject.field('function');
      if (callee?.kind() === 'identifier' && callee.text() === 'String') {
        const [arg] = argsOf(subject);
        return arg ? ownArgument(arg, depth + 1) : false;
      }
      const method = callee?.kind() === 'member_expression' ? callee.field('property')?.text() ?? '' : '';
      if (!KEEPS_TEXT.test(method) && !(CUT.test(method) && prefixOrSuffix(argsOf(subject)))) return false;
      const object = callee?.field('object');
      return object ? ownArgument(object, depth + 1) : false;
    }
    case 'identifier':
      return ownParameter(subject, depth);
    default:
      return false;
  }
}

/** `name` is a parameter of the innermost function that declares it, and that function is exported; or a local
 * bound (last, before the use) to the argument's own text. */
function ownParameter(id: SgNode, depth: number): boolean {
  const name = id.text();
  for (const fn of enclosingFunctions(id)) {
    const param = paramsOf(fn).find((p) => p.name === name && p.node.kind() === 'identifier');
    if (param) {
      if (!documentedAsString(fn, name) || replacedBefore(fn, name, startLine(id), depth)) return false;
      // A helper is private by nature: only an exported function documented as internal is not the caller's.
      if (exportedApi(fn) !== null) return !documentedPrivate(fn);
      return handedOwnArgument(fn, param.index, depth);
    }
    if (paramsOf(fn).some((p) => p.name === name)) return false;
  }
  const bound = bindingValue(id);
  return bound !== null && ownArgument(bound, depth + 1);
}

/** `s.substr(0, i)` or `s.slice(i)`: a prefix or suffix cut at a computed index is as long as the caller makes it
 * (a constant end is cutToLength's bound, in matcher.ts). A piece between two computed indexes (one line of a text,
 * `src.substring(lineStarts[n - 1], lineStarts[n])`) is not the caller's text. */
function prefixOrSuffix(args: SgNode[]): boolean {
  const [from, to] = args;
  if (!from) return false;
  if (!to) return from.kind() !== 'number';
  return from.text() === '0' && to.kind() !== 'number';
}

/** A helper of this file (not exported) that some call in the file, outside the helper, hands an exported
 * function's own argument at `index` (`sanitize(str1)` in `diceCoefficient(str1, str2)`). */
function handedOwnArgument(fn: SgNode, index: number, depth: number): boolean {
  const name = functionName(fn).replace(/^.*\./, '');
  if (!/^[\w$]+$/.test(name) || depth + 2 > MAX_DEPTH) return false;
  const calls = fn.getRoot().root().findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: `(^|\\.)${escapeRe(name)}$` } } });
  const outside = calls.filter((c) => !enclosingFunctions(c).some((f) => sameNode(f, fn))).slice(0, MAX_HELPER_CALLS);
  return outside.some((call) => {
    const def = calleeDefinition(call);
    const arg = argsOf(call)[index];
    return def !== null && sameNode(def, fn) && arg !== undefined && ownArgument(arg, depth + 2);
  });
}

/** `name = value` before `line` in fn with a value that is not the argument's own text (`str = dirname(str)`). */
function replacedBefore(fn: SgNode, name: string, line: number, depth: number): boolean {
  const writes = fn.findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', regex: `^${escapeRe(name)}$` } } });
  return writes.some((w) => {
    if (startLine(w) >= line) return false;
    const value = w.field('right');
    return !value || !ownArgument(value, depth + 1);
  });
}

// Statements and wrappers a function's doc comment stands before (`/** … */ exports.f = function (…) {…}`).
const WRAPPERS = new Set(['assignment_expression', 'expression_statement', 'variable_declarator', 'lexical_declaration', 'variable_declaration', 'export_statement', 'pair']);
// Documented types that hold no string (any other type, `*` or an unknown name, may).
const NOT_STRING = /^(object|regexp|array|number|boolean|function|date|buffer|map|set|error|\w+\[\])$/i;

/** fn's doc comment (the block comment before the function or the statement that holds it), or null. */
function docComment(fn: SgNode): string | null {
  let at: SgNode = fn;
  for (let p = at.parent(); p && WRAPPERS.has(String(p.kind())); p = p.parent()) at = p;
  const doc = at.prev();
  return doc?.kind() === 'comment' && doc.text().startsWith('/**') ? doc.text() : null;
}

/** fn's doc comment marks it internal: `@private`, or JSDoc's older `@api private`. */
function documentedPrivate(fn: SgNode): boolean {
  return /@private\b|@api\s+private\b/.test(docComment(fn) ?? '');
}

/** False when fn's doc comment documents `name` with only non-string types. */
function documentedAsString(fn: SgNode, name: string): boolean {
  const text = docComment(fn);
  if (!text) return true;
  const type = new RegExp(`@param\\s+\\{([^}]*)\\}\\s+\\[?${name.replace(/\$/g, '\\$')}\\b`).exec(text)?.[1];
  if (!type) return true;
  return !type.split('|').every((t) => NOT_STRING.test(t.trim().replace(/^[?!]/, '')));
}
