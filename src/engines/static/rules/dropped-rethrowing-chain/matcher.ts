// A promise chain dropped on the floor whose last handler throws: `p.then(ok, (err) => { cleanup(); throw err; })` or
// `p.catch((err) => { throw wrap(err) })` as a bare statement. Nobody holds the chain, so the rethrown error becomes
// an unhandled rejection (a crash on Node 15 and later), and a caller's promise settles before the chained work ends
// (generic-pool's use() resolved before the user's function had finished). Not flagged: a chain that is returned,
// awaited, assigned or passed on, a chain whose last handler does not throw, and a throw inside a function nested in
// the handler.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, enclosingFunction, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { findAllOf } from '../../shared-find.ts';

const HANDLER_KINDS = new Set(['arrow_function', 'function_expression', 'function']);

/** The handler throws (or returns a rejection) in its own body, not in a nested function. */
function throwsItself(handler: SgNode): boolean {
  if (!HANDLER_KINDS.has(String(handler.kind()))) return false;
  const body = handler.field('body');
  if (!body) return false;
  if (body.kind() !== 'statement_block') return body.text().startsWith('Promise.reject(');
  const own = (n: SgNode) => enclosingFunction(n)?.range().start.index === handler.range().start.index;
  return body.findAll({ rule: { kind: 'throw_statement' } }).some(own)
    || body.findAll({ rule: { kind: 'return_statement', regex: '^return\\s+Promise\\.reject\\(' } }).some(own);
}

const CHAIN_STATEMENTS = { kind: 'expression_statement', has: { kind: 'call_expression', regex: '\\.(then|catch|finally)\\s*\\(' } };

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const stmt of findAllOf(ctx.root, CHAIN_STATEMENTS)) {
    const call = stmt.namedChildren()[0];
    if (call?.kind() !== 'call_expression') continue;
    const method = call.field('function')?.kind() === 'member_expression' ? call.field('function')?.field('property')?.text() : undefined;
    if (method !== 'then' && method !== 'catch' && method !== 'finally') continue;
    const handlers = argsOf(call);
    if (!handlers.some(throwsItself)) continue;
    const fn = enclosingFunction(stmt);
    const outer = fn?.parent()?.kind() === 'arguments' ? fn.parent()?.parent() : undefined;
    const inHandler = /\.(then|catch)$/.test(outer?.field('function')?.text() ?? '');
    out.push({
      ruleId: 'dropped-rethrowing-chain', startLine: startLine(stmt), endLine: startLine(stmt), symbol: symbolOf(stmt),
      subject: call.field('function')?.text().slice(0, 120) ?? call.text().slice(0, 120),
      detail: `The chain ending in \`.${method}(…)\` throws from its handler, but the statement drops the chain: the error is an unhandled rejection${inHandler ? ', and the enclosing promise callback returns before the chained work has finished' : ''}.`,
      structural: 'a dropped promise chain whose handler throws',
    });
  }
  return out;
}

export const droppedRethrowingChain: Detector = {
  order: 34,
  rules: ['dropped-rethrowing-chain'],
  prefilter: /\.(then|catch|finally)\s*\(/,
  requires: /\bthrow\b|Promise\.reject\(/,
  finds: [CHAIN_STATEMENTS],
  run,
};
