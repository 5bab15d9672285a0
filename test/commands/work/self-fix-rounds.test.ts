// The self-review's fix rounds, continued from self-fix.test.ts (split so the two run side by side): remarks still
// open after two rounds go to a person. Scripted stand-in reviewer and fixer, real CLI, GitHub stand-in, bare origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { git } from '../../engines/fix/helpers.ts';
import { queueWorld } from './queue-setup.ts';
import { fixer, remark } from './self-fix-script.ts';

test('remarks still open after two fix rounds go to a person (needs-human, commented); each round was pushed', async (t) => {
  const w = await queueWorld(t, fixer, { selfReview: (n) => remark(`round ${n}: tighten the comment`) });
  w.queueIssue();
  assert.equal((await w.work()).code, 0);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.deepEqual([entry.selfReview!.outcome, entry.selfReview!.rounds], ['needs-human', 2], entry.selfReview!.why);
  assert.match(entry.selfReview!.why, /auto-fixable remark\(s\) left after 2 fix rounds/);
  assert.equal(w.selfReviews(), 3);
  assert.equal(git(w.remote, 'rev-list', '--count', `main..${entry.branch}`), '3');
  assert.match(git(w.remote, 'show', `${entry.branch}:src/clamp.js`), /\/\/ upper bound: hi\n/);
  assert.match(w.github.issues.find((i) => i.number === entry.pullRequest!.number)!.comments[0]!, /Self-review: needs a person/);
});
