// The self-review's fix rounds: only auto-fixable remarks send the pull request back to the fixer (with the
// remarks as its task), the round is proven in bwrap, gated on the whole change and pushed to the branch; a clean
// review after it is self-fixed, and after two rounds remarks still open go to a person. The reviewer and the
// fixer are a scripted stand-in (not a model) behind the fake model server; real CLI, GitHub stand-in, bare origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { GOOD, git } from '../../engines/fix/helpers.ts';
import { queueWorld } from './queue-setup.ts';
import { fixer, remark } from './self-fix-script.ts';

test('an auto-fixable remark gets a fix round: re-verified, pushed to the PR branch, reviewed clean → self-fixed', async (t) => {
  const w = await queueWorld(t, fixer, { selfReview: (n) => (n === 1 ? remark('say which bound this line enforces') : { json: { remarks: [] } }) });
  w.queueIssue();
  const result = await w.work();
  assert.equal(result.code, 0, result.stderr);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.equal(entry.outcome, 'pr-opened', entry.reason);
  assert.deepEqual([entry.selfReview!.outcome, entry.selfReview!.rounds, entry.selfReview!.commented], ['self-fixed', 1, false], entry.selfReview!.why);
  assert.equal(w.selfReviews(), 2, 'reviewed again after the round');
  const branch = entry.branch!;
  assert.equal(git(w.remote, 'rev-list', '--count', `main..${branch}`), '2', 'the fix and the round, pushed as a fast-forward');
  assert.equal(git(w.remote, 'rev-parse', branch), entry.commit, 'the report names the head with the round');
  assert.match(git(w.remote, 'show', `${branch}:src/clamp.js`), /if \(x > hi\) return hi; \/\/ upper bound\n/);
  assert.match(git(w.remote, 'log', '-1', '--format=%B', branch), /say which bound this line enforces/);
  assert.deepEqual(w.github.issues.find((i) => i.number === entry.pullRequest!.number)!.comments, []);
});

test('a fix round that breaks the suite is not pushed: needs-human with why', async (t) => {
  const breaks = (prompt: string) => (prompt.includes('(round 1)') ? [{ file: 'src/clamp.js', search: '  if (x < lo) return lo;\n  if (x > hi) return hi;', replace: '  if (x > hi) return hi;' }] : [GOOD]);
  const w = await queueWorld(t, breaks, { selfReview: remark('the lower bound check is redundant') });
  w.queueIssue();
  assert.equal((await w.work()).code, 0);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.deepEqual([entry.selfReview!.outcome, entry.selfReview!.rounds], ['needs-human', 0]);
  assert.match(entry.selfReview!.why, /fix round 1 .* failed: the round's change is not proven/);
  assert.equal(git(w.remote, 'rev-list', '--count', `main..${entry.branch}`), '1', 'nothing of the round reached the branch');
});
