// withScratchWorktree (src/engines/git/scratch-worktree.ts) on a real git repository: the worktree exists at the
// commit inside fn, and is gone (folder and git's record) after fn returns and after fn throws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { withScratchWorktree } from '../../../src/engines/git/scratch-worktree.ts';
import { git, gitRepo } from '../../helpers/temp.ts';

const listed = (repo: string, dir: string) => git(repo, 'worktree', 'list', '--porcelain').split('\n').some((l) => l === `worktree ${realpathSync(dir)}`);

test('withScratchWorktree: the worktree is there at the commit inside fn and gone after fn returns', async (t) => {
  const repo = gitRepo(t, { 'a.txt': 'one\n' });
  const commit = git(repo, 'rev-parse', 'HEAD').trim();
  let seen = '';
  const value = await withScratchWorktree(repo, commit, (path) => {
    seen = path;
    assert.equal(readFileSync(join(path, 'a.txt'), 'utf8'), 'one\n');
    assert.equal(git(path, 'rev-parse', 'HEAD').trim(), commit);
    assert.ok(listed(repo, path), 'git worktree list shows it inside fn');
    return 42;
  });
  assert.equal(value, 42);
  assert.notEqual(seen, '');
  assert.equal(existsSync(seen), false, 'the folder is gone');
  assert.ok(!git(repo, 'worktree', 'list', '--porcelain').includes(seen), 'git worktree list no longer shows it');
});

test('withScratchWorktree: the worktree is gone after fn throws, and the error goes through', async (t) => {
  const repo = gitRepo(t, { 'a.txt': 'one\n' });
  const commit = git(repo, 'rev-parse', 'HEAD').trim();
  let seen = '';
  await assert.rejects(withScratchWorktree(repo, commit, async (path) => {
    seen = path;
    assert.ok(existsSync(join(path, 'a.txt')));
    throw new Error('boom');
  }), /boom/);
  assert.notEqual(seen, '');
  assert.equal(existsSync(seen), false, 'the folder is gone');
  assert.ok(!git(repo, 'worktree', 'list', '--porcelain').includes(seen), 'git worktree list no longer shows it');
  assert.equal(git(repo, 'worktree', 'list', '--porcelain').split('\n').filter((l) => l.startsWith('worktree ')).length, 1, 'only the main checkout is left');
});
