// The self-review of a pull request the queue opened: each remark of the reviewer is auto_fixable, needs_human or
// false_positive. Only auto-fixable remarks → fix and re-verify, at most MAX_SELF_FIX_ROUNDS times; any remark for
// a person → needs-human; nothing left → auto-approved (or self-fixed after a round). An answer that is not
// valid JSON of the contract is review-failed, never clean. Pure.
import { Type, type Static } from '@sinclair/typebox';
import { describeViolations, validate } from '../../artifacts/validate.ts';
import { literalUnion, REVIEW_TAGS } from '../../artifacts/schemas/literals.ts';
import type { ReviewOutcome } from '../../artifacts/schemas/literals.ts';

export const MAX_SELF_FIX_ROUNDS = 2;

export const ReviewRemark = Type.Object(
  {
    tag: literalUnion(REVIEW_TAGS),
    file: Type.Optional(Type.String({ maxLength: 500 })),
    line: Type.Optional(Type.Integer({ minimum: 1 })),
    remark: Type.String({ minLength: 1, maxLength: 4000 }),
  },
  { additionalProperties: false },
);
export type ReviewRemark = Static<typeof ReviewRemark>;

export const SelfReviewAnswer = Type.Object({ remarks: Type.Array(ReviewRemark, { maxItems: 100 }) }, { additionalProperties: false });
export type SelfReviewAnswer = Static<typeof SelfReviewAnswer>;

export type SelfReviewStep =
  | { next: 'fix'; remarks: ReviewRemark[] }
  | { next: 'stop'; outcome: ReviewOutcome; why: string; remarks: ReviewRemark[] };

/** The reviewer's raw answer → the validated remarks, or why it cannot be used. */
export function parseSelfReview(raw: string): { ok: true; answer: SelfReviewAnswer } | { ok: false; why: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { ok: false, why: `the review is not JSON (${(error as Error).message})` };
  }
  const checked = validate(SelfReviewAnswer, value);
  return checked.ok ? { ok: true, answer: value as SelfReviewAnswer } : { ok: false, why: `the review does not fit its contract (${describeViolations(checked.violations)})` };
}

/** What to do after a review; `round` is how many fix rounds already ran. */
export function selfReviewStep(raw: string, round: number): SelfReviewStep {
  const parsed = parseSelfReview(raw);
  if (!parsed.ok) return { next: 'stop', outcome: 'review-failed', why: parsed.why, remarks: [] };
  const open = parsed.answer.remarks.filter((r) => r.tag !== 'false_positive');
  const human = open.filter((r) => r.tag === 'needs_human');
  if (human.length > 0) return { next: 'stop', outcome: 'needs-human', why: `${human.length} remark(s) need a person`, remarks: open };
  if (open.length === 0) return { next: 'stop', outcome: round > 0 ? 'self-fixed' : 'auto-approved', why: round > 0 ? `clean after ${round} fix round(s)` : 'no remark to act on', remarks: [] };
  if (round >= MAX_SELF_FIX_ROUNDS) return { next: 'stop', outcome: 'needs-human', why: `${open.length} auto-fixable remark(s) left after ${round} fix rounds`, remarks: open };
  return { next: 'fix', remarks: open };
}
