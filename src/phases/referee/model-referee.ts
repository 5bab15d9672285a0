// The model referee: re-reads the cited source itself (fresh from disk, at the recorded hash) and decides. Its verdict
// counts only with quotes that match the source at their cited lines (else the finding stays unreviewed), and it may
// lower the hunter's severity but never raise it: a raise is recorded in the reasoning and ignored.
import { SEVERITY_ORDER, type Finding } from '../../artifacts/schemas/common.ts';
import type { SecurityClassification } from '../../artifacts/schemas/security.ts';
import type { RefereeVerdict } from '../../artifacts/schemas/referee.ts';
import type { Static } from '@sinclair/typebox';
import type { Skeptic } from '../../artifacts/schemas/skeptic.ts';
import type { ModelClient } from '../../engines/models/types.ts';
import { unsupportedAnswer } from '../../engines/integrity/evidence.ts';
import { clip } from '../../foundations/text/clip.ts';
import { sourceBlock, systemPrompt } from '../../engines/prompts/render.ts';
import { RefereeAnswer } from './model-answer.ts';

type Review = Static<typeof Skeptic>['reviews'][number];

/** The derived classification as the referee sees it: the vector and each metric's reason, to keep or correct. */
function classificationText(security: SecurityClassification): string {
  return [
    `Derived security classification: ${security.cwe}, ${security.stride}, ${security.cvss.vector} (base ${security.cvss.baseScore}).`,
    ...security.cvss.metrics.map((m) => `- ${m.metric}:${m.value} — ${m.reason}`),
    "If a metric is wrong for this finding, answer cvssVector with the whole corrected CVSS 3.1 base vector and cvssReason; otherwise answer '' for both. The score is computed from the vector, not taken from you.",
  ].join('\n');
}

/**
 * `read` gives a repository file at the hash this run recorded (undefined when it has none): what the answer's quotes
 * are checked against.
 */
export async function judgeWithModel(
  client: ModelClient,
  finding: Finding,
  review: Review,
  freshSource: string,
  signal: AbortSignal,
  security: SecurityClassification | undefined,
  read: (file: string) => string | undefined,
): Promise<RefereeVerdict> {
  const prompt = [
    'The finding:',
    JSON.stringify({ file: finding.file, lines: `${finding.startLine}-${finding.endLine}`, category: finding.category, severity: finding.severity, claim: finding.claim, runtimeTrigger: finding.runtimeTrigger, evidence: finding.evidence }, null, 2),
    'The refuters said:',
    review.refutations.map((r) => `- ${r.seat} (${r.engine}): ${r.vote} — ${r.reason}`).join('\n'),
    `The panel outcome: ${review.outcome}.`,
    'The source, re-read from disk for you:',
    sourceBlock('source', finding.file, freshSource),
    ...(security ? [classificationText(security)] : []),
  ].join('\n\n');
  const result = await client.complete<RefereeAnswer>({ role: 'referee', system: systemPrompt('referee.md'), prompt, schema: RefereeAnswer, schemaName: 'referee_verdict', signal });
  const answer = result.value;
  const engine = `model:${result.provider}/${result.model}`;
  const unsupported = unsupportedAnswer(answer.evidence, read);
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
    // Kept only as a proposal with its reason: the report re-scores it, or ignores a vector that does not parse.
    ...(security && answer.cvssVector.trim() && answer.cvssReason.trim() ? { cvss: { vector: answer.cvssVector.trim(), reason: answer.cvssReason.trim() } } : {}),
  };
}
