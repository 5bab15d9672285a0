// The skeptic's refutations, one module: the static refuters (static.ts re-checks one of the engine's own findings,
// lead.ts another analyser's lead at its cited line) with their votes worded once (votes.ts), and the one panel rule
// that turns every vote, static or model, into an outcome (panel.ts). The skeptic phase sits this panel; the static
// referee (../judge.ts) and the benchmark's scoring (../score.ts) read it too.
import type { Finding } from '../../../artifacts/schemas/common.ts';
import type { Lead } from '../../../artifacts/schemas/leads.ts';
import type { SourceFile } from '../types.ts';
import { refuteLead, type LeadOrigin } from './lead.ts';
import { refuteStatic, type RefuteOptions } from './static.ts';
import { staticVote, type Refutation } from './votes.ts';

export { isNonProduction, NON_PRODUCTION_PATH, refuteStatic, type RefuteOptions } from './static.ts';
export { refuteLead, type LeadOrigin } from './lead.ts';
export { checkedRefutation, panelOutcome, staticUndecided, type PanelOutcome, type Vote } from './panel.ts';
export type { Refutation } from './votes.ts';

/**
 * The static checks' votes on one finding: a lead from another analyser (`origin` set) gets the same source and
 * guard checks at its cited lines, never a confirmation; the engine's own finding is re-checked at its sink. When no
 * deterministic refutation applies, the static checks examined it and uphold it.
 */
export function staticPanel(finding: Finding, file: SourceFile, origin: LeadOrigin | null, lead: Pick<Lead, 'startColumn' | 'startLine'> | undefined, options: RefuteOptions): Refutation[] {
  const votes = origin ? refuteLead(finding, origin, file, lead, options) : refuteStatic(finding, file, options);
  return votes.length > 0 ? votes : [staticVote('static-checks', 'upheld', 'no guard, literal source, test-only code or suppression refutes it')];
}
