import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addWorktree, commitToNewBranch, removeWorktreeSafely } from '../../../src/engines/git/worktree.ts';
import { clampRepo, git } from './helpers.ts';

test('a worktree with an untracked file is not removed; it is left and the reason names the file', () => {
  const repo = clampRepo();
  const scratch = mkdtempSync(join(tmpdir(), 'bh-wt-test-'));
  const wt = join(scratch, 'wt');
  try {
    addWorktree(repo.dir, wt, repo.base);
    writeFileSync(join(wt, 'notes.txt'), 'work in progress');
    const refused = removeWorktreeSafely(repo.dir, wt, repo.base);
    assert.equal(refused.removed, false);
    assert.match(refused.removed ? '' : refused.reason, /notes\.txt/);
    assert.ok(existsSync(join(wt, 'notes.txt')), 'nothing was deleted');
    rmSync(join(wt, 'notes.txt'));
    assert.deepEqual(removeWorktreeSafely(repo.dir, wt, repo.base), { removed: true });
    assert.equal(existsSync(wt), false);
  } finally {
    repo.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  }
});

test('committing refuses an existing branch and never moves the current one', () => {
  const repo = clampRepo();
  const scratch = mkdtempSync(join(tmpdir(), 'bh-wt-test-'));
  try {
    const write = (wt: string) => (writeFileSync(join(wt, 'src/clamp.js'), 'export {};\n'), ['src/clamp.js']);
    const { commit, left } = commitToNewBranch(repo.dir, join(scratch, 'a'), 'bug-hunter/fix-x', repo.base, write, 'fix');
    assert.equal(left, null);
    assert.equal(git(repo.dir, 'rev-parse', 'bug-hunter/fix-x'), commit);
    assert.equal(git(repo.dir, 'rev-parse', 'HEAD'), repo.base);
    assert.equal(git(repo.dir, 'rev-parse', '--abbrev-ref', 'HEAD'), 'main');
    assert.throws(() => commitToNewBranch(repo.dir, join(scratch, 'b'), 'bug-hunter/fix-x', repo.base, write, 'again'), /already exists/);
    assert.throws(() => commitToNewBranch(repo.dir, join(scratch, 'c'), 'main', repo.base, write, 'onto main'), /already exists/);
    assert.equal(git(repo.dir, 'status', '--porcelain'), '');
  } finally {
    repo.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  }
});
