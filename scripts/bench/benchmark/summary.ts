// The terminal summary printed after a benchmark run (pure): key figures per engine and the gate checks.
import type { BenchmarkReport } from '../../../src/artifacts/schemas/benchmark-report.ts';

const pct = (v: number | null) => (v === null ? 'n/a' : `${(v * 100).toFixed(1)}%`);
const num = (v: number | null) => (v === null ? 'n/a' : v.toFixed(3));

export function formatSummary(report: BenchmarkReport, written: readonly string[]): string {
  const out: string[] = [];
  for (const e of report.engines) {
    const m = e.metrics;
    out.push(
      `engine ${e.engine}: ${report.cases.length} cases × ${e.repeats}${e.complete ? '' : ' (INCOMPLETE)'}${e.models.length ? ` · models ${e.models.join(', ')}` : ''}`,
      `  precision ${pct(m.precision)} (${m.truePositives}/${m.reportedFindings})  recall ${pct(m.recall)} (${m.expectedFound}/${m.expectedLabels})  F1 ${num(m.f1)}  weighted recall ${pct(m.severityWeightedRecall)}`,
      `  false positives ${m.falsePositives} (${num(m.falsePositivesPer1kLines)}/kloc, ${m.decoyHits} on decoys)  Brier ${num(m.brier)}  ECE ${num(m.ece)}  stability ${num(m.stabilityMin)}`,
      `  p95 case ${m.p95CaseDurationMs === null ? 'n/a' : `${Math.round(m.p95CaseDurationMs)} ms`}  tokens ${m.inputTokens + m.outputTokens}  cost $${m.costUsd.toFixed(4)}`,
    );
    for (const c of e.cases) {
      for (const r of c.runs) if (r.status !== 'complete') out.push(`  ! ${c.name} #${r.repeat}: ${r.status}${r.error ? ` — ${r.error}` : ''}`);
    }
  }
  if (report.gate) {
    out.push(`gate: ${report.gate.passed ? 'PASS' : 'FAIL'}`);
    for (const c of report.gate.checks) out.push(`  ${c.passed ? 'pass' : 'FAIL'}  ${c.engine} ${c.name}: ${c.detail}`);
  }
  out.push(`wrote ${written.join(', ')}`);
  return `${out.join('\n')}\n`;
}
