// The referee phase's decisions, pure: which findings get no verdict (the panel could not review them), which the
// panel's kill decides (with a model referee), the static verdict with the re-read its severity asks for, and what a
// model referee's answer counts for (quotes that hold, a severity it may lower but never raise).
import { SEVERITY_ORDER, type Finding, type Severity } from '../../artifacts/schemas/common.ts';
import type { RefereeVerdict } from '../../artifacts/schemas/referee.ts';
import type { Skeptic } from '../../artifacts/schemas/skeptic.ts';
import { unsupportedEvidence } from '../../engines/integrity/evidence.ts';
import { clip } from '../../foundations/text/clip.ts';
import type { RefereeAnswer } from './model-answer.ts';

export type Review = Skeptic['reviews'][number];

/** The static engine's judgement of a finding (src/engines/static/judge.ts), as the referee records it. */
export type StaticJudgement = Pick<RefereeVerdict, 'verdict' | 'severity' | 'confidence' | 'reasoning'> & { tier: 'T2' | 'T3' };

type Base = Omit<RefereeVerdict, 'verdict' | 'confidence' | 'reasoning'>;

function baseOf(finding: Finding, model: boolean): Base {
  return { findingId: finding.id, severity: finding.severity, engine: model ? 'model' : 'static', reread: false };
}

export function unreviewedVerdict(finding: Finding, model: boolean, why: string): RefereeVerdict {
  return { ...baseOf(finding, model), verdict: 'unreviewed', confidence: finding.confidence, reasoning: `Not reviewed: ${why}.` };
}

/**
 * Before the source is read: a verdict when the panel decides it (nobody reviewed it; or it killed it and a model
 * referee is configured), else the review to judge. Without a model the static referee decides every reviewed
 * finding, by the same panel rule (so a killed one is dismissed there too, with its calibrated confidence and re-read).
 */
export function beforeReading(finding: Finding, review: Review | undefined, model: boolean): { verdict: RefereeVerdict } | { review: Review } {
  if (!review || review.outcome === 'unreviewed') return { verdict: unreviewedVerdict(finding, model, review?.refutations.map((r) => r.reason).join('; ') || 'the skeptic panel did not review it') };
  if (review.outcome === 'killed' && model) {
    const refuted = review.refutations.filter((r) => r.vote === 'refuted').map((r) => `${r.seat}: ${r.reason}`);
    return { verdict: { ...baseOf(finding, model), verdict: 'dismissed', confidence: Math.max(0.5, 1 - finding.confidence), reasoning: `Refuted by the skeptic panel — ${refuted.join('; ')}.` } };
  }
  return { review };
}

/** The static verdict; at a re-read severity the quotes must still be exactly what the file says now (`fresh`). */
export function staticVerdict(finding: Finding, judged: StaticJudgement, fresh: string, reread: ReadonlySet<Severity>): RefereeVerdict {
  const verdict: RefereeVerdict = { ...baseOf(finding, false), verdict: judged.verdict, severity: judged.severity, confidence: judged.confidence, reasoning: judged.reasoning, tier: judged.tier };
  if (reread.has(finding.severity) || reread.has(judged.severity)) {
    // Independent re-read: the quotes must still be exactly what the file says now.
    const problem = unsupportedEvidence(finding, new Map([[finding.file, fresh]]));
    verdict.reread = true;
    if (problem) return { ...verdict, verdict: 'unreviewed', reasoning: `Re-read failed: ${problem}.` };
    verdict.reasoning = `${verdict.reasoning} Re-read ${finding.file}:${finding.startLine}-${finding.endLine}: the evidence is as quoted.`;
  }
  return verdict;
}

/**
 * A model referee's answer as a verdict. `unsupported`: why its quotes do not match the source at their cited lines
 * (then it is no answer and the finding stays unreviewed). `classified`: it was shown a derived CVSS vector, so a
 * corrected one with its reason is kept as a proposal (the report re-scores it, or ignores a vector that does not parse).
 */
export function modelVerdict(finding: Finding, answer: RefereeAnswer, engine: string, unsupported: string | null, classified: boolean): RefereeVerdict {
  if (unsupported) {
    const said = `${answer.verdict}, ${answer.severity}: ${clip(answer.reasoning, 300)}`;
    return { findingId: finding.id, verdict: 'unreviewed', severity: finding.severity, confidence: finding.confidence, reasoning: `Not reviewed: the model referee's answer is no answer, because ${unsupported} (it said: ${said}).`, reread: false, engine };
  }
  const raised = SEVERITY_ORDER.indexOf(answer.severity) < SEVERITY_ORDER.indexOf(finding.severity);
  return {
    findingId: finding.id,
    verdict: answer.verdict,
    severity: raised ? finding.severity : answer.severity,
    confidence: answer.confidence,
    reasoning: raised ? `${answer.reasoning} (The referee proposed ${answer.severity}; kept at ${finding.severity}: a model referee may lower a finding's severity, never raise it.)` : answer.reasoning,
    evidence: answer.evidence,
    reread: true,
    engine,
    tier: answer.verdict === 'confirmed' ? 'T2' : 'T3',
    ...(classified && answer.cvssVector.trim() && answer.cvssReason.trim() ? { cvss: { vector: answer.cvssVector.trim(), reason: answer.cvssReason.trim() } } : {}),
  };
}
