// Renders a real-world score as plain text for the terminal (and for pasting into notes), pure.
import type { RealWorldGateResult } from './gate.ts';
import { SINK_LINE_TOLERANCE } from './match.ts';
import type { RealWorldScore } from './score.ts';

const pct = (x: number): string => x.toFixed(2);
const pad = (s: string | number, n: number): string => String(s).padEnd(n);
const lpad = (s: string | number, n: number): string => String(s).padStart(n);

export function formatScore(score: RealWorldScore, options: { findings?: boolean } = {}): string {
  const out: string[] = [];
  if (score.cases.length > 0) {
    const ff = score.fixedFlagged;
    out.push(`Recall ${pct(score.recall.value)} (${score.recall.found}/${score.recall.total} sinks reported); fixed versions still flagged ${ff.count}/${ff.total} (${pct(ff.rate)})`);
    out.push(`  of which the fix is shown incomplete (evidence in incomplete-fixes.json): ${ff.shownIncomplete}; without them ${ff.without}/${ff.total} (${pct(ff.rateWithout)})`);
    out.push('');
    out.push(`${pad('class', 24)}${lpad('cases', 6)}${lpad('found', 7)}${lpad('recall', 8)}${lpad('review-only', 13)}${lpad('fixed flagged', 15)}`);
    for (const r of score.perClass) {
      out.push(`${pad(r.class, 24)}${lpad(r.cases, 6)}${lpad(r.found, 7)}${lpad(pct(r.recall), 8)}${lpad(r.reviewOnly, 13)}${lpad(r.fixedFlagged, 15)}`);
    }
    const review = score.cases.filter((c) => c.reviewOnly).length;
    out.push(`${pad('all', 24)}${lpad(score.recall.total, 6)}${lpad(score.recall.found, 7)}${lpad(pct(score.recall.value), 8)}${lpad(review, 13)}${lpad(score.fixedFlagged.count, 15)}`);
    out.push('');
    out.push(`found: ${score.cases.filter((c) => c.found).map((c) => c.id).join(', ') || '-'}`);
    out.push(`review-only (a hidden manual-review finding at the sink, not counted): ${score.cases.filter((c) => c.reviewOnly).map((c) => c.id).join(', ') || '-'}`);
    out.push(`fixed still flagged: ${score.cases.filter((c) => c.fixedFlagged).map((c) => `${c.id}${c.fixShownIncomplete ? ' (fix shown incomplete)' : ''}`).join(', ') || '-'}`);
  }
  if (score.mature.rows.length > 0) {
    out.push('');
    const matureReported = score.findings.filter((j) => j.role === 'mature').map((j) => j.finding.severity);
    const high = matureReported.filter((x) => x === 'high').length;
    const critical = matureReported.filter((x) => x === 'critical').length;
    out.push(`Mature packages (mature.json): ${score.mature.reported} reported in ${score.mature.lines.toLocaleString('en-US')} lines = ${score.mature.perKloc.toFixed(3)} per 1,000 lines; high ${high}, critical ${critical}`);
    for (const r of score.mature.rows) {
      out.push(`  ${pad(r.key, 34)}${lpad(r.lines.toLocaleString('en-US'), 9)} lines  reported ${r.reported}  review-only ${r.reviewOnly}${r.status === 'complete' ? '' : `  (${r.status})`}`);
    }
  }
  if (options.findings !== false && score.findings.length > 0) {
    out.push('');
    out.push(`Every reported finding, for a person to judge (${score.findings.length}):`);
    for (const j of score.findings) {
      const f = j.finding;
      const tag = j.matches ? `matches ${j.matches}` : 'no case';
      out.push(`  [${j.role}] ${j.scan} ${f.file}:${f.startLine}${f.endLine !== f.startLine ? `-${f.endLine}` : ''} ${f.ruleId ?? f.category}${f.cwe ? ` ${f.cwe}` : ''} (${tag}) — ${f.claim}`);
    }
  }
  if (score.failures.length > 0) {
    out.push('');
    out.push(`Incomplete scans (${score.failures.length}); their cases count as missed:`);
    for (const f of score.failures) out.push(`  ${f.key}: ${f.error}`);
  }
  out.push('');
  out.push(`Found: a reported finding (confirmed, T1 or T2) of the case's class cites the sink file within ${SINK_LINE_TOLERANCE} lines of the sink line; review-only: only a manual-review candidate there. Fixed still flagged: a reported finding of the class in the sink's function in the fixed version (the sink file when the function is gone).`);
  return `${out.join('\n')}\n`;
}

export function formatGate(result: RealWorldGateResult): string {
  const lines = result.checks.map((c) => `  ${c.passed ? 'pass' : 'FAIL'}  ${c.name}: ${c.detail}`);
  if (result.lost.length > 0) lines.push(`  note  cases found when the gate was written and missed now: ${result.lost.join(', ')}`);
  return `Gate ${result.passed ? 'passed' : 'FAILED'}:\n${lines.join('\n')}\n`;
}
