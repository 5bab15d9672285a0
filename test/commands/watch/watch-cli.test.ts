import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, spawnCli } from '../../helpers/cli.ts';
import { scratchRoot } from '../../../src/commands/watch/investigate.ts';
import { git } from '../../helpers/temp.ts';
import { buggyHandler, commit, dbState, events, fixedHandler, ledgerJson, watchedRepo } from './helpers.ts';

test('a commit adding a bug opens a finding; moving the code keeps it (same fingerprint, new line); the fix closes it with that commit', async (t) => {
  const repo = watchedRepo(t);
  const baseline = await runCli(['watch', '--once', repo, '--quiet']);
  assert.equal(baseline.code, 0, baseline.stderr);
  assert.deepEqual(events(repo), [], 'the clean baseline has nothing to say');

  const added = commit(repo, { 'src/handler.js': buggyHandler() }, 'add handler');
  assert.equal((await runCli(['watch', '--once', repo, '--quiet'])).code, 0);
  const opened = events(repo);
  assert.deepEqual(opened.map((e) => [e.kind, e.commit, e.file]), [['new', added, 'src/handler.js']]);
  const fingerprint = opened[0]!.fingerprint;
  const line = opened[0]!.startLine;

  const moved = commit(repo, { 'src/handler.js': buggyHandler(4) }, 'comments above');
  assert.equal((await runCli(['watch', '--once', repo, '--quiet'])).code, 0);
  const afterMove = ledgerJson(repo).entries;
  assert.equal(afterMove.length, 1, 'still one finding');
  assert.equal(afterMove[0]!.fingerprint, fingerprint);
  assert.equal(afterMove[0]!.status, 'open');
  assert.equal(afterMove[0]!.startLine, line + 4, 'it follows the code');
  assert.deepEqual(events(repo).slice(1).map((e) => [e.kind, e.commit, e.startLine]), [['re-verified', moved, line + 4]]);

  const fixed = commit(repo, { 'src/handler.js': fixedHandler() }, 'fix injection');
  const run = await runCli(['watch', '--once', repo, '--json', '--quiet']);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual((JSON.parse(run.stdout) as { processed: { sha: string }[] }).processed.map((p) => p.sha), [fixed]);
  const closed = ledgerJson(repo).entries[0]!;
  assert.equal(closed.status, 'fixed');
  assert.equal(closed.fixedBy?.commit, fixed, 'closed with the fixing commit');
  assert.deepEqual(events(repo).map((e) => e.kind), ['new', 're-verified', 'closed']);
  assert.deepEqual(events(repo).map((e) => e.seq), [1, 2, 3]);

  const state = dbState(repo);
  assert.deepEqual((state.findings as { status: string; fixed_commit: string; opened_commit: string }[]).map((f) => [f.status, f.opened_commit, f.fixed_commit]), [['fixed', added, fixed]]);
  assert.deepEqual((state.commits as { sha: string }[]).map((c) => c.sha), [git(repo, 'rev-parse', 'HEAD~3').trim(), added, moved, fixed]);
  assert.equal(existsSync(join(repo, '.bug-hunter', 'watch', 'runs', fixed, 'scan-report.json')), true, 'each commit keeps its artifacts');
  assert.equal(git(repo, 'worktree', 'list').trim().split('\n').length, 1, 'no scratch worktree is left registered');
  assert.equal(existsSync(scratchRoot(realpathSync(repo))), false, 'nor its folder in the temp folder');

  const status = await runCli(['watch', 'status', repo, '--json']);
  assert.equal(status.code, 0, status.stderr);
  const summary = JSON.parse(status.stdout) as { lastCommit: { sha: string }; open: { total: number }; changes: { kind: string }[] };
  assert.equal(summary.lastCommit.sha, fixed);
  assert.equal(summary.open.total, 0);
  assert.deepEqual(summary.changes.map((c) => c.kind), ['new', 're-verified', 'closed']);
  const text = await runCli(['watch', 'status', repo]);
  assert.match(text.stdout, /Open findings: 0\./);
  assert.match(text.stdout, /closed\s+BH-\w+ high src\/handler\.js/);
});

test('watch flags are validated: bad values exit 2 naming the flag', async (t) => {
  const repo = watchedRepo(t);
  for (const [argv, flag] of [
    [['--interval', 'soon'], /--interval/],
    [['--per-day-tokens', '0'], /--per-day-tokens/],
    [['--per-cycle-seconds', '-1'], /--per-cycle-seconds/],
    [['--remote', '--x'], /--remote/],
    [['--branch', '-x'], /--branch/],
  ] as const) {
    const run = await runCli(['watch', repo, '--once', ...argv]);
    assert.equal(run.code, 2, `${argv.join(' ')}: ${run.stderr}`);
    assert.match(run.stderr, flag);
  }
  const status = await runCli(['watch', 'status', repo, '--since', 'yesterday']);
  assert.equal(status.code, 2);
  assert.match(status.stderr, /--since/);
  const none = await runCli(['watch', 'status', repo]);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /no watch state/);
});

test('a commit that fails on its own content is recorded and skipped; the next one is processed', async (t) => {
  const repo = watchedRepo(t);
  assert.equal((await runCli(['watch', '--once', repo, '--quiet', '--no-sweep'])).code, 0);
  // The commit carries a broken .bug-hunter/config.json of its own; the next commit removes it.
  writeFileSync(join(repo, '.bug-hunter', 'config.json'), '{"providers": 5}');
  git(repo, 'add', '-f', '.bug-hunter/config.json');
  git(repo, 'commit', '-q', '-m', 'broken config');
  const brokenSha = git(repo, 'rev-parse', 'HEAD').trim();
  git(repo, 'rm', '-q', '--cached', '.bug-hunter/config.json');
  rmSync(join(repo, '.bug-hunter', 'config.json'));
  const after = commit(repo, { 'src/handler.js': buggyHandler() }, 'bug after the broken one');
  const run = await runCli(['watch', '--once', repo, '--json', '--quiet', '--no-sweep']);
  assert.equal(run.code, 0, run.stderr);
  const processed = (JSON.parse(run.stdout) as { processed: { sha: string; status: string; detail?: string }[] }).processed;
  assert.deepEqual(processed.map((p) => [p.sha, p.status]), [[brokenSha, 'failed'], [after, 'done']]);
  assert.match(processed[0]!.detail!, /config\.json is not a valid bug-hunter config/);
  assert.deepEqual(events(repo).map((e) => [e.kind, e.commit]), [['new', after]]);
  const status = await runCli(['watch', 'status', repo]);
  assert.match(status.stdout, new RegExp(`Failed commits \\(skipped\\): ${brokenSha.slice(0, 12)}`));
});

test('SIGTERM stops a running watcher cleanly: exit 0, the lock released', async (t) => {
  const repo = watchedRepo(t);
  let signalled = false;
  const run = await spawnCli(['watch', repo, '--interval', '1h', '--no-sweep'], {
    onStderr: (chunk, child) => {
      if (signalled || !/baseline, whole tree/.test(chunk)) return;
      signalled = true;
      child.kill('SIGTERM');
    },
  });
  assert.equal(signalled, true, run.stderr);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /watch: stopped/);
  assert.equal(existsSync(join(repo, '.bug-hunter', 'run.lock')), false);
  assert.equal((await runCli(['watch', '--once', repo, '--quiet', '--no-sweep'])).code, 0, 'the next watcher starts');
});
