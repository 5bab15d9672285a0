// Code evaluated only after the library's caller turned evaluation on: the function leaves (throws or returns) unless
// an option whose name says it enables script evaluation is set — `if (!context.javascriptEnabled) throw …` (less's
// inline JavaScript, off by default). The caller chose to run the code its input carries; the source is then not an
// attacker's by the library's contract, like a compiler handing its caller's code back (handed-back-code.ts).
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction } from '../ast.ts';

/** An option naming script evaluation as enabled or allowed: `javascriptEnabled`, `allowEval`, `enableScripts`. */
const ENABLING = /(?:javascript|script|eval|code)\w*(?:enabled|allowed)\b|\b(?:enable|allow)\w*(?:javascript|script|eval|inlinecode)/i;
const LEAVES = /^\s*\{?\s*(?:throw|return)\b/;

/** A statement before `sink` in its function leaves unless an enabling option is set: `if (!opts.javascriptEnabled) throw`. */
export function optedInEvaluation(sink: SgNode): boolean {
  const fn = enclosingFunction(sink);
  const body = fn?.field('body');
  if (!fn || body?.kind() !== 'statement_block') return false;
  const at = sink.range().start.index;
  return body.namedChildren().some((stmt) => {
    if (stmt.kind() !== 'if_statement' || stmt.range().end.index > at || stmt.field('alternative')) return false;
    const condition = stmt.field('condition')?.text() ?? '';
    // Only the negated option itself: `!x.javascriptEnabled`, not a condition that also lets other cases through.
    const negated = /^\(\s*!\s*([\w$.]+)\s*\)$/.exec(condition);
    return negated !== null && ENABLING.test(negated[1] as string) && LEAVES.test(stmt.field('consequence')?.text() ?? '');
  });
}
