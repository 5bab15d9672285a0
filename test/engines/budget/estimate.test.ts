// estimate(): priors with a wide band when there is no history; calibrated by past runs' actual ÷ predicted;
// costs from the price table (null when a model has no price); history read back from usage.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { estimate, ratioBand } from '../../../src/engines/budget/estimate.ts';
import { readCalibrationHistory } from '../../../src/engines/budget/history.ts';
import { costUsd } from '../../../src/engines/budget/cost.ts';
import { priceFor } from '../../../src/engines/config/prices.ts';
import { Budget } from '../../../src/engines/budget/budget.ts';

const plan = { chunks: 10, tokensPerChunk: 3_000, lenses: 2, refuters: 2 };

test('with no history: priors, a 0.5×–2× band, and the basis says so', () => {
  const e = estimate(plan, []);
  assert.equal(e.byRole.hunter?.calls, 20);
  assert.equal(e.byRole.skeptic?.calls, 24);
  assert.equal(e.byRole.referee?.calls, 12);
  assert.equal(e.calls, 56);
  assert.equal(e.tokens.low * 2, e.tokens.expected);
  assert.equal(e.tokens.high, e.tokens.expected * 2);
  assert.ok(e.wallMs.expected > 0);
  assert.match(e.basis, /priors/);
  assert.equal(e.costUsd, null, 'no models named → no price');
});

test('history that used twice the prior moves the expectation to twice the prior', () => {
  const prior = estimate(plan, []).tokens.expected;
  const priorWall = estimate(plan, []).wallMs.expected;
  const history = [1.8, 2, 2.2].map((r) => ({ plan, tokens: prior * r, wallMs: priorWall * r }));
  const e = estimate(plan, history);
  assert.ok(Math.abs(e.tokens.expected - prior * 2) <= 1, `${e.tokens.expected} vs ${prior * 2}`);
  assert.ok(Math.abs(e.tokens.low - prior * 1.8) <= 1 && Math.abs(e.tokens.high - prior * 2.2) <= 1);
  assert.ok(Math.abs(e.wallMs.expected - priorWall * 2) <= 1);
  assert.match(e.basis, /calibrated from 3 past runs on this target \(3 with model tokens, 3 timed\)/);
  assert.deepEqual(ratioBand([1]), { low: 0.6, expected: 1, high: 1.6 });
});

test('cost uses each role model price; an unpriced model makes the cost unknown', () => {
  const models = { hunter: 'claude-haiku-4-5', skeptic: 'claude-haiku-4-5', referee: 'claude-opus-4-1' } as const;
  const e = estimate(plan, [], { models });
  assert.ok(e.costUsd && e.costUsd.expected > 0 && e.costUsd.low < e.costUsd.expected);
  assert.equal(estimate(plan, [], { models: { ...models, referee: 'my-local-llm' } }).costUsd, null);
  assert.ok(estimate(plan, [], { models: { ...models, referee: 'my-local-llm' }, prices: { 'my-local-llm': { inputPerMTok: 0, outputPerMTok: 0 } } }).costUsd);
});

test('prices: exact, longest prefix, OpenRouter ids, overrides; unknown is null', () => {
  assert.deepEqual(priceFor('claude-haiku-4-5-20251001'), { inputPerMTok: 1, outputPerMTok: 5 });
  assert.deepEqual(priceFor('claude-opus-4-5'), { inputPerMTok: 5, outputPerMTok: 25 });
  assert.deepEqual(priceFor('claude-opus-4-1'), { inputPerMTok: 15, outputPerMTok: 75 });
  assert.deepEqual(priceFor('anthropic/claude-sonnet-4.5'), { inputPerMTok: 3, outputPerMTok: 15 });
  assert.deepEqual(priceFor('gpt-4.1-mini-2025-04-14'), { inputPerMTok: 0.4, outputPerMTok: 1.6 });
  assert.deepEqual(priceFor('gpt-4o', { 'gpt-4o': { inputPerMTok: 1, outputPerMTok: 1 } }), { inputPerMTok: 1, outputPerMTok: 1 });
  assert.equal(priceFor('mystery-model'), null);
  assert.equal(costUsd('gpt-4o', { inputTokens: 1_000_000, outputTokens: 100_000 }), 3.5);
});

test('calibration history is read from usage.json: runs with a plan and tokens or a wall time, minus the current run', async (t) => {
  const outDir = mkdtempSync(join(tmpdir(), 'bh-estimate-'));
  t.after(() => rmSync(outDir, { recursive: true }));
  for (const runId of ['a', 'b', 'no-plan']) {
    const b = Budget.open({ outDir, runId, limits: { warnAt: 0.7 } });
    if (runId !== 'no-plan') b.setPlan(plan);
    b.charge('hunter', 'gpt-4o', { inputTokens: 1_000, outputTokens: 100 });
    await b.close(5_000);
  }
  const history = readCalibrationHistory(outDir, 'b');
  assert.deepEqual(history, [{ plan, tokens: 1_100, wallMs: 5_000 }]);
  assert.deepEqual(readCalibrationHistory(join(outDir, 'none')), []);
});
