// A call whose callback ends a stream, followed straight away by a write to the same stream:
// `store.destroy(id, function () { end.call(res) }); return res.write(chunk)`. The write has to come first, and the
// code counts on the callback running later; a store, cache or mock with synchronous operations calls it at once, so
// the stream ends before the write (express-session's blank responses). Not flagged: the write before the call, a
// different stream, or a write the code tracks with a flag the callback sets.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, escapeRe, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { findAllOf } from '../../shared-find.ts';

const FUNCTION_ARG = new Set(['arrow_function', 'function_expression', 'function']);

/** The stream a callback ends: `end.call(res)` → res, `out.end()` → out. */
function endedStream(cb: SgNode): string | undefined {
  const m = /\bend\.call\(\s*([\w$]+)\b|(?:^|[^\w$.])([\w$]+)\.end\(/.exec(cb.field('body')?.text() ?? '');
  return m ? (m[1] ?? m[2]) : undefined;
}

const CALL_STATEMENTS = { kind: 'expression_statement', has: { kind: 'call_expression' } };

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const stmt of findAllOf(ctx.root, CALL_STATEMENTS)) {
    const call = stmt.namedChildren()[0];
    if (call?.kind() !== 'call_expression') continue;
    const cb = argsOf(call).at(-1);
    if (!cb || !FUNCTION_ARG.has(String(cb.kind()))) continue;
    const stream = endedStream(cb);
    if (!stream) continue;
    let next = stmt.next();
    while (next && next.kind() === 'comment') next = next.next();
    if (!next) continue;
    const s = escapeRe(stream);
    if (!new RegExp(`^(return\\s+)?${s}\\.write\\(`).test(next.text())) continue;
    out.push({
      ruleId: 'write-after-callback-end', startLine: startLine(next), endLine: startLine(next), symbol: symbolOf(next),
      subject: `${stream}.write after ${call.field('function')?.text().slice(0, 60) ?? 'call'}`,
      detail: `The callback passed to \`${call.field('function')?.text().slice(0, 60)}(…)\` ends \`${stream}\`, and this write to \`${stream}\` comes after the call: if the callback runs synchronously the stream is already ended.`,
      structural: 'a write after a call whose callback ends the same stream',
    });
  }
  return out;
}

export const writeAfterCallbackEnd: Detector = {
  order: 40,
  rules: ['write-after-callback-end'],
  prefilter: /\.write\(/,
  requires: /\bend(\.call)?\(/,
  finds: [CALL_STATEMENTS],
  run,
};
