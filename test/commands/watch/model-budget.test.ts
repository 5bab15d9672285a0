// A watch cycle with models: the scripted stand-in on the fake OpenAI-compatible server (the real SDK on 127.0.0.1),
// configured by the user's own config file outside the repository. The per-day token budget (per-cycle:
// model-cycle-budget.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { scriptedServer } from '../../funnel/helpers.ts';
import { messagesOf } from '../../funnel/scripted-model.ts';
import type { FakeServer } from '../../engines/models/fixtures/fake-server.ts';
import { runCli, spawnCli } from '../../helpers/cli.ts';
import { commit, dbState, events } from './helpers.ts';
import { demoRepo, edit } from './model-demo-repo.ts';

const hunterLenses = (server: FakeServer, from: number) =>
  new Set(server.requests.slice(from).flatMap((r) => /^# Hunter — lens: (\S+)/.exec(messagesOf(r.body).system)?.[1] ?? []));

async function budgetStatus(repo: string): Promise<{ tokens: number; level: string; note: string | null }> {
  const run = await runCli(['watch', 'status', repo, '--json']);
  assert.equal(run.code, 0, run.stderr);
  return (JSON.parse(run.stdout) as { budget: { tokens: number; level: string; note: string | null } }).budget;
}

function sweeps(repo: string): number {
  const db = new Database(join(repo, '.bug-hunter', 'watch.db'), { readonly: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM cycles WHERE outcome = 'sweep'").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

test('per-day token budget with a model: past warnAt a cycle runs fewer lenses and no sweep; spent, no model call starts and status says so; the next day resumes', async (t) => {
  const server = await scriptedServer(t);
  const { repo, config } = demoRepo(t, server.openaiURL);
  // The compiled CLI in a child process: its log lines are on stderr.
  const watch = (...flags: string[]) => spawnCli(['watch', '--once', repo, '--config', config, '--json', ...flags]);
  assert.equal((await watch('--no-sweep')).code, 0);
  assert.deepEqual(events(repo).map((e) => [e.kind, e.file]), [['new', 'src/pagination.js'], ['new', 'src/sessions.js']], 'the model found them');

  commit(repo, edit(repo, 'const start = page * size;', 'const start = size * page;'), 'reorder');
  let from = server.requests.length;
  assert.equal((await watch('--no-sweep')).code, 0);
  const allLenses = hunterLenses(server, from);
  assert.ok(allLenses.size >= 2, `a full cycle runs several lenses: ${[...allLenses].join(', ')}`);

  // A day cap that the tokens spent so far fill to 80%: past warnAt (0.7).
  const spent = (await budgetStatus(repo)).tokens;
  const dayCap = Math.ceil(spent / 0.8);
  commit(repo, edit(repo, 'const start = size * page;', 'const start = page * size;'), 'reorder back');
  from = server.requests.length;
  const degraded = await watch('--per-day-tokens', String(dayCap), '--sweep-chunks', '1');
  assert.equal(degraded.code, 0, degraded.stderr);
  assert.match(degraded.stderr, /daily budget 80% used \(\d+\/\d+ tokens\): the sweep is paused/);
  const fewer = hunterLenses(server, from);
  assert.ok(fewer.size >= 1 && fewer.size < allLenses.size, `a degraded cycle runs fewer lenses (${[...fewer].join(', ')} of ${[...allLenses].join(', ')})`);
  assert.equal(sweeps(repo), 0, 'and no sweep');
  assert.equal((await budgetStatus(repo)).level, (await budgetStatus(repo)).tokens >= dayCap ? 'exhausted' : 'degraded');

  // The day's cap is what it spent: nothing starts, the commit waits, and the log and status say why.
  const dayNow = (await budgetStatus(repo)).tokens;
  const waiting = commit(repo, edit(repo, '// Splits', '// Still splits'), 'comment');
  from = server.requests.length;
  const spentRun = await watch('--per-day-tokens', String(dayNow), '--sweep-chunks', '1');
  assert.equal(spentRun.code, 3, spentRun.stderr);
  assert.match(spentRun.stderr, /daily budget spent \(\d+\/\d+ tokens on \d{4}-\d\d-\d\d\): no investigation or sweep starts until the day rolls over/);
  assert.equal(server.requests.length, from, 'no model call');
  assert.equal((dbState(repo).commits as { sha: string }[]).some((c) => c.sha === waiting), false, 'the commit is left pending');
  const status = await budgetStatus(repo);
  assert.equal(status.level, 'exhausted');
  assert.match(status.note ?? '', /until the day rolls over/);
  assert.match((await runCli(['watch', 'status', repo])).stdout, /level exhausted\.\n\s+daily budget spent/);

  // The day rolls over: what was spent belongs to yesterday, and the same cap lets the waiting commit through.
  const db = new Database(join(repo, '.bug-hunter', 'watch.db'));
  db.prepare('UPDATE budget_days SET day = ?').run(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
  db.close();
  const nextDay = await watch('--per-day-tokens', String(dayNow), '--no-sweep');
  assert.equal(nextDay.code, 0, nextDay.stderr);
  assert.deepEqual((JSON.parse(nextDay.stdout) as { processed: { sha: string }[] }).processed.map((p) => p.sha), [waiting]);
  assert.ok(server.requests.length > from, 'model calls again');
  assert.equal((await budgetStatus(repo)).level, 'ok');
});
