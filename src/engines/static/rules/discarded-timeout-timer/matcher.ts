// Per-operation timeouts whose timer is thrown away: `setTimeout(() => { if (!cmd.isResolved) cmd.reject(new
// Error('timed out')) }, this.options.timeout)` as a bare statement. When the operation finishes first nothing clears
// the timer: it lives for the whole configured delay holding the operation in its closure, one per call (memory grows
// under load, and the process cannot exit until the last one fires). Flagged only when the callback is guarded by a
// completion flag (`if (!x.done)`, `if (done) return`) and fails the operation with an Error, and the delay is not a
// literal. Not flagged: a timer kept in a variable or field, `.unref()`'d, or a plain delay.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { findAllOf } from '../../shared-find.ts';

const DONE = /(isResolved|resolved|isDone|done|finished|settled|completed|complete|ended|called|responded|timedOut|fulfilled)$/i;

/** The callback's first statement checks a completion flag: `if (!x.done)`, `if (done) return`. */
function guardedByCompletion(cb: SgNode): boolean {
  const body = cb.field('body');
  const first = body?.kind() === 'statement_block' ? body.namedChildren().find((c) => c.kind() !== 'comment') : undefined;
  if (first?.kind() !== 'if_statement') return false;
  const cond = first.field('condition')?.text().replace(/^\(\s*|\s*\)$/g, '') ?? '';
  return DONE.test(cond.replace(/^!\s*/, '').trim()) && /^!?\s*(this\.)?[\w$.]+$/.test(cond.trim());
}

const TIMEOUT_STATEMENTS = { kind: 'expression_statement', has: { kind: 'call_expression', regex: '^(global\\.|globalThis\\.)?setTimeout\\s*\\(' } };

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const stmt of findAllOf(ctx.root, TIMEOUT_STATEMENTS)) {
    const call = stmt.namedChildren()[0];
    if (call?.kind() !== 'call_expression' || !/^(global\.|globalThis\.)?setTimeout$/.test(call.field('function')?.text() ?? '')) continue;
    const [cb, delay] = argsOf(call);
    if (!cb || !delay || !['arrow_function', 'function_expression', 'function'].includes(String(cb.kind()))) continue;
    if (delay.kind() === 'number' || !guardedByCompletion(cb)) continue;
    if (!/new\s+\w*Error\s*\(/.test(cb.text())) continue;
    out.push({
      ruleId: 'discarded-timeout-timer', startLine: startLine(stmt), endLine: startLine(stmt), symbol: symbolOf(stmt),
      subject: `setTimeout(…, ${delay.text().slice(0, 60)})`,
      detail: `The timeout timer (delay \`${delay.text().slice(0, 60)}\`) is never kept or cleared: when the operation finishes first it stays armed for the whole delay, holding the operation in its closure.`,
      structural: 'an operation timeout whose timer handle is discarded',
    });
  }
  return out;
}

export const discardedTimeoutTimer: Detector = {
  order: 35,
  rules: ['discarded-timeout-timer'],
  prefilter: /setTimeout\s*\(/,
  finds: [TIMEOUT_STATEMENTS],
  run,
};
