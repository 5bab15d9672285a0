// The self-review of a pull request the queue opened (or, in a dry run, would open): the referee role's model (the
// judge, never the fixer that wrote the change) reads the issue, the finding and the diff and tags each remark;
// self-review.ts decides the outcome. The model's answer is untrusted: schema-checked by the client, and an answer that does not fit is review-failed, never clean.
// Only auto-fixable remarks → a fix round (self-fix.ts: fixed, re-verified, pushed) and a new review, at most twice.
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import { ProviderError } from '../../foundations/errors.ts';
import type { ModelClient } from '../../engines/models/types.ts';
import { sourceBlock, systemPrompt } from '../../engines/prompts/render.ts';
import type { QueueIssue } from './queue-issue.ts';
import { SelfReviewAnswer, selfReviewStep, type ReviewRemark } from './self-review.ts';
import type { ReviewOutcome } from '../../artifacts/schemas/literals.ts';

export interface SelfReviewOutcome {
  outcome: ReviewOutcome;
  why: string;
  remarks: ReviewRemark[];
  /** Fix rounds run for auto-fixable remarks (each fixed, re-verified and pushed). */
  rounds: number;
}

export interface ReviewSubject {
  issue: QueueIssue;
  finding: ReportedFinding;
  patch: string;
  signal?: AbortSignal;
}

/** One review of the pull request's current diff: the reviewer's raw answer, or why there is none. */
export type SelfReviewer = (input: ReviewSubject) => Promise<{ ok: true; raw: string } | { ok: false; why: string }>;

/** One fix round for the auto-fixable remarks; on success the pull request's new whole diff. */
export type FixRound = (remarks: ReviewRemark[], round: number) => Promise<{ ok: true; patch: string } | { ok: false; why: string }>;

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
    try {
      const answer = await models.complete<SelfReviewAnswer>({ role: 'referee', system: systemPrompt('self-review.md'), prompt: selfReviewPrompt(issue, finding, patch), schema: SelfReviewAnswer, schemaName: 'self_review', ...(signal ? { signal } : {}) });
      return { ok: true, raw: JSON.stringify(answer.value) };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return { ok: false, why: `the review could not be had or read (${error.message})` };
    }
  };
}

/** Without a model for the referee role no review runs: the pull request is not cleared, and the outcome says why. */
export const unreviewed: SelfReviewer = () => Promise.resolve({ ok: false, why: "no model for the 'referee' role, so the self-review did not run; the pull request is not cleared" });

/** Review → (only auto-fixable remarks) fix round and review again, at most MAX_SELF_FIX_ROUNDS rounds → outcome. */
export async function runSelfReview(subject: ReviewSubject, reviewer: SelfReviewer, fixRound: FixRound): Promise<SelfReviewOutcome> {
  let patch = subject.patch;
  for (let round = 0; ; round++) {
    const answer = await reviewer({ ...subject, patch });
    if (!answer.ok) return { outcome: 'review-failed', why: answer.why, remarks: [], rounds: round };
    const step = selfReviewStep(answer.raw, round);
    if (step.next === 'stop') return { outcome: step.outcome, why: step.why, remarks: step.remarks, rounds: round };
    const fixed = await fixRound(step.remarks, round + 1);
    if (!fixed.ok) return { outcome: 'needs-human', why: `fix round ${round + 1} for ${step.remarks.length} auto-fixable remark(s) failed: ${fixed.why}`, remarks: step.remarks, rounds: round };
    patch = fixed.patch;
  }
}

/** The comment on the pull request for an outcome a person must act on; null when there is nothing to say. */
export function selfReviewComment(result: SelfReviewOutcome, escape: (text: string) => string): string | null {
  if (result.outcome === 'auto-approved' || result.outcome === 'self-fixed') return null;
  const head = result.outcome === 'review-failed' ? '**Self-review failed**: the review of this pull request is missing or unreadable, so it is not cleared.' : '**Self-review: needs a person.**';
  const lines = result.remarks.map((r) => `- \`${r.tag}\`${r.file ? ` ${escape(r.file)}${r.line ? `:${r.line}` : ''}` : ''}: ${escape(r.remark).replace(/\n/g, ' ')}`);
  return [head, '', escape(result.why), ...(lines.length ? ['', ...lines] : [])].join('\n');
}
