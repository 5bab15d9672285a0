// The quality gate (pure): thresholds from benchmark/gate.json applied to a scored report, plus the rule that
// recall per category may not drop by more than maxRecallDrop from the accepted report without a stated reason.
// A figure that could not be measured fails its check: the gate never passes on what was not checked.
import { Type, type Static } from '@sinclair/typebox';
import type { BenchmarkReport, EngineResult, GateCheck } from '../../../src/artifacts/schemas/benchmark-report.ts';
import { parseValidated } from './json-input.ts';
import { ruleFloorChecks } from './rule-precision.ts';

const Thresholds = Type.Object(
  {
    minPrecision: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    maxFalsePositivesPer1kLines: Type.Optional(Type.Number({ minimum: 0 })),
    minStability: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    maxEce: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    ruleFloorMinFindings: Type.Optional(
      Type.Integer({ minimum: 1, description: "A rule with this many findings per scan or more must reach the precision floor stated in its file." }),
    ),
  },
  { additionalProperties: false },
);

export const GateConfig = Type.Object(
  {
    $comment: Type.Optional(Type.String()),
    engines: Type.Record(Type.String(), Thresholds, { description: 'Thresholds per engine name.' }),
    maxRecallDrop: Type.Number({ minimum: 0, maximum: 1 }),
    recallDropReasons: Type.Array(
      Type.Object(
        { engine: Type.String(), category: Type.String(), reason: Type.String({ minLength: 10 }) },
        { additionalProperties: false },
      ),
      { description: 'Stated reasons that allow a recall drop for one engine and category.' },
    ),
  },
  { additionalProperties: false },
);
export type GateConfig = Static<typeof GateConfig>;

export function parseGate(text: string, where: string): GateConfig {
  return parseValidated<GateConfig>(GateConfig, text, where, 'gate file');
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(3));

function atLeast(engine: string, name: string, value: number | null, min: number, what: string): GateCheck {
  if (value === null) return { engine, name, passed: false, detail: `${what} not measurable` };
  return { engine, name, passed: value >= min, detail: `${fmt(value)} (need ≥ ${fmt(min)})` };
}

function atMost(engine: string, name: string, value: number | null, max: number, what: string): GateCheck {
  if (value === null) return { engine, name, passed: false, detail: `${what} not measurable` };
  return { engine, name, passed: value <= max, detail: `${fmt(value)} (need ≤ ${fmt(max)})` };
}

function engineChecks(result: EngineResult, gate: GateConfig, floors: ReadonlyMap<string, number>): GateCheck[] {
  const t = gate.engines[result.engine];
  if (!t) return [];
  const m = result.metrics;
  const name = result.engine;
  const failedRuns = result.cases.flatMap((c) => c.runs.filter((r) => r.status !== 'complete').map((r) => `${c.name}#${r.repeat} ${r.status}${r.error ? `: ${r.error}` : ''}`));
  const checks: GateCheck[] = [
    { engine: name, name: 'complete', passed: failedRuns.length === 0, detail: failedRuns.length === 0 ? 'every scan completed' : failedRuns.slice(0, 3).join('; ') + (failedRuns.length > 3 ? `; and ${failedRuns.length - 3} more` : '') },
  ];
  if (t.minPrecision !== undefined) checks.push(atLeast(name, 'precision', m.precision, t.minPrecision, 'precision (no reported findings)'));
  if (t.maxFalsePositivesPer1kLines !== undefined) {
    const decoys = result.falsePositives.filter((f) => f.decoy).map((f) => `${f.case}/${f.decoy}`);
    const check = atMost(name, 'false positives per 1,000 lines', m.falsePositivesPer1kLines, t.maxFalsePositivesPer1kLines, 'false-positive rate');
    if (decoys.length > 0) check.detail += `; decoys hit: ${[...new Set(decoys)].join(', ')}`;
    checks.push(check);
  }
  if (t.minStability !== undefined) checks.push(atLeast(name, 'stability', m.stabilityMin, t.minStability, 'stability (needs --repeats 2 or more)'));
  if (t.maxEce !== undefined) checks.push(atMost(name, 'ECE', m.ece, t.maxEce, 'calibration error (no reported findings)'));
  if (t.ruleFloorMinFindings !== undefined) {
    checks.push(...(result.precisionByRule
      ? ruleFloorChecks(name, result.precisionByRule, floors, t.ruleFloorMinFindings, result.repeats)
      : [{ engine: name, name: 'precision per rule', passed: false, detail: 'precision per rule not measured' }]));
  }
  return checks;
}

function recallDropChecks(result: EngineResult, gate: GateConfig, accepted: BenchmarkReport | undefined): GateCheck[] {
  if (!accepted) {
    return [{ engine: result.engine, name: 'recall baseline', passed: false, detail: "no accepted report: run 'pnpm benchmark --accept' and commit benchmark/accepted-report.json" }];
  }
  const before = accepted.engines.find((e) => e.engine === result.engine);
  if (!before) {
    return [{ engine: result.engine, name: 'recall baseline', passed: false, detail: `the accepted report has no '${result.engine}' engine; accept a run of it first` }];
  }
  const checks: GateCheck[] = [];
  for (const [category, old] of Object.entries(before.recallByCategory)) {
    const now = result.recallByCategory[category]?.recall ?? 0;
    const drop = old.recall - now;
    if (drop <= gate.maxRecallDrop + 1e-9) continue;
    const reason = gate.recallDropReasons.find((r) => r.engine === result.engine && r.category === category);
    checks.push({
      engine: result.engine,
      name: `recall ${category}`,
      passed: reason !== undefined,
      detail: `${fmt(now)} after ${fmt(old.recall)} accepted (drop ${fmt(drop)} > ${fmt(gate.maxRecallDrop)})${reason ? `; allowed: ${reason.reason}` : '; no stated reason in gate.json'}`,
    });
  }
  if (checks.length === 0) checks.push({ engine: result.engine, name: 'recall per category', passed: true, detail: `no category dropped more than ${fmt(gate.maxRecallDrop)}` });
  return checks;
}

/** `floors`: each static rule's precision floor by rule id (from its file), for `ruleFloorMinFindings`. */
export function evaluateGate(engines: readonly EngineResult[], gate: GateConfig, accepted?: BenchmarkReport, floors: ReadonlyMap<string, number> = new Map()): { passed: boolean; checks: GateCheck[] } {
  const checks = engines.flatMap((e) => [...engineChecks(e, gate, floors), ...recallDropChecks(e, gate, accepted)]);
  if (checks.length === 0) {
    return { passed: false, checks: [{ engine: engines.map((e) => e.engine).join(','), name: 'thresholds', passed: false, detail: 'gate.json has no thresholds for the engines run' }] };
  }
  return { passed: checks.every((c) => c.passed), checks };
}
