// Self-review outcomes: auto-approved, self-fixed after rounds, needs-human, and review-failed for an answer that
// cannot be read — never clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_SELF_FIX_ROUNDS, selfReviewStep } from '../../../src/commands/work/self-review.ts';

const answer = (...tags: string[]) => JSON.stringify({ remarks: tags.map((tag, i) => ({ tag, file: 'src/a.ts', line: i + 1, remark: `remark ${i + 1}` })) });

test('no remark, or only false positives, is auto-approved; after a fix round it is self-fixed', () => {
  assert.deepEqual(selfReviewStep(answer(), 0), { next: 'stop', outcome: 'auto-approved', why: 'no remark to act on', remarks: [] });
  assert.equal((selfReviewStep(answer('false_positive'), 0) as { outcome: string }).outcome, 'auto-approved');
  assert.equal((selfReviewStep(answer('false_positive'), 1) as { outcome: string }).outcome, 'self-fixed');
});

test('only auto-fixable remarks ask for a fix round, at most twice; then a person is needed', () => {
  const step = selfReviewStep(answer('auto_fixable', 'false_positive', 'auto_fixable'), 0);
  assert.equal(step.next, 'fix');
  assert.deepEqual(step.remarks.map((r) => r.remark), ['remark 1', 'remark 3']);
  assert.equal(selfReviewStep(answer('auto_fixable'), 1).next, 'fix');
  const last = selfReviewStep(answer('auto_fixable'), MAX_SELF_FIX_ROUNDS);
  assert.equal(last.next === 'stop' && last.outcome, 'needs-human');
});

test('any remark for a person stops at needs-human, even with auto-fixable ones beside it', () => {
  const step = selfReviewStep(answer('auto_fixable', 'needs_human'), 0);
  assert.equal(step.next === 'stop' && step.outcome, 'needs-human');
  assert.equal(step.remarks.length, 2);
});

test('an unparseable or off-contract review is review-failed, never clean', () => {
  for (const raw of ['', 'LGTM!', '{"remarks": [{"tag": "fine", "remark": "x"}]}', '{"remarks": "none"}', '{"remarks": [], "verdict": "approve"}']) {
    const step = selfReviewStep(raw, 0);
    assert.equal(step.next === 'stop' && step.outcome, 'review-failed', raw);
  }
});
