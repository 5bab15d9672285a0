import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Chunk } from '../../../src/artifacts/schemas/triage.ts';
import { checkTriageScope, choosePlan } from '../../../src/phases/plan/core.ts';
import { PhaseError } from '../../../src/foundations/errors.ts';
import { loadModes } from '../../../src/engines/modes/load.ts';
import { DEFAULT_RUN_OPTIONS, type RunOptions } from '../../../src/engines/run/options.ts';

const modes = loadModes();

// n chunks of `tokens` each, two files per chunk, risk falling from `topRisk`.
function chunks(n: number, tokens = 10_000, topRisk = 5): Chunk[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `chunk-${String(i + 1).padStart(3, '0')}`,
    files: [`src/f${2 * i}.ts`, `src/f${2 * i + 1}.ts`],
    tokens,
    risk: Math.max(0, topRisk - i * 0.01),
    oversized: false,
  }));
}

const plan = (list: Chunk[], options: Partial<RunOptions> = {}, budget = 12_000) =>
  choosePlan({ chunks: list, chunkTokenBudget: budget, options: { ...DEFAULT_RUN_OPTIONS, ...options }, modes });

test('execution mode follows the size of the triage', () => {
  const one: Chunk = { id: 'chunk-001', files: ['src/a.ts'], tokens: 500, risk: 1, oversized: false };
  assert.equal(plan([one]).mode, 'single-file');
  assert.equal(plan(chunks(2)).mode, 'small');
  assert.equal(plan(chunks(10)).mode, 'parallel');
  assert.equal(plan(chunks(40)).mode, 'extended');
  assert.equal(plan(chunks(180)).mode, 'scaled');
  const large = plan(chunks(400, 3000));
  assert.equal(large.mode, 'large-codebase');
  assert.equal(large.chunkOrder.length, 250);
  assert.equal(large.deferredChunks.length, 150);
  assert.equal(large.deferredChunks[0], 'chunk-251');
  assert.ok(large.reasons.some((r) => /150 lowest-risk chunks deferred/.test(r)));
});

test('auto picks fast for large trees, assurance for small risky ones, balanced otherwise', () => {
  const big = plan(chunks(250, 10_000), {}, 16_000);
  assert.equal(big.profile, 'fast');
  assert.equal(big.limits.refuters, 1);
  const risky = plan(chunks(3, 8_000, 12), {}, 8_000);
  assert.equal(risky.profile, 'assurance');
  assert.equal(risky.limits.lenses.length, 13);
  assert.deepEqual(risky.limits.rereadSeverities, ['critical', 'high', 'medium']);
  const calm = plan(chunks(3, 8_000, 2));
  assert.equal(calm.profile, 'balanced');
  assert.equal(calm.limits.refuters, 3);
  assert.equal(calm.requestedProfile, 'auto');
  assert.deepEqual(calm.overrides, []);
});

test('explicit caller limits win and are listed as overrides', () => {
  const p = plan(chunks(40, 4_000), { profile: 'fast', concurrency: 2, maxChunks: 5, chunkTokens: 4_000 }, 4_000);
  assert.equal(p.profile, 'fast');
  assert.equal(p.limits.concurrency, 2);
  assert.equal(p.limits.maxChunks, 5);
  assert.equal(p.limits.chunkTokenBudget, 4_000);
  assert.deepEqual(p.overrides, ['profile', 'concurrency', 'chunkTokenBudget', 'maxChunks']);
  assert.deepEqual(p.chunkOrder, ['chunk-001', 'chunk-002', 'chunk-003', 'chunk-004', 'chunk-005']);
  assert.equal(p.deferredChunks.length, 35);
  assert.equal(p.limits.tokenBudget, 5 * 40_000);
  assert.ok(p.reasons.some((r) => r.startsWith('concurrency 2: set by the caller (extended suggests 4)')));
});

test('a local engine or concurrency 1 runs local-sequential', () => {
  const local = plan(chunks(40), { engine: 'ollama' });
  assert.equal(local.mode, 'local-sequential');
  assert.equal(local.limits.concurrency, 1);
  assert.equal(local.limits.maxChunks, 60, 'chunk limit still comes from the size mode');
  const one = plan(chunks(40), { concurrency: 1 });
  assert.equal(one.mode, 'local-sequential');
});

test('a plan never claims a chunk budget other than the one triage chunked with', () => {
  assert.throws(() => plan(chunks(3), { chunkTokens: 5_000 }, 12_000), /chunked at 12000 tokens but this run wants 5000/);
  assert.throws(() => plan(chunks(3), { profile: 'assurance' }, 12_000), /profile assurance/);
  assert.throws(() => plan(chunks(3), { concurrency: 0 }), /concurrency must be a whole number/);
  assert.throws(() => plan(chunks(3), { maxChunks: 2.5 }), /maxChunks must be a whole number/);
});

test('an empty triage plans nothing to run', () => {
  const p = plan([]);
  assert.deepEqual(p.chunkOrder, []);
  assert.equal(p.limits.tokenBudget, 0);
});

test('a plan is refused for a triage built with a different choice about test files, naming both', () => {
  assert.doesNotThrow(() => checkTriageScope(true, true));
  assert.doesNotThrow(() => checkTriageScope(false, false));
  assert.throws(() => checkTriageScope(true, false), (e: unknown) => e instanceof PhaseError && e.message === "triage.json was built with test files but this run excludes them. Re-run 'bug-hunter phase triage'.");
  assert.throws(() => checkTriageScope(false, true), (e: unknown) => e instanceof PhaseError && e.message === "triage.json was built without test files but this run includes them. Re-run 'bug-hunter phase triage'.");
});
