// The model referee's call: shows the model the finding, the refutations and the cited source (fresh from disk, at the
// recorded hash) and asks for a verdict. What the answer counts for (quotes that hold; a severity it may lower, never
// raise) is decided in core.ts.
import type { Finding } from '../../artifacts/schemas/common.ts';
import type { SecurityClassification } from '../../artifacts/schemas/security.ts';
import type { RefereeVerdict } from '../../artifacts/schemas/referee.ts';
import type { ModelClient } from '../../engines/models/types.ts';
import { unsupportedAnswer } from '../../engines/integrity/evidence.ts';
import { sourceBlock, systemPrompt } from '../../engines/prompts/render.ts';
import { RefereeAnswer } from './model-answer.ts';
import { modelVerdict, type Review } from './core.ts';

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
  return modelVerdict(finding, answer, `model:${result.provider}/${result.model}`, unsupportedAnswer(answer.evidence, read), security !== undefined);
}
