// The self-review of a pull request the queue opened (or, in a dry run, would open): the referee role's model (the
// judge, never the fixer that wrote the change) reads the issue, the finding and the diff and tags each remark;
// self-review.ts decides the outcome. The model's answer is untrusted: schema-checked by the client, and an answer that does not fit is review-failed, never clean.
// Fix rounds for auto-fixable remarks are not run here: such a pull request is left for a person (needs-human).
import type { ReportedFinding } from '../artifacts/schemas/scan-report.ts';
import { ProviderError } from '../errors.ts';
import type { ModelClient } from '../models/types.ts';
import { sourceBlock, systemPrompt } from '../prompts/render.ts';
import type { QueueIssue } from './queue-issue.ts';
import { SelfReviewAnswer, selfReviewStep, type ReviewRemark } from './self-review.ts';

export interface SelfReviewOutcome {
  outcome: 'auto-approved' | 'self-fixed' | 'needs-human' | 'review-failed';
  why: string;
  remarks: ReviewRemark[];
}

export type SelfReviewer = (input: { issue: QueueIssue; finding: ReportedFinding; patch: string; signal?: AbortSignal }) => Promise<SelfReviewOutcome>;

export function selfReviewPrompt(issue: QueueIssue, finding: ReportedFinding, patch: string): string {
  const f = finding.finding;
  return [
    sourceBlock('context', `issue #${issue.number}`, `${issue.title}\n\n${issue.body}`.slice(0, 20_000)),
    `<finding id="${f.id}">\n${f.category} in ${f.file}:${f.startLine}-${f.endLine}${f.symbol ? ` (${f.symbol})` : ''}\nClaim: ${f.claim}\nTrigger: ${f.runtimeTrigger}\n</finding>`,
    sourceBlock('source', 'pull-request.diff', patch.slice(0, 40_000)),
  ].join('\n\n');
}

export function modelSelfReviewer(models: ModelClient): SelfReviewer {
  return async ({ issue, finding, patch, signal }) => {
    let raw: string;
    try {
      const answer = await models.complete<SelfReviewAnswer>({ role: 'referee', system: systemPrompt('self-review.md'), prompt: selfReviewPrompt(issue, finding, patch), schema: SelfReviewAnswer, schemaName: 'self_review', ...(signal ? { signal } : {}) });
      raw = JSON.stringify(answer.value);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return { outcome: 'review-failed', why: `the review could not be had or read (${error.message})`, remarks: [] };
    }
    const step = selfReviewStep(raw, 0);
    if (step.next === 'stop') return { outcome: step.outcome, why: step.why, remarks: step.remarks };
    return { outcome: 'needs-human', why: `${step.remarks.length} auto-fixable remark(s); automatic fix rounds are not run, so a person applies them`, remarks: step.remarks };
  };
}

/** Without a model for the referee role no review ran: the pull request is not cleared, and the outcome says why. */
export const unreviewed: SelfReviewer = () => Promise.resolve({ outcome: 'review-failed', why: "no model for the 'referee' role, so the self-review did not run; the pull request is not cleared", remarks: [] });

/** The comment on the pull request for an outcome a person must act on; null when there is nothing to say. */
export function selfReviewComment(result: SelfReviewOutcome, escape: (text: string) => string): string | null {
  if (result.outcome === 'auto-approved' || result.outcome === 'self-fixed') return null;
  const head = result.outcome === 'review-failed' ? '**Self-review failed**: the review of this pull request is missing or unreadable, so it is not cleared.' : '**Self-review: needs a person.**';
  const lines = result.remarks.map((r) => `- \`${r.tag}\`${r.file ? ` ${escape(r.file)}${r.line ? `:${r.line}` : ''}` : ''}: ${escape(r.remark).replace(/\n/g, ' ')}`);
  return [head, '', escape(result.why), ...(lines.length ? ['', ...lines] : [])].join('\n');
}
