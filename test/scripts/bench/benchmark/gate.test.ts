import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BenchmarkReport, EngineResult } from '../../../../src/artifacts/schemas/benchmark-report.ts';
import { evaluateGate, parseGate } from '../../../../scripts/bench/benchmark/gate.ts';
import { scoreEngine, type CaseRun, type CaseTruth } from '../../../../scripts/bench/benchmark/score.ts';
import type { ScoredFinding } from '../../../../scripts/bench/benchmark/match.ts';

const gate = parseGate(readFileSync(fileURLToPath(new URL('../../../../benchmark/gate.json', import.meta.url)), 'utf8'), 'gate.json');

// 4,000 lines and nine bugs: one false positive per scan sits exactly on both limits (precision 0.90, 0.25/kloc).
const truth: CaseTruth = {
  name: 'api',
  manifestHash: 'a'.repeat(64),
  lines: 4000,
  language: 'javascript',
  bugs: Array.from({ length: 9 }, (_, i) => ({ id: `b${i}`, file: 'x.js', startLine: 10 + i * 20, endLine: 10 + i * 20, category: 'injection' as const, severity: 'high' as const, description: 'd', engines: ['static' as const, 'model' as const] })),
  decoys: [{ id: 'literal-exec', file: 'x.js', startLine: 500, endLine: 500, description: 'constant command' }],
};
const hit = (line: number, confidence = 0.95): ScoredFinding => ({ fingerprint: `fp${line}`, file: 'x.js', startLine: line, endLine: line, category: 'injection', severity: 'high', confidence, lens: 'l' });

function engine(findings: ScoredFinding[], repeats = 2): EngineResult {
  const runs: CaseRun[] = Array.from({ length: repeats }, (_, i) => ({
    case: 'api', repeat: i + 1, status: 'complete', startedAtMs: 0, durationMs: 10, findings, usage: { inputTokens: 0, outputTokens: 0, costUsd: 0 }, models: [],
  }));
  return scoreEngine({ engine: 'static', family: 'static', repeats, cases: [truth], runs });
}
const allBugs = truth.bugs.map((b) => hit(b.startLine));
const failing = (r: ReturnType<typeof evaluateGate>) => r.checks.filter((c) => !c.passed).map((c) => c.name);
const baseline = { engines: [engine(allBugs)] } as unknown as BenchmarkReport;

test('the gate passes a precise, stable, calibrated engine', () => {
  const result = evaluateGate([engine(allBugs)], gate, baseline);
  assert.equal(result.passed, true, JSON.stringify(result.checks));
});

test('a rule loosened to fire on a decoy fails the gate on precision and false positives, naming the decoy', () => {
  // Two findings on the decoy per scan: precision 9/11 < 0.90 and 2 per 4,000 lines = 0.5/kloc > 0.25.
  const loosened = engine([...allBugs, hit(500, 0.9), hit(501, 0.9)]);
  const result = evaluateGate([loosened], gate, baseline);
  assert.equal(result.passed, false);
  assert.deepEqual(failing(result).sort(), ['false positives per 1,000 lines', 'precision']);
  const fp = result.checks.find((c) => c.name === 'false positives per 1,000 lines')!;
  assert.match(fp.detail, /decoys hit: api\/literal-exec/);
  assert.match(result.checks.find((c) => c.name === 'precision')!.detail, /0\.818 \(need ≥ 0\.900\)/);
});

test('one repeat cannot show stability, and an incomplete scan fails the gate', () => {
  assert.deepEqual(failing(evaluateGate([engine(allBugs, 1)], gate, baseline)), ['stability']);
  const broken = engine(allBugs);
  broken.cases[0]!.runs[1]!.status = 'failed';
  broken.cases[0]!.runs[1]!.error = 'plan phase failed';
  const result = evaluateGate([broken], gate, baseline);
  assert.deepEqual(failing(result), ['complete']);
  assert.match(result.checks[0]!.detail, /api#2 failed: plan phase failed/);
});

test('recall per category may not drop more than 0.05 from the accepted report without a stated reason', () => {
  const accepted = baseline;
  const worse = engine(allBugs.slice(0, 8)); // 8/9 = 0.889, a drop of 0.111
  const result = evaluateGate([worse], gate, accepted);
  assert.deepEqual(failing(result), ['recall injection']);
  assert.match(result.checks.find((c) => c.name === 'recall injection')!.detail, /no stated reason/);

  const withReason = { ...gate, recallDropReasons: [{ engine: 'static', category: 'injection', reason: 'rule split into two lenses; see PR' }] };
  assert.equal(evaluateGate([worse], withReason, accepted).passed, true);
});

test('without an accepted report the recall check fails closed instead of being skipped', () => {
  const result = evaluateGate([engine(allBugs)], gate);
  assert.deepEqual(failing(result), ['recall baseline']);
  assert.match(result.checks.find((c) => c.name === 'recall baseline')!.detail, /pnpm benchmark --accept/);
});

test('a gate file without thresholds for the engine run fails rather than passing silently', () => {
  const result = evaluateGate([{ ...engine(allBugs), engine: 'replay' }], gate);
  assert.equal(result.passed, false);
});

const inRule = (f: ScoredFinding, ruleId: string): ScoredFinding => ({ ...f, ruleId });
const floors = new Map([['command-injection', 0.9], ['sql-injection', 0.9]]);

test('a rule with enough findings below the floor stated in its file fails the gate, naming the rule', () => {
  // Seven true findings and one on the decoy per scan for command-injection (0.875 < 0.90); two for sql-injection.
  const findings = [...allBugs.slice(0, 7).map((f) => inRule(f, 'command-injection')), inRule(hit(500, 0.9), 'command-injection'), ...allBugs.slice(7).map((f) => inRule(f, 'sql-injection'))];
  const result = evaluateGate([engine(findings)], gate, baseline, floors);
  const check = result.checks.find((c) => c.name === 'rule command-injection precision')!;
  assert.equal(check.passed, false);
  assert.equal(check.detail, '0.875 (14/16) (need ≥ 0.900, the floor in src/engines/static/rules/command-injection/rule.ts)');
  // Two findings per scan are too few to judge sql-injection's precision: it gets no check.
  assert.equal(result.checks.some((c) => c.name === 'rule sql-injection precision'), false);
  assert.deepEqual(engine(findings).precisionByRule?.['sql-injection'], { truePositives: 4, falsePositives: 0, precision: 1 });
});

test('a rule at its floor passes; a rule with enough findings and no stated floor fails', () => {
  const clean = allBugs.map((f) => inRule(f, 'command-injection'));
  assert.equal(evaluateGate([engine(clean)], gate, baseline, floors).passed, true);
  const unknown = allBugs.map((f) => inRule(f, 'new-rule'));
  const check = evaluateGate([engine(unknown)], gate, baseline, floors).checks.find((c) => c.name === 'rule new-rule precision')!;
  assert.equal(check.passed, false);
  assert.match(check.detail, /no floor stated for rule 'new-rule'/);
});
