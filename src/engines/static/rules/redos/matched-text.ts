// Where the text a pattern runs over comes from, read along the receiver chain only: `out.replace(a, x).replace(b, y)`
// matches out's text with x and y written into it, and out's text is whatever `out` was last bound to, followed back
// through further chains (`out = out.replace(…)`, `var out = md || ''`). The taint trace names one source for the
// whole chain and prefers a replacement built from a setting (`options.bullet + ' $1'`), so a markdown stripper's
// `md` looked like its options; the configuration check (configuration.ts) then asks about the wrong value.
import type { SgNode } from '@ast-grep/napi';
import { boundValues, classify } from '../../taint.ts';
import type { SourceFacts } from '../../types.ts';
import { receiver } from './configuration.ts';

// Rebindings followed back (`out = out.replace(…)` once per statement of a long stripper).
const MAX_DEPTH = 24;

/** The source of the receiver text `subject` matches: the start of its string-method chain, followed back through
 * the local names it is bound to. */
export function matchedTextSource(subject: SgNode, depth = 0): SourceFacts {
  const start = receiver(subject);
  if (depth < MAX_DEPTH && start.kind() === 'identifier') {
    // The value bound last before this use (by position: `out = out.replace(…)` reads the binding before it).
    const bound = boundValues(start)?.at(-1);
    if (bound) return matchedTextSource(bound, depth + 1);
  }
  return classify(start);
}
