// The static engine's budget: CPU seconds per cycle and per day, from the flags or the config's budgets keys. A cycle
// past its CPU budget is cut short between chunks; what it did not examine is unreviewed, never clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuStopped } from '../../../src/phases/hunter/index.ts';
import { cpuStopFor } from '../../../src/commands/watch/budget.ts';
import { runCli } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/temp.ts';
import { buggyHandler, commit, events, ledgerJson, watchedRepo } from './helpers.ts';

const day = (cpuMs: number) => ({ day: '2026-01-01', tokens: 0, cpuMs, cycles: 1, level: 'ok' as const, note: null });

test('the CPU stop is what is left of the cycle or the day, whichever is less, counted from now', () => {
  assert.equal(cpuStopFor({ warnAt: 0.7 }, day(0), 0, 1_000), undefined, 'no cap, no stop');
  assert.deepEqual(cpuStopFor({ perCycleSeconds: 2, warnAt: 0.7 }, day(0), 500, 1_000), { micros: 1_501_000, reason: "the watch cycle's CPU budget (2 s) is spent" });
  assert.deepEqual(cpuStopFor({ perCycleSeconds: 2, perDaySeconds: 10, warnAt: 0.7 }, day(9_000), 0, 0), { micros: 1_000_000, reason: "the day's CPU budget (10 s) is spent" });
  assert.equal(cpuStopFor({ perDaySeconds: 1, warnAt: 0.7 }, day(5_000), 0, 7)!.micros, 7, 'already spent: stop at once');
  assert.equal(cpuStopped({ micros: 100, reason: 'spent' }, { user: 60, system: 40 }), 'spent');
  assert.equal(cpuStopped({ micros: 100, reason: 'spent' }, { user: 60, system: 39 }), null);
  assert.equal(cpuStopped(undefined), null);
});

test('budgets.perCycleSeconds in the config cuts a cycle short: the commit is partial, its files unreviewed, a changed finding unreviewed; the sweep comes back to them', async (t) => {
  const repo = watchedRepo(t);
  commit(repo, { 'src/handler.js': buggyHandler() }, 'a known bug');
  assert.equal((await runCli(['watch', '--once', repo, '--quiet', '--no-sweep'])).code, 0);
  const known = ledgerJson(repo).entries[0]!;
  const config = join(tempDir(t, 'bh-user-config-'), 'config.json');
  writeFileSync(config, JSON.stringify({ budgets: { perCycleSeconds: 0.001 } }));
  const cut = commit(repo, { 'src/handler.js': buggyHandler().replace('  });\n}', '  });\n  // replied\n}'), 'src/other.js': buggyHandler().replace('handler0', 'other') }, 'change the code at the bug, add another');
  const run = await runCli(['watch', '--once', repo, '--quiet', '--json', '--config', config]);
  assert.equal(run.code, 0, run.stderr);
  const processed = (JSON.parse(run.stdout) as { processed: { sha: string; status: string; detail: string }[] }).processed;
  assert.deepEqual(processed.map((p) => [p.sha, p.status]), [[cut, 'partial']]);
  assert.match(processed[0]!.detail, /2 file\(s\) unreviewed \(.*the watch cycle's CPU budget \(0\.001 s\) is spent\): src\/handler\.js, src\/other\.js/);
  assert.deepEqual(events(repo).map((e) => [e.kind, e.fingerprint]), [['new', known.fingerprint], ['unreviewed', known.fingerprint]], 'no new finding claimed, none closed');
  assert.equal(ledgerJson(repo).entries.find((e) => e.fingerprint === known.fingerprint)!.status, 'open');

  // No cap: nothing is pending, and the sweep re-examines what the cut cycle left, never reviewed first.
  const sweep = await runCli(['watch', '--once', repo, '--quiet', '--sweep-chunks', '1']);
  assert.equal(sweep.code, 0, sweep.stderr);
  assert.deepEqual(events(repo).slice(2).map((e) => [e.kind, e.file]), [['re-verified', 'src/handler.js'], ['new', 'src/other.js']]);
});

test('budget keys in the config are validated: a CPU budget that is not a positive number exits 2 naming the key', async (t) => {
  const repo = watchedRepo(t);
  const config = join(tempDir(t, 'bh-user-config-'), 'config.json');
  writeFileSync(config, JSON.stringify({ budgets: { perDaySeconds: 0 } }));
  const run = await runCli(['watch', '--once', repo, '--quiet', '--config', config]);
  assert.equal(run.code, 2, run.stderr);
  assert.match(run.stderr, /budgets\/perDaySeconds/);
});
