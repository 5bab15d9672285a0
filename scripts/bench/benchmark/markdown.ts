// The human page (pure): a rendered view of benchmark-report.json — one table per engine, recall per
// category, cases, false positives with decoy names, the gate, and a link to each reliability diagram.
import type { BenchmarkReport, EngineResult } from '../../../src/artifacts/schemas/benchmark-report.ts';

const pct = (v: number | null) => (v === null ? 'n/a' : `${(v * 100).toFixed(1)} %`);
const num = (v: number | null, digits = 3) => (v === null ? 'n/a' : Number.isInteger(v) ? String(v) : v.toFixed(digits));
const ms = (v: number | null) => (v === null ? 'n/a' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);

export function diagramFile(engine: string): string {
  return `reliability-${engine.replace(/[^a-zA-Z0-9_-]/g, '_')}.svg`;
}

function engineSection(e: EngineResult): string[] {
  const m = e.metrics;
  const out = [
    `## Engine: ${e.engine} (${e.family} labels, ${e.repeats} repeat${e.repeats === 1 ? '' : 's'})`,
    '',
    e.models.length > 0 ? `Models: ${e.models.join(', ')}` : 'Models: none (no model was called)',
    e.complete ? '' : '**Incomplete: at least one scan did not complete — see the cases table.**',
    '',
    '| figure | value |',
    '|---|---|',
    `| precision | ${pct(m.precision)} (${m.truePositives} true / ${m.falsePositives} false of ${m.reportedFindings} reported) |`,
    `| recall (expected for ${e.family}) | ${pct(m.recall)} (${m.expectedFound} of ${m.expectedLabels}) |`,
    `| recall (all labels) | ${pct(m.recallAllLabels)} |`,
    `| F1 | ${num(m.f1)} |`,
    `| severity-weighted recall | ${pct(m.severityWeightedRecall)} |`,
    `| false positives per 1,000 lines | ${num(m.falsePositivesPer1kLines)} (${m.linesScanned} lines scanned, ${m.decoyHits} decoy hits) |`,
    `| Brier score | ${num(m.brier)} |`,
    `| expected calibration error (10 bins) | ${num(m.ece)} |`,
    `| repeat stability (mean / min Jaccard) | ${num(m.stability)} / ${num(m.stabilityMin)} |`,
    `| tokens (in / out) | ${m.inputTokens} / ${m.outputTokens} |`,
    `| tokens per true positive | ${num(m.tokensPerTruePositive, 0)} |`,
    `| cost (USD) / per true positive | ${m.costUsd.toFixed(4)} / ${m.costPerTruePositiveUsd === null ? 'n/a' : m.costPerTruePositiveUsd.toFixed(4)} |`,
    `| time to first true positive | ${ms(m.timeToFirstTruePositiveMs)} |`,
    `| p95 duration per case | ${ms(m.p95CaseDurationMs)} |`,
    '',
    `![reliability diagram for ${e.engine}](${diagramFile(e.engine)})`,
    '',
    '### Recall per category',
    '',
    '| category | found / labels | recall |',
    '|---|---|---|',
    ...Object.entries(e.recallByCategory).map(([cat, r]) => `| ${cat} | ${r.found} / ${r.labels} | ${pct(r.recall)} |`),
    '',
    ...(e.precisionByRule
      ? [
          '### Precision per rule',
          '',
          '| rule | true / reported | precision |',
          '|---|---|---|',
          ...Object.entries(e.precisionByRule).map(([id, r]) => `| ${id} | ${r.truePositives} / ${r.truePositives + r.falsePositives} | ${pct(r.precision)} |`),
          '',
        ]
      : []),
    '### Cases',
    '',
    '| case | status | reported | true | false | missed (expected) | stability |',
    '|---|---|---|---|---|---|---|',
    ...e.cases.flatMap((c) =>
      c.runs.map((r) => `| ${c.name}${e.repeats > 1 ? ` #${r.repeat}` : ''} | ${r.status}${r.error ? ` (${r.error.replace(/\|/g, '/').slice(0, 80)})` : ''} | ${r.reported} | ${r.truePositives} | ${r.falsePositives} | ${r.missed.join(', ') || '—'} | ${num(c.stability)} |`),
    ),
    '',
    '### False positives',
    '',
  ];
  if (e.falsePositives.length === 0) out.push('None.');
  else {
    out.push('| case | where | category | rule / lens | confidence | decoy |', '|---|---|---|---|---|---|');
    for (const f of e.falsePositives) {
      out.push(`| ${f.case} #${f.repeat} | ${f.file}:${f.startLine}-${f.endLine} | ${f.category} | ${f.ruleId ?? f.lens} | ${f.confidence.toFixed(2)} | ${f.decoy ?? '—'} |`);
    }
  }
  out.push('');
  return out;
}

export function renderPage(report: BenchmarkReport): string {
  const lines = report.cases.reduce((s, c) => s + c.lines, 0);
  const bugs = report.cases.reduce((s, c) => s + c.bugs, 0);
  const decoys = report.cases.reduce((s, c) => s + c.decoys, 0);
  const out = [
    '# bug-hunter benchmark',
    '',
    `Generated ${report.generatedAt} by bug-hunter ${report.run.toolVersion}${report.run.baseCommit ? ` at ${report.run.baseCommit.slice(0, 12)}` : ''}.`,
    `${report.cases.length} cases, ${lines} lines, ${bugs} labelled bugs, ${decoys} decoys. Rerun with \`pnpm benchmark\`.`,
    '',
    `Matching: ${report.matching}`,
    '',
  ];
  if (report.gate) {
    out.push(`## Gate: ${report.gate.passed ? 'PASS' : 'FAIL'}`, '', '| engine | check | result | figure |', '|---|---|---|---|');
    for (const c of report.gate.checks) out.push(`| ${c.engine} | ${c.name} | ${c.passed ? 'pass' : '**FAIL**'} | ${c.detail.replace(/\|/g, '/')} |`);
    out.push('');
  }
  for (const e of report.engines) out.push(...engineSection(e));
  return `${out.filter((l, i, all) => !(l === '' && all[i - 1] === '')).join('\n')}\n`;
}
