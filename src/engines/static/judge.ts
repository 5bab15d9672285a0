// The static referee: turns refutations into a verdict. The panel rule (src/engines/static/refute/panel.ts) decides what is
// killed (dismissed); of the rest, a finding is confirmed (T2) only when a source or pattern check upheld it and its
// rule's measured precision is high enough; everything else is T3 manual-review.
import type { Finding, Severity } from '../../artifacts/schemas/common.ts';
import { panelOutcome } from './refute/panel.ts';
import type { Refutation } from './refute/static.ts';
import { calibratedPrecision, getRule, ruleDefault } from './rules.ts';
import type { RefereeVerdict } from '../../artifacts/schemas/literals.ts';

export interface StaticJudgement {
  verdict: RefereeVerdict;
  severity: Severity;
  confidence: number;
  reasoning: string;
  tier: 'T2' | 'T3';
}

/** A rule below this calibrated precision never confirms on its own. */
export const CONFIRM_MIN_PRECISION = 0.7;

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** Not killed, and a source or pattern check upheld it with none left undecided: what a static confirmation needs. */
export function staticallyUpheld(refutations: readonly Refutation[]): boolean {
  if (panelOutcome(refutations) === 'killed') return false;
  const undecided = refutations.some((r) => r.vote === 'abstained' && (r.seat === 'source' || r.seat === 'pattern' || r.seat === 'static-recheck'));
  return !undecided && refutations.some((r) => r.vote === 'upheld' && (r.seat === 'source' || r.seat === 'pattern'));
}

export function judgeStatic(finding: Finding, refutations: readonly Refutation[]): StaticJudgement {
  const rule = finding.ruleId ? getRule(finding.ruleId) : undefined;
  const precision = rule ? calibratedPrecision(rule) : 0.5;
  const trace = refutations.map((r) => `${r.seat}: ${r.vote} — ${r.reason}`).join(' ');
  const byDefault = rule ? ruleDefault(rule) : undefined;
  if (rule && byDefault && !byDefault.on) {
    return { verdict: 'dismissed', severity: finding.severity, confidence: round((1 - precision) * 0.2), tier: 'T3', reasoning: `Rule ${rule.id} is off by default: ${byDefault.why}. ${trace}` };
  }
  if (panelOutcome(refutations) === 'killed') {
    return { verdict: 'dismissed', severity: finding.severity, confidence: round((1 - precision) * 0.2), tier: 'T3', reasoning: `Dismissed. ${trace}` };
  }
  if (!rule || !staticallyUpheld(refutations)) {
    return { verdict: 'manual-review', severity: finding.severity, confidence: round(precision * 0.5), tier: 'T3', reasoning: `Needs a person: ${trace || 'no static check examined it.'}` };
  }
  if (precision < CONFIRM_MIN_PRECISION) {
    return { verdict: 'manual-review', severity: finding.severity, confidence: round(precision), tier: 'T3', reasoning: `Rule ${rule.id} has measured precision ${precision}, below ${CONFIRM_MIN_PRECISION}. ${trace}` };
  }
  return { verdict: 'confirmed', severity: finding.severity, confidence: round(precision), tier: 'T2', reasoning: `Confirmed by rule ${rule.id} (measured precision ${precision}). ${trace}` };
}
