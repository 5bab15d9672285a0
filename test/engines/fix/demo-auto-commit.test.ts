// The fix demo replayed with --auto-commit (split from demo.test.ts so the two run side by side).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hashTree } from '../sandbox/helpers.ts';
import { git } from './helpers.ts';
import { runFixDemo } from './demo.ts';

// Replays examples/fix-demo/transcripts (recorded from the scripted stand-in, not a model) through the real
// replay provider: the same prompts must come back, or the replay misses and the test fails.
test('replayed with --auto-commit: only a new branch changes; the working tree and current branch stay as they were', async () => {
  const demo = await runFixDemo({ kind: 'replay' }, { autoCommit: true, beforeFix: (dir) => ({ tree: hashTree(`${dir}/src`) + hashTree(`${dir}/test`), head: git(dir, 'rev-parse', 'HEAD') }) });
  try {
    assert.equal(demo.report.branch, 'bug-hunter/fix-run-test-1');
    assert.equal(git(demo.repo.dir, 'rev-parse', '--abbrev-ref', 'HEAD'), 'main');
    assert.equal(git(demo.repo.dir, 'rev-parse', 'HEAD'), demo.before!.head, 'main did not move');
    assert.equal(git(demo.repo.dir, 'status', '--porcelain'), '');
    assert.equal(hashTree(`${demo.repo.dir}/src`) + hashTree(`${demo.repo.dir}/test`), demo.before!.tree);
    assert.deepEqual(git(demo.repo.dir, 'diff', '--name-only', 'main', 'bug-hunter/fix-run-test-1').split('\n'), ['src/range.js']);
    const fixed = git(demo.repo.dir, 'show', 'bug-hunter/fix-run-test-1:src/range.js');
    assert.match(fixed, /if \(x > hi\) return hi;/);
    assert.match(fixed, /return list\[list\.length\];/, 'the rolled-back fix is not committed');
  } finally {
    demo.cleanup();
  }
});
