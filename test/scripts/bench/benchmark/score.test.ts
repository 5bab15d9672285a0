import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scoreEngine, type CaseRun, type CaseTruth, type EngineFamily } from '../../../../scripts/bench/benchmark/score.ts';
import type { ScoredFinding } from '../../../../scripts/bench/benchmark/match.ts';
import { validate } from '../../../../src/artifacts/validate.ts';
import { EngineResult } from '../../../../src/artifacts/schemas/benchmark-report.ts';

const close = (actual: number | null, expected: number) => {
  assert.ok(actual !== null, 'expected a number, got null');
  assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} ≠ ${expected}`);
};

const truth: CaseTruth = {
  name: 'c',
  manifestHash: 'a'.repeat(64),
  lines: 2000,
  language: 'javascript',
  bugs: [
    { id: 'b1', file: 'x.js', startLine: 10, endLine: 10, category: 'injection', severity: 'high', description: 'd', engines: ['static', 'model'] },
    { id: 'b2', file: 'x.js', startLine: 50, endLine: 50, category: 'logic', severity: 'low', description: 'd', engines: ['model'] },
    { id: 'b3', file: 'x.js', startLine: 100, endLine: 100, category: 'async', severity: 'critical', description: 'd', engines: ['static'] },
  ],
  decoys: [{ id: 'd1', file: 'x.js', startLine: 200, endLine: 200, description: 'safe' }],
};

const f = (line: number, category: ScoredFinding['category'], confidence: number): ScoredFinding => ({
  fingerprint: `fp${line}${category}`, file: 'x.js', startLine: line, endLine: line, category, severity: 'high', confidence, lens: 'l',
});

const runs: CaseRun[] = [
  { case: 'c', repeat: 1, status: 'complete', startedAtMs: 0, durationMs: 100, findings: [f(10, 'injection', 0.9), f(200, 'injection', 0.6), f(50, 'logic', 0.8)], usage: { inputTokens: 1000, outputTokens: 200, costUsd: 0.01 }, models: [] },
  { case: 'c', repeat: 2, status: 'complete', startedAtMs: 100, durationMs: 300, findings: [f(10, 'injection', 0.9), f(100, 'async', 0.7)], usage: { inputTokens: 500, outputTokens: 100, costUsd: 0.02 }, models: [] },
];

const score = (family: EngineFamily) => scoreEngine({ engine: family === 'static' ? 'static' : 'replay', family, repeats: 2, cases: [truth], runs });

test('static figures on a hand-made case match the hand-computed values', () => {
  const r = score('static');
  const m = r.metrics;
  assert.equal(m.truePositives, 4);
  assert.equal(m.falsePositives, 1);
  close(m.precision, 0.8);
  assert.equal(m.expectedLabels, 4);
  assert.equal(m.expectedFound, 3);
  close(m.recall, 0.75);
  close(m.recallAllLabels, 4 / 6);
  close(m.f1, (2 * 0.8 * 0.75) / 1.55);
  close(m.severityWeightedRecall, 16 / 24);
  close(m.falsePositivesPer1kLines, 0.25);
  close(m.brier, 0.102);
  close(m.ece, 0.26);
  close(m.stability, 0.25);
  close(m.stabilityMin, 0.25);
  close(m.tokensPerTruePositive, 450);
  close(m.costPerTruePositiveUsd, 0.0075);
  assert.equal(m.timeToFirstTruePositiveMs, 100);
  assert.equal(m.p95CaseDurationMs, 300);
  assert.equal(m.decoyHits, 1);
  assert.deepEqual(r.recallByCategory, { async: { labels: 2, found: 1, recall: 0.5 }, injection: { labels: 2, found: 2, recall: 1 } });
  assert.deepEqual(r.falsePositives.map((x) => [x.repeat, x.startLine, x.decoy]), [[1, 200, 'd1']]);
  assert.deepEqual(r.cases[0]!.runs.map((x) => x.missed), [['b3'], []]);
  assert.equal(r.complete, true);
  const v = validate(EngineResult, r);
  assert.ok(v.ok, JSON.stringify(v));
});

test('model family counts recall over the labels expected for models', () => {
  const m = score('model').metrics;
  assert.equal(m.expectedLabels, 4);
  assert.equal(m.expectedFound, 3);
  close(m.precision, 0.8);
});

test('a scan that was never recorded counts as failed with nothing found', () => {
  const r = scoreEngine({ engine: 'static', family: 'static', repeats: 3, cases: [truth], runs });
  assert.equal(r.complete, false);
  assert.equal(r.cases[0]!.runs[2]!.status, 'failed');
  assert.equal(r.metrics.expectedLabels, 6);
  close(r.metrics.recall, 3 / 6);
});

test('no reported findings: precision, Brier and ECE are not measurable (null), not perfect', () => {
  const empty = runs.map((r) => ({ ...r, findings: [] }));
  const m = scoreEngine({ engine: 'static', family: 'static', repeats: 2, cases: [truth], runs: empty }).metrics;
  assert.equal(m.precision, null);
  assert.equal(m.ece, null);
  assert.equal(m.brier, null);
  assert.equal(m.recall, 0);
  assert.equal(m.tokensPerTruePositive, null);
});
