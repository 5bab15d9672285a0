// Whether a matched subject is the exported function's own string argument: the parameter itself (`trim(str)`
// matching `str`), through string methods that keep it the caller's text (trim, a case change, a replace, String(),
// `x || ''`), or a local name bound to such a value in the same function. A string function's whole job is to scan
// what its caller hands it, so a quadratic scan there is the caller's to trigger. Not its own argument: a property
// of a parameter (an options object's setting), a stored field, a piece cut from it (a split part, a loop element)
// or a value handed on to an internal helper — a library scans those too, mostly configuration. Nor an argument the
// function's doc comment says is no string (`@param {Object} regexp`) or a function it documents as `@private`.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, enclosingFunctions, escapeRe, paramsOf, startLine } from '../../ast.ts';
import { exportedApi } from '../../exports.ts';
import { bindingValue } from '../../taint.ts';

// Methods whose result is still the receiver's text, as long as it (a trim, a case change, a replacement).
const KEEPS_TEXT = /^(trim|trimStart|trimEnd|trimLeft|trimRight|toLowerCase|toUpperCase|toLocaleLowerCase|toLocaleUpperCase|toString|valueOf|normalize|replace|replaceAll)$/;
const MAX_DEPTH = 6;

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
    case 'call_expression': {
      const callee = subject.field('function');
      if (callee?.kind() === 'identifier' && callee.text() === 'String') {
        const [arg] = argsOf(subject);
        return arg ? ownArgument(arg, depth + 1) : false;
      }
      if (callee?.kind() !== 'member_expression' || !KEEPS_TEXT.test(callee.field('property')?.text() ?? '')) return false;
      const object = callee.field('object');
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
    if (paramsOf(fn).some((p) => p.name === name && p.node.kind() === 'identifier')) {
      return exportedApi(fn) !== null && documentedAsString(fn, name) && !replacedBefore(fn, name, startLine(id), depth);
    }
    if (paramsOf(fn).some((p) => p.name === name)) return false;
  }
  const bound = bindingValue(id);
  return bound !== null && ownArgument(bound, depth + 1);
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

/** False when fn's doc comment marks it `@private` or documents `name` with only non-string types. */
function documentedAsString(fn: SgNode, name: string): boolean {
  let at: SgNode = fn;
  for (let p = at.parent(); p && WRAPPERS.has(String(p.kind())); p = p.parent()) at = p;
  const doc = at.prev();
  if (doc?.kind() !== 'comment' || !doc.text().startsWith('/**')) return true;
  const text = doc.text();
  if (/@private\b/.test(text)) return false;
  const type = new RegExp(`@param\\s+\\{([^}]*)\\}\\s+\\[?${name.replace(/\$/g, '\\$')}\\b`).exec(text)?.[1];
  if (!type) return true;
  return !type.split('|').every((t) => NOT_STRING.test(t.trim().replace(/^[?!]/, '')));
}
