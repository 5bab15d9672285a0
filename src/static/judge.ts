// The static referee: turns refutations into a verdict. Any refutation dismisses; an upheld finding is
// confirmed (T2) only when its rule's measured precision is high enough; the rest are T3 manual-review.
import type { Finding, Severity } from '../artifacts/schemas/common.ts';
import type { Refutation } from './refute.ts';
import { calibratedPrecision, getRule } from './rules.ts';

export interface StaticJudgement {
  verdict: 'confirmed' | 'dismissed' | 'manual-review';
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

/** The panel outcome before calibration: any refutation kills; confirmation needs an upheld source or pattern seat. */
export function panelOutcome(refutations: readonly Refutation[]): 'refuted' | 'upheld' | 'undecided' {
  if (refutations.some((r) => r.vote === 'refuted')) return 'refuted';
  const undecided = refutations.some((r) => r.vote === 'abstained' && (r.seat === 'source' || r.seat === 'pattern' || r.seat === 'static-recheck'));
  const upheld = refutations.some((r) => r.vote === 'upheld' && (r.seat === 'source' || r.seat === 'pattern'));
  return upheld && !undecided ? 'upheld' : 'undecided';
}

export function judgeStatic(finding: Finding, refutations: readonly Refutation[]): StaticJudgement {
  const rule = finding.ruleId ? getRule(finding.ruleId) : undefined;
  const precision = rule ? calibratedPrecision(rule) : 0.5;
  const trace = refutations.map((r) => `${r.seat}: ${r.vote} — ${r.reason}`).join(' ');
  const outcome = panelOutcome(refutations);
  if (outcome === 'refuted') {
    return { verdict: 'dismissed', severity: finding.severity, confidence: round((1 - precision) * 0.2), tier: 'T3', reasoning: `Dismissed. ${trace}` };
  }
  if (!rule || outcome === 'undecided') {
    return { verdict: 'manual-review', severity: finding.severity, confidence: round(precision * 0.5), tier: 'T3', reasoning: `Needs a person: ${trace || 'no static check examined it.'}` };
  }
  if (precision < CONFIRM_MIN_PRECISION) {
    return { verdict: 'manual-review', severity: finding.severity, confidence: round(precision), tier: 'T3', reasoning: `Rule ${rule.id} has measured precision ${precision}, below ${CONFIRM_MIN_PRECISION}. ${trace}` };
  }
  return { verdict: 'confirmed', severity: finding.severity, confidence: round(precision), tier: 'T2', reasoning: `Confirmed by rule ${rule.id} (measured precision ${precision}). ${trace}` };
}
