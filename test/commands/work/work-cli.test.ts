// `work` refuses what it cannot do before touching anything: bad flags (exit 2 naming the flag), no fixer model,
// no token, no scan report; a queue already running on the target (the lock) is exit 3. And --at's clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acquireRunLock } from '../../../src/engines/run/lock.ts';
import { delayUntil, parseStartAt } from '../../../src/commands/work/start-at.ts';
import { runCli } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/temp.ts';
import { GOOD } from '../../engines/fix/helpers.ts';
import { queueWorld, remoteBranches } from './queue-setup.ts';

test('--at HH:MM: the next time the local clock reads it, today or tomorrow; anything else names the flag', () => {
  const now = new Date(2026, 11, 3, 22, 15, 30);
  assert.equal(delayUntil(parseStartAt('23:00'), now), 44.5 * 60_000);
  assert.equal(delayUntil(parseStartAt('02:00'), now), (3 * 60 + 44.5) * 60_000);
  assert.equal(delayUntil(parseStartAt('22:15'), now), 0, 'this very minute starts now');
  for (const bad of ['25:00', '2:00', '02:60', 'soon']) assert.throws(() => parseStartAt(bad), /--at takes a local time HH:MM/);
});

test('bad flags are usage errors naming the flag, before any request', async (t) => {
  const w = await queueWorld(t, [GOOD]);
  w.queueIssue();
  for (const [argv, message] of [
    [['--at', '25:00'], /--at takes a local time HH:MM/],
    [['--limit', '0'], /--limit takes a whole number of at least 1/],
    [['--issue', 'x'], /--issue takes a whole number of at least 1/],
    [['--issue', '1', '--limit', '3'], /--limit caps the labelled queue/],
    [['--sandbox', 'vm'], /--sandbox must be one of auto, bwrap, podman, docker, none/],
    [['--timeout=0'], /--timeout takes a duration such as 30s/],
    [['--timeout', 'soon'], /--timeout takes a duration such as 30s/],
  ] as const) {
    const result = await w.work(...argv);
    assert.equal(result.code, 2, `${argv.join(' ')}: ${result.stderr}`);
    assert.match(result.stderr, message);
  }
  assert.equal(w.github.requests.length, 0);
  assert.equal(w.fixerCalls(), 0);
});

test('without a model for the fixer role, or without a token, work stops with exit 2 and touches nothing', async (t) => {
  const w = await queueWorld(t, [GOOD]);
  w.queueIssue();
  const noModel = await runCli(['work', w.repo, '--repo', 'acme/widgets', '--from', w.outDir, '--config', `${tempDir(t)}/missing-is-not-this.json`]);
  assert.equal(noModel.code, 2, noModel.stderr);
  const staticOnly = await runCli(['work', w.repo, '--repo', 'acme/widgets', '--from', w.outDir, '--provider', 'static']);
  assert.equal(staticOnly.code, 2, staticOnly.stderr);
  assert.match(staticOnly.stderr, /work needs a model for the 'fixer' role/);
  delete process.env.GITHUB_TOKEN;
  const noToken = await w.work();
  assert.equal(noToken.code, 2, noToken.stderr);
  assert.match(noToken.stderr, /No GitHub token/);
  assert.equal(w.github.requests.length, 0);
  assert.deepEqual(remoteBranches(w.remote), ['main']);
});

test('one queue per target: while another run holds the lock, work exits 3 and does nothing', async (t) => {
  const w = await queueWorld(t, [GOOD]);
  w.queueIssue();
  const held = acquireRunLock(w.outDir, 'work (the other one)');
  t.after(() => held.release());
  const result = await w.work();
  assert.equal(result.code, 3, result.stderr);
  assert.match(result.stderr, /Another bug-hunter run holds .*run\.lock/);
  assert.equal(w.fixerCalls(), 0);
  assert.equal(w.github.writes().length, 0);
});
