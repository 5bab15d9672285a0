// Precision per static rule (pure): counts of matched and false findings by rule id, and the check that holds a rule
// with enough findings to the floor stated in its file (src/engines/static/rules/<rule-id>/rule.ts). The aggregate precision can
// stay high while one rule goes bad; this names the rule.
import type { GateCheck } from '../../../src/artifacts/schemas/benchmark-report.ts';

export interface RuleTally { truePositives: number; falsePositives: number }
export interface RulePrecision extends RuleTally { precision: number }

/** Findings without a rule id (a model's) are counted under 'unknown'. */
export function tallyByRule(matched: ReadonlyArray<{ ruleId?: string }>, falsePositives: ReadonlyArray<{ ruleId?: string }>, into = new Map<string, RuleTally>()): Map<string, RuleTally> {
  const bump = (ruleId: string | undefined, key: keyof RuleTally) => {
    const t = into.get(ruleId ?? 'unknown') ?? { truePositives: 0, falsePositives: 0 };
    t[key] += 1;
    into.set(ruleId ?? 'unknown', t);
  };
  for (const f of matched) bump(f.ruleId, 'truePositives');
  for (const f of falsePositives) bump(f.ruleId, 'falsePositives');
  return into;
}

export function precisionByRule(tallies: ReadonlyMap<string, RuleTally>): Record<string, RulePrecision> {
  return Object.fromEntries(
    [...tallies.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, t]) => [id, { ...t, precision: t.truePositives / (t.truePositives + t.falsePositives) }]),
  );
}

/**
 * One check per rule with at least `minFindings` findings per scan (`repeats` scans of each case were counted):
 * its precision must reach its floor. A rule with enough findings and no stated floor fails (nothing to hold it to).
 */
export function ruleFloorChecks(engine: string, byRule: Record<string, RulePrecision>, floors: ReadonlyMap<string, number>, minFindings: number, repeats = 1): GateCheck[] {
  const checks: GateCheck[] = [];
  for (const [id, r] of Object.entries(byRule)) {
    // A model's findings carry no rule id and so no floor; the aggregate precision covers them.
    if (id === 'unknown') continue;
    const findings = r.truePositives + r.falsePositives;
    if (findings / repeats < minFindings) continue;
    const floor = floors.get(id);
    const figure = `${r.precision.toFixed(3)} (${r.truePositives}/${findings})`;
    checks.push(floor === undefined
      ? { engine, name: `rule ${id} precision`, passed: false, detail: `${figure}; no floor stated for rule '${id}' in src/engines/static/rules/` }
      : { engine, name: `rule ${id} precision`, passed: r.precision >= floor - 1e-9, detail: `${figure} (need ≥ ${floor.toFixed(3)}, the floor in src/engines/static/rules/${id}/rule.ts)` });
  }
  if (checks.length === 0) checks.push({ engine, name: 'precision per rule', passed: true, detail: `no rule has ${minFindings} or more findings per scan` });
  return checks;
}
