// Budgets: degrade past warnAt, refuse new calls at the cap (ProviderError 'budget'), share the per-day cap
// across runs through usage.json, and never lose a charge when several processes write at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ProviderError } from '../../../src/foundations/errors.ts';
import { Budget, type BudgetLevel } from '../../../src/engines/budget/budget.ts';
import { assertFreshDist } from '../../helpers/dist.ts';
import { tempDir } from '../../helpers/temp.ts';
import { readUsage, updateUsage, usagePath, emptyTotals } from '../../../src/engines/budget/ledger.ts';
import { createModelClient } from '../../../src/engines/models/client.ts';
import { configFor, request } from '../models/fixtures/harness.ts';
import { startFakeServer } from '../models/fixtures/fake-server.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'bh-budget-'));
const usage = (i: number, o: number) => ({ inputTokens: i, outputTokens: o });

test('past warnAt the budget degrades; a call that does not fit is refused and the budget is exhausted', () => {
  const levels: BudgetLevel[] = [];
  const budget = Budget.open({ outDir: null, runId: 'r', limits: { perRunTokens: 1_000, warnAt: 0.7 }, onLevelChange: (l) => levels.push(l) });
  budget.charge('hunter', 'gpt-4.1-mini', usage(500, 100));
  assert.equal(budget.degraded, false);
  budget.charge('hunter', 'gpt-4.1-mini', usage(100, 50));
  assert.equal(budget.degraded, true);
  assert.equal(budget.state().level, 'degraded');
  budget.reserve(200).release();
  assert.throws(() => budget.reserve(300), (e: unknown) => e instanceof ProviderError && e.kind === 'budget' && /per-run budget \(750\/1000/.test(e.message));
  assert.deepEqual(levels, ['degraded', 'exhausted']);
});

test('tokens spent today elsewhere (spentToday) count toward the per-day cap from the start', () => {
  const budget = Budget.open({ outDir: null, runId: 'r', limits: { perDayTokens: 1_000, spentToday: 800, warnAt: 0.7 } });
  assert.equal(budget.degraded, true, 'degraded before any call');
  assert.equal(budget.state().dayTokens, 800);
  budget.reserve(150).release();
  assert.throws(() => budget.reserve(250), (e: unknown) => e instanceof ProviderError && e.kind === 'budget' && /per-day budget \(800\/1000/.test(e.message));
});

test('spentToday still counts after charges are written to usage.json (the flush re-reads the day from the file)', async (t) => {
  const budget = Budget.open({ outDir: tempDir(t), runId: 'r', limits: { perDayTokens: 1_000, spentToday: 800, warnAt: 0.7 } });
  budget.charge('recon', 'm', { inputTokens: 40, outputTokens: 10 });
  await budget.flush();
  assert.equal(budget.state().dayTokens, 850, 'the 800 spent elsewhere are not in this usage.json but still count');
  assert.equal(budget.degraded, true);
  assert.throws(() => budget.reserve(200), (e: unknown) => e instanceof ProviderError && e.kind === 'budget');
});

test('calls in flight hold their reservation until they finish', () => {
  const budget = Budget.open({ outDir: null, runId: 'r', limits: { perRunTokens: 1_000, warnAt: 0.9 } });
  const a = budget.reserve(600);
  assert.throws(() => budget.reserve(500), /budget/);
  a.release();
  budget.reserve(500).release();
});

test('the per-day cap counts other runs from usage.json; costs use the price table', async (t) => {
  const outDir = tmp();
  t.after(() => rmSync(outDir, { recursive: true }));
  const day = new Date().toISOString().slice(0, 10);
  await updateUsage(usagePath(outDir), { runId: 'earlier', at: new Date().toISOString(), day, totals: { ...emptyTotals(), inputTokens: 800, outputTokens: 100, calls: 3 }, byRole: {} });
  const budget = Budget.open({ outDir, runId: 'now', limits: { perDayTokens: 1_000, warnAt: 0.7 } });
  assert.equal(budget.degraded, true, '900 of 1000 tokens already used today');
  assert.throws(() => budget.reserve(200), /per-day budget \(900\/1000 tokens used today\)/);
  budget.charge('referee', 'claude-haiku-4-5', usage(50, 20));
  await budget.close(42);
  const file = readUsage(usagePath(outDir));
  const run = file.runs.find((r) => r.runId === 'now');
  assert.deepEqual(run?.byRole, { referee: { inputTokens: 50, outputTokens: 20, calls: 1 } });
  assert.equal(run?.totals.costUsd, (50 * 1 + 20 * 5) / 1_000_000);
  assert.equal(run?.wallMs, 42);
  assert.ok(run?.degradedAt && run.exhaustedAt);
  assert.equal(file.days[day]?.inputTokens, 850);
  const unpriced = Budget.open({ outDir: null, runId: 'x', limits: { warnAt: 0.7 } });
  unpriced.charge('hunter', 'my-local-model', usage(10, 10));
  assert.deepEqual([unpriced.state().costUsd, unpriced.state().unpricedTokens], [0, 20]);
});

test('a resumed run keeps counting against its own per-run cap', async (t) => {
  const outDir = tmp();
  t.after(() => rmSync(outDir, { recursive: true }));
  const first = Budget.open({ outDir, runId: 'run-1', limits: { perRunTokens: 100, warnAt: 0.5 } });
  first.charge('hunter', 'gpt-4o', usage(40, 20));
  await first.close(10);
  const resumed = Budget.open({ outDir, runId: 'run-1', limits: { perRunTokens: 100, warnAt: 0.5 } });
  assert.equal(resumed.state().runTokens, 60);
  assert.equal(resumed.degraded, true);
});

test('the client refuses calls once the budget is spent, without contacting the provider', async (t) => {
  const server = await startFakeServer();
  const outDir = tmp();
  t.after(async () => {
    await server.close();
    rmSync(outDir, { recursive: true });
  });
  server.fallback = () => ({ json: { files: ['src/a.ts'], summary: 'ok' } });
  const config = configFor({ providers: { p: { type: 'openai-compatible', baseURL: server.openaiURL } }, roles: { default: { provider: 'p', model: 'm' } } }, outDir);
  const budget = Budget.open({ outDir, runId: 'r', limits: { perRunTokens: 600, warnAt: 0.7 } });
  const client = createModelClient(config, { env: {}, budget });
  let refused: ProviderError | null = null;
  for (let i = 0; i < 20 && !refused; i += 1) {
    await client.complete(request(`call ${i}`)).catch((e: unknown) => {
      refused = e as ProviderError;
    });
  }
  assert.ok(refused, 'the budget ran out');
  assert.equal((refused as ProviderError).kind, 'budget');
  const sent = server.requests.length;
  await assert.rejects(client.complete(request('one more')), /budget/);
  assert.equal(server.requests.length, sent, 'no request after the budget is spent');
  await budget.flush();
  assert.ok(readUsage(usagePath(outDir)).runs[0]?.exhaustedAt);
});

test('usage.json under concurrent writers: three processes, no charge lost', async (t) => {
  const outDir = tmp();
  t.after(() => rmSync(outDir, { recursive: true }));
  const child = fileURLToPath(new URL('./fixtures/charge.mjs', import.meta.url));
  const run = promisify(execFile);
  assertFreshDist();
  await Promise.all([1, 2, 3].map((n) => run(process.execPath, [child, outDir, `run-${n}`, '20'])));
  const file = readUsage(usagePath(outDir));
  const day = Object.values(file.days)[0];
  assert.deepEqual([day?.calls, day?.inputTokens, day?.outputTokens], [60, 600, 300]);
  assert.equal(file.runs.length, 3);
  for (const r of file.runs) assert.deepEqual([r.totals.calls, r.wallMs], [20, 123]);
});
