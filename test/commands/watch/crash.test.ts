import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli, spawnCli } from '../../helpers/cli.ts';
import { git, tempDir } from '../../helpers/temp.ts';
import { buggyHandler, commit, dbState, events, fixedHandler, ledgerState, watchedRepo } from './helpers.ts';

/** The compiled `watch` with a checkpoint that stops it at one point of one commit (the shipped CLI has none). */
const WATCH_PAUSED = fileURLToPath(new URL('fixtures/watch-paused.mjs', import.meta.url));

/** Spawns the compiled watcher paused at `point` of `sha`, and kills it with SIGKILL the moment it gets there. */
async function killAt(repo: string, point: string, sha: string, whilePaused?: () => Promise<void>): Promise<void> {
  let paused = false;
  const result = await spawnCli([`${point}@${sha}`, '--once', repo, '--quiet'], {
    entry: WATCH_PAUSED,
    onStderr: (chunk, child) => {
      if (paused || !chunk.includes(`watch-test-pause ${point} ${sha}`)) return;
      paused = true;
      void (whilePaused ?? (async () => {}))().finally(() => child.kill('SIGKILL'));
    },
  });
  assert.equal(paused, true, `the watcher reached ${point} of ${sha}: ${result.stderr}`);
  assert.equal(result.code, -1, 'killed, not exited');
}

const eventView = (repo: string) => events(repo).map((e) => [e.seq, e.kind, e.commit, e.fingerprint, e.startLine]);

test('kill -9 mid-cycle (before the transaction, and after it before the outbox), then restart: the same database, ledger and events as an uninterrupted run', async (t) => {
  const repo = watchedRepo(t);
  const twin = join(tempDir(t, 'bh-twin-'), 'twin');
  git(repo, 'clone', '-q', repo, twin);
  for (const r of [repo, twin]) assert.equal((await runCli(['watch', '--once', r, '--quiet'])).code, 0);
  const c1 = commit(repo, { 'src/handler.js': buggyHandler() }, 'bug');
  const c2 = commit(repo, { 'src/handler.js': buggyHandler(3), 'src/other.js': buggyHandler().replace('handler0', 'other') }, 'move and a second bug');
  const c3 = commit(repo, { 'src/handler.js': fixedHandler() }, 'fix');
  git(twin, 'pull', '-q', '--ff-only');
  assert.equal(git(twin, 'rev-parse', 'HEAD').trim(), c3, 'the twin has the same commits');

  const straight = await runCli(['watch', '--once', twin, '--quiet']);
  assert.equal(straight.code, 0, straight.stderr);

  // Killed after c2's investigation, before anything of it reached the database; a second watcher meanwhile is refused.
  await killAt(repo, 'before-record', c2, async () => {
    const second = await runCli(['watch', '--once', repo, '--quiet']);
    assert.equal(second.code, 3);
    assert.match(second.stderr, /Another bug-hunter run holds .*run\.lock/);
  });
  assert.deepEqual((dbState(repo).commits as { sha: string }[]).map((c) => c.sha).slice(1), [c1], 'c2 left no trace');
  // Killed after c3's transaction, before events.jsonl and ledger.json were written.
  await killAt(repo, 'before-outbox', c3);
  assert.deepEqual((dbState(repo).commits as { sha: string }[]).map((c) => c.sha).slice(1), [c1, c2, c3]);
  assert.equal(events(repo).some((e) => e.commit === c3), false, 'the outbox is behind the database');

  const restart = await runCli(['watch', '--once', repo, '--json', '--quiet']);
  assert.equal(restart.code, 0, restart.stderr);
  assert.deepEqual((JSON.parse(restart.stdout) as { processed: unknown[] }).processed, [], 'nothing left to process');
  assert.deepEqual(dbState(repo), dbState(twin));
  assert.deepEqual(ledgerState(repo), ledgerState(twin));
  assert.deepEqual(eventView(repo), eventView(twin));
  assert.deepEqual(eventView(repo).map((e) => [e[1], e[2]]), [['new', c1], ['re-verified', c2], ['new', c2], ['closed', c3]]);
  assert.equal(git(repo, 'worktree', 'list').trim().split('\n').length, 1, 'the killed run\'s scratch worktree is gone');
});

test('a spent daily budget stops investigations (exit 3 with --once) and watch status says so', async (t) => {
  const repo = watchedRepo(t);
  const base = await runCli(['watch', '--once', repo, '--quiet', '--per-day-seconds', '0.001']);
  assert.equal(base.code, 0, base.stderr);
  const pending = commit(repo, { 'src/handler.js': buggyHandler() }, 'bug');
  const run = await runCli(['watch', '--once', repo, '--quiet', '--per-day-seconds', '0.001', '--json']);
  assert.equal(run.code, 3);
  assert.match((JSON.parse(run.stdout) as { reason: string }).reason, /daily budget is spent/);
  assert.equal((dbState(repo).commits as { sha: string }[]).some((c) => c.sha === pending), false, 'the commit waits');
  const status = await runCli(['watch', 'status', repo]);
  assert.match(status.stdout, /level exhausted/);
  assert.match(status.stdout, /daily budget spent \([\d.]+\/0\.001 CPU seconds/);
  const json = JSON.parse((await runCli(['watch', 'status', repo, '--json'])).stdout) as { budget: { level: string; left: { cpuSeconds: number } } };
  assert.equal(json.budget.level, 'exhausted');
  assert.equal(json.budget.left.cpuSeconds, 0);
  // Without the cap the commit is processed.
  assert.equal((await runCli(['watch', '--once', repo, '--quiet'])).code, 0);
  assert.deepEqual(events(repo).map((e) => [e.kind, e.commit]), [['new', pending]]);
  assert.match(readFileSync(join(repo, '.bug-hunter', 'events.jsonl'), 'utf8'), /"kind":"new"/);
});
