// Async misuse: async callbacks to forEach, async Promise executors, floating promises in request
// handlers, and promises returned from try without await (the catch never sees the rejection).
import type { SgNode } from '@ast-grep/napi';
import { argsOf, endLine, enclosingFunction, escapeRe, FUNCTION_FIND, FUNCTION_KINDS, startLine, symbolOf } from '../ast.ts';
import { SPACE, WORD } from '../rule-emulation.ts';
import { isRequestHandler } from '../sources/handlers.ts';
import type { Candidate, Detector, DetectorContext } from '../types.ts';
import { findAllOf } from '../shared-find.ts';

export function isAsync(fn: SgNode): boolean {
  return fn.children().some((c) => c.kind() === 'async');
}

function structural(ruleId: string, node: SgNode, detail: string, proof: string): Candidate {
  return { ruleId, startLine: startLine(node), endLine: endLine(node), symbol: symbolOf(node), subject: node.text().slice(0, 300), detail, structural: proof };
}

// The async functions are the functions (the function index's search, which rides on the shared walk) whose text opens
// with `async` after modifiers: ast-grep's regex `^((static|public|private|protected|override)\s+)*async\b` on the
// function's text, read here off the file's text at the function's start instead of walking the tree for it. Rust's
// Unicode \s and \b are written out (rule-emulation.ts); the \b after `async` reads one character past it, inside the
// function's text (no function's text ends there).
const ASYNC_OPENING = new RegExp(String.raw`((static|public|private|protected|override)[${SPACE}]+)*async(?![${WORD}])`, 'uy');

/** What root.findAll finds for the functions of FUNCTION_KINDS whose text matches ASYNC_OPENING from its start. */
export function asyncFunctions(root: SgNode, content: string): SgNode[] {
  return findAllOf(root, FUNCTION_FIND).filter((fn) => {
    ASYNC_OPENING.lastIndex = fn.range().start.index;
    return ASYNC_OPENING.test(content);
  });
}

/** Names of functions declared async in this file, plus well-known promise APIs. */
function asyncNames(root: SgNode, content: string): Set<string> {
  const names = new Set<string>();
  for (const fn of asyncFunctions(root, content)) {
    const named = fn.field('name')?.text() ?? (fn.parent()?.kind() === 'variable_declarator' ? fn.parent()?.field('name')?.text() : undefined);
    if (named) names.add(named);
  }
  return names;
}

const PROMISE_API = /^(fetch|fs\.promises\.\w+|fsp\.\w+|fsPromises\.\w+)$/;

function returnsPromise(call: SgNode, names: Set<string>): boolean {
  const callee = call.field('function');
  if (!callee) return false;
  const text = callee.text();
  if (PROMISE_API.test(text)) return true;
  const base = text.replace(/^this\./, '');
  return /^[\w$]+$/.test(base) && names.has(base);
}

function foreachAsync(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  const asyncCallback = { has: { field: 'arguments', has: { nthChild: 1, any: [{ kind: 'arrow_function' }, { kind: 'function_expression' }], regex: '^async\\b' } } };
  for (const call of ctx.root.findAll({ rule: { kind: 'call_expression', all: [{ has: { field: 'function', regex: '\\.forEach$' } }, asyncCallback] } })) {
    const cb = argsOf(call)[0];
    if (!cb || !FUNCTION_KINDS.has(String(cb.kind())) || !isAsync(cb) || !/\bawait\b/.test(cb.text())) continue;
    const outer = enclosingFunction(call);
    if (!outer || !isAsync(outer)) continue;
    out.push(structural('async-foreach', call, `\`${call.field('function')?.text()}\` gets an async callback inside async ${symbolOf(call)}.`, 'forEach ignores the promises its async callback returns'));
  }
  return out;
}

const MAY_THROW = { rule: { any: [{ kind: 'call_expression' }, { kind: 'new_expression' }, { kind: 'await_expression' }, { kind: 'throw_statement' }] } };

/**
 * Every statement of the executor that can throw is a try whose catch passes the error to the executor's reject (the
 * rest only builds values: `this.handlers = { onError: () => … }`): no error is lost, the promise settles.
 */
function rejectsEverything(cb: SgNode): boolean {
  const reject = cb.field('parameters')?.namedChildren()[1];
  const body = cb.field('body');
  if (reject?.kind() !== 'identifier' || body?.kind() !== 'statement_block') return false;
  const calls = new RegExp(`(?<![\\w$.])${escapeRe(reject.text())}\\s*\\(`);
  // A throw or call inside a function the statement only defines runs later, outside the executor.
  const inert = (stmt: SgNode) => stmt.findAll(MAY_THROW).every((n) => enclosingFunction(n)?.id() !== cb.id());
  return body.namedChildren().every((stmt) => {
    if (stmt.kind() !== 'try_statement') return stmt.kind() === 'comment' || inert(stmt);
    const handler = stmt.field('handler');
    const finalizer = stmt.field('finalizer');
    return handler !== null && calls.test(handler.text()) && (finalizer === null || inert(finalizer));
  });
}

function promiseExecutor(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const node of ctx.root.findAll({ rule: { kind: 'new_expression', regex: '^new\\s+Promise\\s*\\(\\s*async\\b' } })) {
    const cb = argsOf(node)[0];
    if (!cb || !FUNCTION_KINDS.has(String(cb.kind())) || !isAsync(cb) || !/\bawait\b/.test(cb.text()) || rejectsEverything(cb)) continue;
    out.push(structural('async-promise-executor', node, 'The executor passed to new Promise is async and awaits.', 'async Promise executor that awaits'));
  }
  return out;
}

const RETURNS_IN_TRY = { kind: 'return_statement', has: { kind: 'call_expression' }, inside: { kind: 'statement_block', inside: { kind: 'try_statement', has: { kind: 'catch_clause' } } } };
// The parameters' regex once, beside the kinds (ast-grep compiles a rule's regexes on every search, once per place written).
const REQUEST_HANDLERS = { any: [...FUNCTION_KINDS].map((kind) => ({ kind })), has: { field: 'parameters' as const, regex: '^\\(\\s*(req|request)\\b' } };

function floatingAndTry(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  // Each search only where its words are in the text: a try with a catch, and parameters opening with `(req`/`(request`
  // (the handler rule's regex, on the parameters' own text).
  const text = ctx.file.content;
  const returnsInTry = /\btry\b/.test(text) && /\bcatch\b/.test(text)
    ? findAllOf(ctx.root, RETURNS_IN_TRY)
    : [];
  const handlers = /\(\s*(req|request)\b/.test(text) ? findAllOf(ctx.root, REQUEST_HANDLERS) : [];
  if (returnsInTry.length === 0 && handlers.length === 0) return out;
  const names = asyncNames(ctx.root, text);
  const statements = handlers.flatMap((h) => h.findAll({ rule: { kind: 'expression_statement', has: { kind: 'call_expression' } } }));
  for (const stmt of statements) {
    const call = stmt.namedChildren()[0];
    if (call?.kind() !== 'call_expression') continue;
    const fn = enclosingFunction(stmt);
    if (!fn || !isRequestHandler(fn)) continue;
    const callee = call.field('function')?.text() ?? '';
    const thenWithoutCatch = callee.endsWith('.then') && argsOf(call).length < 2;
    if (!returnsPromise(call, names) && !thenWithoutCatch) continue;
    out.push(structural('floating-promise', stmt, `The promise from \`${callee}(…)\` in request handler ${symbolOf(stmt)} is not awaited and has no catch.`, 'unawaited promise in a request handler'));
  }
  for (const ret of returnsInTry) {
    const value = ret.namedChildren()[0];
    if (value?.kind() !== 'call_expression' || !returnsPromise(value, names)) continue;
    // The nearest try must be in the same function, and the return must sit in its body, not its catch.
    const fn = enclosingFunction(ret);
    let tryStmt: SgNode | null = null;
    for (let p = ret.parent(); p && p !== fn && !(fn && p.range().start.index === fn.range().start.index); p = p.parent()) {
      if (p.kind() === 'catch_clause' || p.kind() === 'finally_clause') break;
      if (p.kind() === 'try_statement') { tryStmt = p; break; }
      if (FUNCTION_KINDS.has(String(p.kind()))) break;
    }
    if (!tryStmt || !tryStmt.field('handler')) continue;
    out.push(structural('missing-await-in-try', ret, `\`${ret.text().slice(0, 80)}\` returns the promise without await, so the catch below never handles its rejection.`, 'return of a promise inside try without await'));
  }
  return out;
}

export const asyncForEach: Detector = { order: 19, rules: ['async-foreach'], prefilter: /\.forEach\(\s*async\b/, run: foreachAsync };
export const asyncExecutor: Detector = { order: 20, rules: ['async-promise-executor'], prefilter: /new\s+Promise\s*\(\s*async\b/, run: promiseExecutor };
// Floating promises need a (req, …) handler; missing await needs a try around a returned call.
const PROMISE_TEXT = /\basync\b|\.then\(|\bfetch\(/;
const HANDLER_OR_TRY_TEXT = /\(\s*(req|request)\b|\btry\s*\{/;
export const floatingPromise: Detector = {
  order: 21,
  rules: ['floating-promise', 'missing-await-in-try'],
  // Two searches, not one regex of two `^(?=[\s\S]*…)` lookaheads: the same answer at a third of the time.
  prefilter: { test: (text) => PROMISE_TEXT.test(text) && HANDLER_OR_TRY_TEXT.test(text) },
  // Only the search every run makes. The handlers' search decides on the function kinds, so it took a walk of its own in
  // every file the detector runs on; it is made only where a handler's words ask for it.
  finds: [RETURNS_IN_TRY],
  run: floatingAndTry,
};
