import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { hashTree } from '../../engines/sandbox/helpers.ts';
import { BREAKS_SUITE, CLAMP, git, GOOD, OUT_OF_SCOPE } from '../../engines/fix/helpers.ts';
import { fixWith, ID } from './fix-with.ts';

test('a scoped fix is proven red to green in the sandbox; the user tree and branch are untouched', async () => {
  const r = await fixWith([[GOOD]]);
  try {
    const fix = r.report.fixes[0]!;
    assert.equal(fix.status, 'fixed-proven', JSON.stringify(fix.attempts));
    assert.match(fix.before.join('\n'), new RegExp(`repro ${ID}: FAIL[\\s\\S]*test: PASS`));
    assert.match(fix.after.join('\n'), new RegExp(`repro ${ID}: PASS[\\s\\S]*test: PASS`));
    assert.match(fix.patch, /-  if \(x > hi\) return lo;\n\+  if \(x > hi\) return hi;/);
    assert.equal(r.report.branch, null);
    assert.deepEqual(r.report.leftWorktrees, []);
    assert.deepEqual(readArtifact(r.out.outDir, 'fix-report').fixes[0]?.status, 'fixed-proven');
    assert.equal(hashTree(r.repo.dir), r.treeBefore, 'working tree byte-identical');
    assert.equal(readFileSync(join(r.repo.dir, 'src/clamp.js'), 'utf8'), CLAMP);
    assert.equal(git(r.repo.dir, 'status', '--porcelain'), r.statusBefore);
    assert.equal(git(r.repo.dir, 'branch', '--list'), '* main', 'no branch created without --auto-commit');
    assert.equal(git(r.repo.dir, 'worktree', 'list').split('\n').length, 1, 'scratch worktrees removed');
  } finally {
    r.cleanup();
  }
});

test('an edit outside the scoped lines is rejected; the next attempt starts from the base and is fed the reason', async () => {
  const r = await fixWith([[OUT_OF_SCOPE], [GOOD]]);
  try {
    const fix = r.report.fixes[0]!;
    assert.equal(fix.attempts[0]?.outcome, 'rejected');
    assert.match(fix.attempts[0]!.reason, /outside the allowed ranges/);
    assert.match(r.proposer.failures[1] ?? '', /outside the allowed ranges/);
    assert.equal(fix.status, 'fixed-proven');
    assert.doesNotMatch(fix.patch, /x \+ x/, 'the rejected edit left nothing behind');
    assert.equal(hashTree(r.repo.dir), r.treeBefore);
  } finally {
    r.cleanup();
  }
});

test('a fix that breaks another test is rolled back, retried three times, then reported rolled-back', async () => {
  const r = await fixWith([[BREAKS_SUITE]]);
  try {
    const fix = r.report.fixes[0]!;
    assert.equal(fix.status, 'rolled-back');
    assert.deepEqual(fix.attempts.map((a) => a.outcome), ['broke-suite', 'broke-suite', 'broke-suite']);
    assert.match(fix.attempts[0]!.reason, /test: FAIL/);
    assert.match(r.proposer.failures[1] ?? '', /below the range/, 'the failing test output is fed back');
    assert.equal(fix.patch, '');
    assert.equal(hashTree(r.repo.dir), r.treeBefore);
    assert.deepEqual(r.report.leftWorktrees, []);
  } finally {
    r.cleanup();
  }
});
