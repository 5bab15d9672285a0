// Through the real CLI: the scanned repository's .git/config cannot make `watch --remote` or `work` run a program
// through git's remote operations (ls-remote, fetch, push), and a redirect git cannot undo stops them with a clear
// error. Each setting would touch a marker file outside the repository if git ran it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readArtifact } from '../../src/artifacts/store.ts';
import { runCli } from '../helpers/cli.ts';
import { git, tempDir } from '../helpers/temp.ts';
import { GOOD } from '../engines/fix/helpers.ts';
import { watchedRepo } from '../commands/watch/helpers.ts';
import { queueWorld, remoteBranches } from '../commands/work/queue-setup.ts';
import { canary } from './hostile.ts';

function hostilePacks(repo: string, marks: ReturnType<typeof canary>): void {
  git(repo, 'config', 'remote.origin.uploadpack', `touch ${marks.file('uploadpack')}; git-upload-pack`);
  git(repo, 'config', 'remote.origin.receivepack', `touch ${marks.file('receivepack')}; git-receive-pack`);
}

function watchedWithOrigin(t: Parameters<typeof watchedRepo>[0]): { repo: string; bare: string } {
  const repo = watchedRepo(t);
  const bare = join(tempDir(t, 'bh-watch-origin-'), 'origin.git');
  git(repo, 'init', '-q', '--bare', '-b', 'main', bare);
  git(repo, 'remote', 'add', 'origin', bare);
  git(repo, 'push', '-q', 'origin', 'main');
  return { repo, bare };
}

test('watch --once --remote origin fetches with git\'s own upload-pack, never the one .git/config names', async (t) => {
  const marks = canary(t);
  const { repo, bare } = watchedWithOrigin(t);
  hostilePacks(repo, marks);
  const run = await runCli(['watch', '--once', repo, '--remote', 'origin', '--quiet', '--no-sweep']);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(git(repo, 'rev-parse', 'refs/remotes/origin/main'), git(bare, 'rev-parse', 'main'), 'the fetch happened');
  assert.deepEqual(marks.hits(), []);
});

test('watch --remote refuses a url.insteadOf of .git/config, naming the key and the file, and runs nothing', async (t) => {
  const marks = canary(t);
  const { repo, bare } = watchedWithOrigin(t);
  git(repo, 'config', `url.${bare}.insteadOf`, 'anything:');
  hostilePacks(repo, marks);
  const run = await runCli(['watch', '--once', repo, '--remote', 'origin', '--quiet', '--no-sweep']);
  assert.notEqual(run.code, 0, run.stdout);
  assert.match(run.stderr, /remote operations refused: the repository's own git config sets url\..*\.insteadof \(\.git\/config\)/);
  assert.deepEqual(marks.hits(), []);
});

test('work: ls-remote, fetch and push of the queue run neither the uploadpack nor the receivepack of .git/config', async (t) => {
  const marks = canary(t);
  const w = await queueWorld(t, [GOOD]);
  w.queueIssue();
  hostilePacks(w.repo, marks);
  const run = await w.work();
  assert.equal(run.code, 0, run.stderr + run.stdout);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.equal(entry.outcome, 'pr-opened', entry.reason);
  assert.ok(remoteBranches(w.remote).includes(entry.branch!), 'the branch was pushed');
  assert.deepEqual(marks.hits(), []);
});
