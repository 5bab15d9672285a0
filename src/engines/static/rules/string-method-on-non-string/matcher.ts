// Values the code itself can make non-strings, used with a string-only method: the result of `JSON.stringify(x)`
// (undefined when x is undefined, a function or a symbol), directly or through a local helper that returns it, and
// the array branch of `Array.isArray(v) ? v.map(…) : String(v)`. `.replace()`, `.split()`, `.toLowerCase()` … then
// throw a TypeError on exactly the inputs the code was written to accept. Not flagged: a value checked between the
// assignment and the call (`typeof`, `Array.isArray`, a comparison with undefined/null, a truthiness test, a
// fallback, or an unchecked dereference such as `json[i]` or `json.length` that already treats it as a string),
// JSON.stringify of a literal or of a local built from one or from a string (`x.toString()`, `String(x)`, `a.join()`),
// branches that are both strings, and a call straight on the result (`JSON.stringify(x).replace(…)`, a serialising
// helper whose contract is its argument: on the mature set such helpers are never handed undefined).
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, escapeRe, functionIndex, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { findAllOf } from '../../shared-find.ts';
import { indexedCallsWithCallee } from '../../name-index.ts';

const STRING_ONLY = /^(toLowerCase|toUpperCase|toLocaleLowerCase|toLocaleUpperCase|trim|trimStart|trimEnd|trimLeft|trimRight|split|replace|replaceAll|startsWith|endsWith|padStart|padEnd|localeCompare|normalize|charAt|charCodeAt|codePointAt|match|matchAll|search|substring|substr)$/;
/** A callee text ending in a STRING_ONLY method's name: what any `name.method` callee of them ends in. */
const STRING_METHOD_CALLEE = new RegExp(`(?:${STRING_ONLY.source.slice(2, -2)})$`);
const LITERAL = new Set(['object', 'array', 'string', 'template_string', 'number', 'true', 'false']);
const ARRAY_MADE = /\.(map|filter|concat|slice|flat|flatMap)\s*\(|^\[/;

type Kind = 'json' | 'array';

function unwrap(node: SgNode): SgNode {
  let n = node;
  while (n.kind() === 'parenthesized_expression' && n.namedChildren()[0]) n = n.namedChildren()[0]!;
  return n;
}

/** `'' + key`, `a - b`, `x === y`: arithmetic, concatenation and comparison make a string, a number or a boolean, never
 *  undefined (only `&&`, `||` and `??` can hand on an operand that is). */
function computed(node: SgNode): boolean {
  const n = unwrap(node);
  return n.kind() === 'binary_expression' && !/^(?:&&|\|\||\?\?)$/.test(n.field('operator')?.text() ?? '');
}

/** `JSON.stringify(arg, …)` whose arg may be undefined: not a literal, nor a local bound to one. */
function isOpenStringify(node: SgNode): boolean {
  const n = unwrap(node);
  if (n.kind() !== 'call_expression' || n.field('function')?.text() !== 'JSON.stringify') return false;
  const arg = n.field('arguments')?.namedChildren()[0];
  if (!arg) return false;
  if (LITERAL.has(String(arg.kind())) || /^(String|Object\.\w+|Array\.from)\s*\(/.test(arg.text()) || computed(arg)) return false;
  if (arg.kind() === 'identifier') {
    const scope = enclosingFunction(n)?.text() ?? '';
    if (new RegExp(`\\b(const|let|var)\\s+${escapeRe(arg.text())}\\s*=\\s*([{[\`'"]|String\\(|[\\w$.]+\\.(toString|join|toFixed|toISOString)\\()`).test(scope)) return false;
  }
  return true;
}

const STRINGIFY = 'JSON.stringify(';

/** Functions declared in the file that return a JSON.stringify result unchecked (directly or via a local). */
function stringifyHelpers(root: SgNode, content: string): Set<string> {
  const out = new Set<string>();
  // Where `JSON.stringify(` occurs (ascending): a node holds it when one of these lies inside the node's range (no
  // node's text is copied out of the tree to ask).
  const at = [...content.matchAll(/JSON\.stringify\(/g)].map((m) => m.index);
  if (at.length === 0) return out;
  const within = (start: number, end: number) => {
    // The first occurrence at or after start is the one that may end before end.
    let lo = 0;
    let hi = at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (at[mid]! < start) lo = mid + 1;
      else hi = mid;
    }
    return lo < at.length && at[lo]! + STRINGIFY.length <= end;
  };
  const holds = (body: SgNode) => {
    const { start, end } = body.range();
    return within(start.index, end.index);
  };
  // A body holding `JSON.stringify(` lies in its declaration: only declarations holding one are looked into, picked
  // by their ranges from the tree's function index (a search of the declarations' text took a walk of its own, the
  // shared walk holding function kinds for every node of them).
  const functions = functionIndex(root);
  for (const [i, fn] of functions.nodes.entries()) {
    if (!within(functions.starts[i]!, functions.ends[i]!) || fn.kind() !== 'function_declaration') continue;
    const name = fn.field('name')?.text();
    if (!name) continue;
    const body = fn.field('body');
    if (!body || !holds(body)) continue;
    for (const ret of body.findAll({ rule: { kind: 'return_statement' } })) {
      if (enclosingFunction(ret)?.range().start.index !== fn.range().start.index) continue;
      const value = ret.namedChildren()[0];
      if (!value) continue;
      if (isOpenStringify(value)) out.add(name);
      else if (value.kind() === 'identifier') {
        const v = escapeRe(value.text());
        const bound = body.findAll({ rule: { any: [{ kind: 'variable_declarator' }, { kind: 'assignment_expression' }], regex: `^${v}\\s*=` } });
        if (bound.some((b) => { const rhs = b.field('value') ?? b.field('right'); return rhs ? kindOf(rhs, new Set()) === 'json' : false; })) out.add(name);
      }
    }
  }
  return out;
}

function kindOf(expr: SgNode, helpers: Set<string>): Kind | undefined {
  const e = unwrap(expr);
  if (isOpenStringify(e)) return 'json';
  if (e.kind() === 'call_expression' && helpers.has(e.field('function')?.text() ?? '')) return 'json';
  if (e.kind() === 'ternary_expression') {
    const a = e.field('consequence');
    const b = e.field('alternative');
    if (!a || !b) return undefined;
    if (isOpenStringify(a) && isOpenStringify(b)) return 'json';
    if (/Array\.isArray\(/.test(e.field('condition')?.text() ?? '') && ARRAY_MADE.test(unwrap(a).text()) !== ARRAY_MADE.test(unwrap(b).text())) return 'array';
  }
  return undefined;
}

function guarded(between: string, name: string): boolean {
  const n = escapeRe(name);
  const text = between.replace(new RegExp(`\\b${n}\\s*=\\s*$`), '');
  return new RegExp(`typeof\\s+\\(?\\s*${n}\\b|Array\\.isArray\\(\\s*${n}\\s*\\)|\\b${n}\\s*(!==?|===?|&&|\\|\\||\\?\\?|\\?(?!\\.)|instanceof\\b)|(!==?|===?)\\s*${n}\\b|if\\s*\\(\\s*!?\\s*${n}\\s*\\)|(^|[^=!<>])=\\s*${n}\\s*(\\|\\||\\?\\?)|\\b${n}\\s*=(?!=)`).test(text);
}

// The value already dereferenced unchecked before the call (`json[i]`, `json.slice(…)`, `str.length > 40`): the code
// treats it as a string from its first use on, so a later string method is not where an undefined would fail.
function usedBefore(between: string, name: string): boolean {
  return new RegExp(`(^|[^\\w$.])${escapeRe(name)}\\s*(\\.(?!\\.)[\\w$]|\\[)`).test(between);
}

function candidate(call: SgNode, what: string, kind: Kind, method: string): Candidate {
  const why = kind === 'json' ? 'JSON.stringify returns undefined for undefined, a function or a symbol' : 'the Array.isArray branch makes it an array';
  return {
    ruleId: 'string-method-on-non-string', startLine: startLine(call), endLine: startLine(call), symbol: symbolOf(call),
    subject: `${what}.${method}`,
    detail: `\`${what}\` may not be a string (${why}), yet \`.${method}()\` is called on it unchecked: a TypeError on that input.`,
    structural: kind === 'json' ? 'string method on an unchecked JSON.stringify result' : 'string method on a value one branch makes an array',
  };
}

const SUSPECT_WORDS = 'JSON\\.stringify\\b|Array\\.isArray\\(';
const SUSPECT_BINDINGS = { any: [{ kind: 'variable_declarator' }, { kind: 'assignment_expression' }], regex: SUSPECT_WORDS };

/** Names bound somewhere in the file to a value kindOf may call a non-string: its text names JSON.stringify,
 * Array.isArray or a stringify helper. A name bound to none of these cannot end up bound to one, so a string method
 * called on it is not looked into (the tree search below is the costly part). */
function suspectNames(root: SgNode, helpers: Set<string>): Set<string> {
  const words = [SUSPECT_WORDS, ...[...helpers].map((h) => `(^|[^\\w$])${escapeRe(h)}($|[^\\w$])`)].join('|');
  const out = new Set<string>();
  // Without helpers the search is the declared one, answered from the shared walk (one walk of the tree fewer).
  const bindings = helpers.size === 0 ? findAllOf(root, SUSPECT_BINDINGS) : root.findAll({ rule: { ...SUSPECT_BINDINGS, regex: words } });
  for (const b of bindings) {
    const left = b.field('name') ?? b.field('left');
    if (left) out.add(left.text());
  }
  return out;
}

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  const helpers = /\bfunction\b/.test(ctx.file.content) ? stringifyHelpers(ctx.root, ctx.file.content) : new Set<string>();
  // Only a call on a suspect name is looked into: with none there is nothing to ask the tree, and the tree is asked
  // for calls on those names alone (the checks below stay the definition).
  const suspects = suspectNames(ctx.root, helpers);
  if (suspects.size === 0) return out;
  const named = `^(?:${[...suspects].map(escapeRe).join('|')})$`;
  // `name.method(…)` with a string-only method, asked of the tree (the checks below stay the definition).
  const shape = { kind: 'member_expression', all: [{ has: { field: 'property', regex: STRING_ONLY.source } }, { has: { field: 'object', kind: 'identifier', regex: named } }] };
  // Where the file's calls are indexed already, those whose callee ends in such a method (a superset: the checks below
  // are the search's conditions) are taken from the index instead of a walk of the tree.
  const calls = indexedCallsWithCallee(ctx.root, STRING_METHOD_CALLEE) ?? ctx.root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', ...shape } } });
  for (const call of calls) {
    const callee = call.field('function')!;
    if (callee.kind() !== 'member_expression') continue;
    const method = callee.field('property')?.text() ?? '';
    if (!STRING_ONLY.test(method)) continue;
    const object = callee.field('object');
    if (!object) continue;
    if (object.kind() !== 'identifier') continue;
    const name = object.text();
    if (!suspects.has(name)) continue;
    const fn = enclosingFunction(call);
    const scope = fn ?? ctx.root;
    const at = call.range().start.index;
    // The latest binding of the name before the call, in the same function.
    let binding: { rhs: SgNode; end: number } | undefined;
    // A binding of the name starts with it (its left side comes first): the tree is asked for those alone.
    for (const b of scope.findAll({ rule: { any: [{ kind: 'variable_declarator' }, { kind: 'assignment_expression' }], regex: `^${escapeRe(name)}` } })) {
      const left = b.field('name') ?? b.field('left');
      const rhs = b.field('value') ?? b.field('right');
      if (!left || !rhs || left.text() !== name || b.range().end.index > at) continue;
      if (enclosingFunction(b)?.range().start.index !== fn?.range().start.index) continue;
      if (!binding || b.range().end.index > binding.end) binding = { rhs, end: b.range().end.index };
    }
    if (!binding) continue;
    const kind = kindOf(binding.rhs, helpers);
    if (!kind) continue;
    const between = ctx.file.content.slice(binding.end, at);
    if (guarded(between, name) || usedBefore(between, name)) continue;
    out.push(candidate(call, name, kind, method));
  }
  return out;
}

export const stringMethodOnNonString: Detector = {
  order: 33,
  rules: ['string-method-on-non-string'],
  prefilter: /JSON\.stringify\(|Array\.isArray\(/,
  // Every finding is a call whose property's text STRING_ONLY matches whole: a file naming none of those methods has none.
  requires: new RegExp(`\\b(${STRING_ONLY.source.slice(2, -2)})\\b`),
  finds: [SUSPECT_BINDINGS],
  run,
};
