// The model referee: re-reads the cited source itself (fresh from disk, at the recorded hash) and decides.
import type { Finding } from '../../artifacts/schemas/common.ts';
import type { SecurityClassification } from '../../artifacts/schemas/security.ts';
import type { RefereeVerdict } from '../../artifacts/schemas/referee.ts';
import type { Static } from '@sinclair/typebox';
import type { Skeptic } from '../../artifacts/schemas/skeptic.ts';
import type { ModelClient } from '../../models/types.ts';
import { sourceBlock, systemPrompt } from '../../prompts/render.ts';
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

export async function judgeWithModel(client: ModelClient, finding: Finding, review: Review, freshSource: string, signal: AbortSignal, security?: SecurityClassification): Promise<RefereeVerdict> {
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
  return {
    findingId: finding.id,
    verdict: answer.verdict,
    severity: answer.severity,
    confidence: answer.confidence,
    reasoning: answer.reasoning,
    reread: true,
    engine: `model:${result.provider}/${result.model}`,
    tier: answer.verdict === 'confirmed' ? 'T2' : 'T3',
    // Kept only as a proposal with its reason: the report re-scores it, or ignores a vector that does not parse.
    ...(security && answer.cvssVector.trim() && answer.cvssReason.trim() ? { cvss: { vector: answer.cvssVector.trim(), reason: answer.cvssReason.trim() } } : {}),
  };
}
