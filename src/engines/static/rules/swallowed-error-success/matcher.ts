// Swallowed errors: a catch that is empty or only logs, followed by a success response — the caller is
// told the operation worked when it failed. A catch holding only a comment is taken as deliberate.
import type { SgNode } from '@ast-grep/napi';
import { endLine, enclosingFunction, startLine, symbolOf } from '../../ast.ts';
import { isRequestHandler } from '../../sources/handlers.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';

const LOG_CALL = /^(console\.(log|error|warn|info|debug|trace)|(logger|log|this\.logger|this\.log|ctx\.log|req\.log)\.(log|error|warn|info|debug|trace|fatal)|debug)\s*\(/;
const SUCCESS = /\b(res|response|reply)\.(json|send|end|sendStatus|status\(\s*2\d\d\s*\))\s*\(|\b(success|ok)\s*:\s*true\b|\bstatus\s*:\s*['"](ok|success)['"]/;

/** Empty (and uncommented) or made only of logging calls. */
function swallows(catchBody: SgNode): boolean {
  const stmts = catchBody.namedChildren().filter((s) => s.kind() !== 'comment');
  if (stmts.length === 0) return !/\/[/*]/.test(catchBody.text());
  return stmts.every((s) => s.kind() === 'expression_statement' && LOG_CALL.test(s.text()));
}

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const tryStmt of ctx.root.findAll({ rule: { kind: 'try_statement', has: { kind: 'catch_clause' } } })) {
    const handler = tryStmt.field('handler');
    const body = handler?.field('body');
    if (!handler || !body || !swallows(body) || tryStmt.field('finalizer')) continue;
    const fn = enclosingFunction(tryStmt);
    if (!fn || !isRequestHandler(fn)) continue;
    // Success reported after the try, in the statements that follow it in the same block.
    const after = tryStmt.nextAll().filter((n) => n.isNamed() && n.kind() !== 'comment');
    const success = after.find((n) => SUCCESS.test(n.text()));
    if (!success) continue;
    // The try body must itself do work that can fail (a call), not just compute.
    if (!/\(/.test(tryStmt.field('body')?.text() ?? '')) continue;
    out.push({
      ruleId: 'swallowed-error-success', startLine: startLine(handler), endLine: endLine(handler), symbol: symbolOf(handler),
      subject: `${handler.text()}→${success.text().slice(0, 120)}`,
      detail: `The catch ${body.namedChildren().length === 0 ? 'is empty' : 'only logs'}, then \`${success.text().replace(/\s+/g, ' ').slice(0, 80)}\` reports success.`,
      structural: 'log-only catch followed by a success response',
    });
  }
  return out;
}

// SUCCESS without its word boundaries: it matches the file wherever SUCCESS matches a statement's text, so a file it
// misses has no success response for run() to find (and in most files with a catch there is none).
const SUCCESS_IN_FILE = new RegExp(SUCCESS.source.replaceAll('\\b', ''));

export const swallowedError: Detector = {
  order: 22,
  rules: ['swallowed-error-success'],
  prefilter: { test: (text) => /\bcatch\b/.test(text) && SUCCESS_IN_FILE.test(text) },
  run,
};
