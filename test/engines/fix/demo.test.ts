import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
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
