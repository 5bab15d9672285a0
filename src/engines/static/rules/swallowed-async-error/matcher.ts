// Swallowed asynchronous failures answered as success: a callback that never looks at its `err` parameter and
// still reports success (`(err) => res.json({ ok: true })`, `cb(null, …)`, `resolve(…)`), and an AWAITED promise
// whose `.catch` handler is empty or only logs, followed in the same block by a success response. A fire-and-forget
// `.catch(() => {})` (not awaited) is taken as deliberate, as is a callback that reads its error at all, and one handed
// to a function of this file that provably never calls back with an error (matchers/error-free-callback.ts).
import type { SgNode } from '@ast-grep/napi';
import { endLine, enclosingFunction, FUNCTION_KINDS, startLine, symbolOf } from '../../ast.ts';
import { isRequestHandler } from '../../sources/handlers.ts';
import { errorFreeCallback } from '../../matchers/error-free-callback.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { findAllOf } from '../../shared-find.ts';

const ERR_PARAM = /^(err|error|er)$/;
const LOG_CALL = /^(console\.(log|error|warn|info|debug|trace)|(logger|log|this\.logger|this\.log|ctx\.log|req\.log)\.(log|error|warn|info|debug|trace|fatal)|debug)\s*\(/;
const RESPONSE = /\b(res|response|reply)\.(json|send|end|sendStatus|status\(\s*2\d\d\s*\))\s*\(|\b(success|ok)\s*:\s*true\b|\bstatus\s*:\s*['"](ok|success)['"]/;
const SUCCESS_IN_CALLBACK = new RegExp(`${RESPONSE.source}|\\b(cb|callback|done|next)\\s*\\(\\s*null\\b|\\bresolve\\s*\\(`);

function firstParam(fn: SgNode): SgNode | undefined {
  const params = fn.field('parameters') ?? fn.field('parameter');
  if (!params) return undefined;
  if (params.kind() === 'identifier') return params;
  return params.namedChildren().find((n) => n.kind() !== 'comment');
}

function mentions(body: SgNode, name: string): boolean {
  return body.findAll({ rule: { kind: 'identifier', regex: `^${name}$` } }).length > 0
    || body.findAll({ rule: { kind: 'shorthand_property_identifier', regex: `^${name}$` } }).length > 0;
}

const CALLBACKS = { any: [{ kind: 'arrow_function' }, { kind: 'function_expression' }] };

/** A callback passed last to a call, whose first parameter is an error it never reads, that reports success. */
function ignoredErrorCallbacks(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const fn of findAllOf(ctx.root, CALLBACKS)) {
    // The parameter first: it rules out nearly every function, and asking a node's parent costs a walk down the tree.
    const param = firstParam(fn);
    if (!param || param.kind() !== 'identifier' || !ERR_PARAM.test(param.text())) continue;
    const args = fn.parent();
    if (args?.kind() !== 'arguments' || args.namedChildren().filter((n) => n.kind() !== 'comment').at(-1)?.id() !== fn.id()) continue;
    const body = fn.field('body');
    if (!body || mentions(body, param.text())) continue;
    // Nested functions answer for themselves: only the callback's own statements count.
    const own = body.kind() === 'statement_block' ? body.namedChildren().filter((s) => !FUNCTION_KINDS.has(String(s.kind()))) : [body];
    // A success answer that forwards the callback's own results (`(err, out) => res.send(out)`) is a data answer, left
    // to other rules; only an answer that claims success on its own counts.
    const results = (fn.field('parameters')?.namedChildren() ?? []).slice(1).map((p) => p.text()).filter((t) => /^[A-Za-z_$][\w$]*$/.test(t));
    const success = own.find((s) => SUCCESS_IN_CALLBACK.test(s.text()) && !results.some((r) => mentions(s, r)));
    if (!success) continue;
    // A callee of this file that only ever calls back `cb(null, …)` has no error to swallow.
    const call = args.parent();
    if (call?.kind() === 'call_expression' && errorFreeCallback(ctx.root, call, fn)) continue;
    const callee = call?.field('function')?.text() ?? 'a call';
    out.push({
      ruleId: 'swallowed-async-error', startLine: startLine(fn), endLine: startLine(fn), symbol: symbolOf(fn),
      subject: `${callee.slice(0, 80)}(${param.text()})→${success.text().slice(0, 80)}`,
      detail: `The callback of \`${callee.slice(0, 60)}\` never reads \`${param.text()}\`, then \`${success.text().replace(/\s+/g, ' ').slice(0, 80)}\` reports success.`,
      structural: 'callback error never read before a success answer',
    });
  }
  return out;
}

function swallowingHandler(handler: SgNode | undefined): boolean {
  if (!handler) return false;
  if (handler.kind() === 'identifier') return /^(noop|_\.noop|ignore)$/.test(handler.text());
  if (!FUNCTION_KINDS.has(String(handler.kind()))) return false;
  const body = handler.field('body');
  if (!body) return false;
  if (body.kind() !== 'statement_block') return /^(null|undefined|void 0|false)$/.test(body.text()) || LOG_CALL.test(body.text());
  const stmts = body.namedChildren().filter((s) => s.kind() !== 'comment');
  if (stmts.length === 0) return !/\/[/*]/.test(body.text());
  return stmts.every((s) => s.kind() === 'expression_statement' && LOG_CALL.test(s.text()));
}

const CATCH_CALLS = { kind: 'call_expression', has: { field: 'function', kind: 'member_expression', has: { field: 'property', regex: '^catch$' } } };

/** `await work().catch(() => {})` in a request handler, then a success response in the same block. */
function awaitedSwallowingCatches(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const call of findAllOf(ctx.root, CATCH_CALLS)) {
    const handler = call.field('arguments')?.namedChildren().find((n) => n.kind() !== 'comment');
    if (!swallowingHandler(handler)) continue;
    const awaited = call.parent();
    if (awaited?.kind() !== 'await_expression') continue;
    let stmt: SgNode | null = awaited;
    while (stmt && !/statement$|^lexical_declaration$|^variable_declaration$/.test(String(stmt.kind()))) stmt = stmt.parent();
    if (!stmt) continue;
    const fn = enclosingFunction(call);
    if (!fn || !isRequestHandler(fn)) continue;
    const success = stmt.nextAll().find((n) => n.isNamed() && n.kind() !== 'comment' && RESPONSE.test(n.text()));
    if (!success) continue;
    out.push({
      ruleId: 'swallowed-async-error', startLine: startLine(call), endLine: endLine(handler!), symbol: symbolOf(call),
      subject: `${call.text().slice(0, 120)}→${success.text().slice(0, 80)}`,
      detail: `The awaited promise's \`.catch\` ${handler!.kind() === 'identifier' ? 'ignores' : 'swallows'} the failure, then \`${success.text().replace(/\s+/g, ' ').slice(0, 80)}\` reports success.`,
      structural: 'awaited promise whose failure is swallowed before a success answer',
    });
  }
  return out;
}

function run(ctx: DetectorContext): Candidate[] {
  // Each half needs its words in the text: an error parameter's name, and an awaited `.catch`.
  const text = ctx.file.content;
  return [...(/\b(err|error|er)\b/.test(text) ? ignoredErrorCallbacks(ctx) : []), ...(/\bawait\b/.test(text) && /\bcatch\b/.test(text) ? awaitedSwallowingCatches(ctx) : [])];
}

export const swallowedAsyncError: Detector = {
  order: 29,
  rules: ['swallowed-async-error'],
  prefilter: /\b(err|error|er)\s*[,)]|\.catch\s*\(/,
  // Both halves report only a statement SUCCESS_IN_CALLBACK matches (RESPONSE is one of its alternatives), and a
  // statement's text is the file's text at that place: a file it does not match anywhere has no finding.
  requires: SUCCESS_IN_CALLBACK,
  finds: [CALLBACKS, CATCH_CALLS],
  run,
};
