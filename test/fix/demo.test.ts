import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { hashTree } from '../sandbox/helpers.ts';
import { git } from './helpers.ts';
import { CLAMP_ID, FIX_TRANSCRIPTS, LAST_ID, runFixDemo } from './demo.ts';

// Replays examples/fix-demo/transcripts (recorded from the scripted stand-in, not a model) through the real
// replay provider: the same prompts must come back, or the replay misses and the test fails.
test('replayed fixer transcripts: one edit rejected then proven, one suite-breaking fix rolled back', async () => {
  assert.ok(readdirSync(FIX_TRANSCRIPTS).length >= 3, 'transcripts are committed');
  const demo = await runFixDemo({ kind: 'replay' });
  try {
    const byId = new Map(demo.report.fixes.map((f) => [f.findingId, f]));
    const clamp = byId.get(CLAMP_ID)!;
    assert.equal(clamp.status, 'fixed-proven', JSON.stringify(clamp.attempts));
    assert.deepEqual(clamp.attempts.map((a) => a.outcome), ['rejected', 'proven']);
    assert.match(clamp.attempts[0]!.reason, /lines 8-8 are outside the allowed ranges 3-3/);
    assert.match(clamp.patch, /\+  if \(x > hi\) return hi;/);
    const last = byId.get(LAST_ID)!;
    assert.equal(last.status, 'rolled-back');
    assert.deepEqual(last.attempts.map((a) => a.outcome), ['broke-suite', 'broke-suite', 'broke-suite']);
    assert.equal(last.patch, '');
    assert.equal(git(demo.repo.dir, 'status', '--porcelain'), '');
  } finally {
    demo.cleanup();
  }
});

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

test('a fix that has used up its time limit starts no further attempt and is rolled back', async () => {
  const demo = await runFixDemo({ kind: 'replay' }, { fixTimeLimitMs: 0 });
  try {
    for (const fix of demo.report.fixes) {
      assert.equal(fix.status, 'rolled-back', JSON.stringify(fix.attempts));
      assert.deepEqual(fix.attempts.map((a) => a.outcome).slice(-1), ['time-limit']);
      assert.equal(fix.attempts.length, 2);
    }
    assert.equal(git(demo.repo.dir, 'status', '--porcelain'), '');
  } finally {
    demo.cleanup();
  }
});
