// `bug-hunter work` end to end (the world of queue-setup.ts): what happens across a batch (self-review after it,
// two issues at once). Split from work.test.ts so these run beside its other tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { GOOD } from '../../engines/fix/helpers.ts';
import { queueWorld } from './queue-setup.ts';

test('self-review after the batch: a remark for a person is commented on the draft PR (needs-human); an unreadable review is review-failed, never clean', async (t) => {
  const remark = { remarks: [{ tag: 'needs_human', file: 'src/clamp.js', line: 3, remark: 'Should clamp also reject lo > hi? Ask the owner.' }, { tag: 'false_positive', remark: 'x is a number here' }] };
  const w = await queueWorld(t, [GOOD], { selfReview: { json: remark } });
  w.queueIssue();
  assert.equal((await w.work()).code, 0);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.equal(entry.outcome, 'pr-opened');
  assert.equal(entry.selfReview!.outcome, 'needs-human');
  assert.equal(entry.selfReview!.commented, true);
  const comments = w.github.issues.find((i) => i.number === entry.pullRequest!.number)!.comments;
  assert.equal(comments.length, 1);
  assert.match(comments[0]!, /Self-review: needs a person/);
  assert.match(comments[0]!, /`needs_human` src\/clamp\.js:3: Should clamp also reject lo \\> hi\? Ask the owner\.$/m, "model text is escaped");

  const garbled = await queueWorld(t, [GOOD], { selfReview: { text: 'Looks good to me!' } });
  garbled.queueIssue();
  assert.equal((await garbled.work()).code, 0);
  const failed = readArtifact(garbled.outDir, 'work-report').issues[0]!;
  assert.equal(failed.selfReview!.outcome, 'review-failed', failed.selfReview!.why);
  assert.match(garbled.github.issues.find((i) => i.number === failed.pullRequest!.number)!.comments[0]!, /Self-review failed/);
});

test('--concurrency 2 works two issues at once: the second fixer call arrives while the first is still answering; both PRs open', async (t) => {
  const w = await queueWorld(t, [GOOD], { firstFixerHoldMs: 60_000 });
  const a = w.queueIssue({ title: 'clamp bug one' });
  const b = w.queueIssue({ title: 'clamp bug two' });
  const result = await w.work('--concurrency', '2');
  assert.equal(result.code, 0, result.stderr);
  assert.equal(w.models.maxInFlight, 2, 'two fixer calls were in flight together');
  const report = readArtifact(w.outDir, 'work-report');
  assert.deepEqual(report.issues.map((i) => i.outcome), ['pr-opened', 'pr-opened']);
  assert.deepEqual(w.github.pulls.map((p) => p.head).sort(), ['bug-hunter/gh-1-clamp-bug-one', 'bug-hunter/gh-2-clamp-bug-two']);
  assert.ok(a.labels.includes('auto-pr-ready') && b.labels.includes('auto-pr-ready'));
});
