// The few lines `scan` prints at the end: what ran, what it found, where the artifacts are, what the exit code means.
import { SEVERITY_ORDER } from '../../artifacts/schemas/common.ts';
import type { ReportedFinding, ScanReport } from '../../artifacts/schemas/scan-report.ts';
import type { ScanResult } from '../../driver/scan-types.ts';
import { formatDuration } from '../../engines/terminal/eta.ts';
import { reviewFindings } from '../../engines/report/exit-decision.ts';
import { shardNote } from '../../engines/report/markdown.ts';
import { dependencySummary } from '../../engines/report/dependency-markdown.ts';
import { oneLine, plural } from '../../engines/report/text.ts';
import { baselineNote, diffNote, findingMarks } from '../../engines/report/diff-marks.ts';
import { isShownConfirmed } from '../../engines/report/counts.ts';
import { verdictLines } from '../../engines/report/terminal.ts';
import { byLanguage, exclusionNote, unsupportedFiles } from '../../engines/report/unread.ts';
import { verificationLines } from '../../engines/report/verification-markdown.ts';
import { settingsLines, severityLabel } from '../../engines/report/rule-settings.ts';

export function summariseScan(result: ScanResult, showSuspected: boolean): string {
  const lines: string[] = [];
  const report = result.report;
  // An estimate prints the estimate and nothing else: it scanned nothing, so there is no result or artifact to point at.
  if (result.estimate) return estimateLines(result.estimate);
  if (!report) {
    lines.push(result.exitCode === 0 ? 'Scan finished without a report.' : 'Scan did not complete; no report was written.');
  } else {
    const shown = report.findings.filter((f) => isShownConfirmed(f, showSuspected));
    const shard = shardNote(report);
    if (shard) lines.push(`Shard: ${shard}`);
    lines.push(`Engine: ${report.engines.join(', ') || 'none'}${report.models.length ? ` (models: ${report.models.join(', ')})` : ''} · profile ${report.profile} · mode ${report.mode}`);
    lines.push(
      `Files: ${report.coverage.filesScanned}/${report.coverage.filesInScope} scanned${report.coverage.complete ? '' : ' — coverage INCOMPLETE'} · ` +
        `${shown.length} confirmed finding(s) reported · verdicts ${Object.entries(report.counts.byVerdict).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`,
    );
    lines.push(...scopeLines(report));
    const unsupported = unsupportedFiles(report);
    const unread = report.coverage.notCovered.filter((n) => n.status === 'not-covered');
    if (unread.length > 0) lines.push(`Not covered (in scope, not read): ${unread.length} file(s), e.g. ${unread[0]!.path} — ${unread[0]!.reason}`);
    const settings = settingsLines(report.settings);
    if (settings.length > 0) lines.push('Settings (rules, include, exclude, maxFileBytes):', ...settings.map((l) => `  ${l}`));
    const excluded = exclusionNote(report);
    if (excluded) lines.push(`Excluded on purpose: ${excluded} (listed in coverage.json; --no-repo-suppressions sets the repository's aside)`);
    if (unsupported.length > 0) {
      lines.push(`Not read (no configured engine reads the language): ${plural(unsupported.length, 'file')} — ${byLanguage(unsupported, 3)}; a model reads them (--require-coverage makes them fail the run)`);
    }
    for (const f of shown) lines.push(findingLine(f));
    if (report.dependencies) lines.push(`Dependencies: ${dependencySummary(report.dependencies, report.generatedAt)} — see report.md`);
    const checks = verificationLines(report);
    if (checks.length > 0) lines.push('Checks asked for:', ...checks.map((c) => `  ${c.level === 'error' ? 'NOT RUN ' : ''}${c.text}`));
    lines.push(...manualReviewLines(report));
    lines.push(...verdictLines(report));
  }
  if (result.resumeCommand) lines.push(`To continue this run: ${result.resumeCommand}`);
  if (result.fixes) lines.push(`Fixes: ${result.fixes} — see fix-report.json and the Fixes section of report.md.`);
  // Name only files that exist: an interrupted or failed run wrote its state, not a report.
  lines.push(`Artifacts: ${result.outDir}  (${report ? 'report.md, report.html, scan-report.json, report.sarif' : 'state.json: no report was written'})`);
  lines.push(`exit ${result.exitCode}: ${result.exitReason}`);
  return `${lines.join('\n')}\n`;
}

function estimateLines(e: NonNullable<ScanResult['estimate']>): string {
  const band = (b: { low: number; expected: number; high: number }, show: (n: number) => string) => `${show(b.expected)} (${show(b.low)}–${show(b.high)})`;
  return `${[
    `Estimate for ${e.engine}: ${plural(e.calls, 'model call')}`,
    `  tokens: ${band(e.tokens, String)}`,
    `  cost:   ${e.costUsd ? band(e.costUsd, (n) => `$${n.toFixed(2)}`) : e.calls === 0 ? '$0.00 (no model calls)' : 'unknown (no price for the model)'}`,
    `  wall:   ${band(e.wallMs, formatDuration)}`,
    `  basis:  ${e.basis}`,
  ].join('\n')}\n`;
}

const MANUAL_REVIEW_SHOWN = 5;

function findingLine(f: ReportedFinding): string {
  const marks = findingMarks(f);
  return `  [${f.tier} ${severityLabel(f)}] ${f.finding.file}:${f.finding.startLine} ${f.finding.id}${marks ? ` (${marks})` : ''} — ${oneLine(f.finding.claim, 160)}`;
}

/** The diff scope and the baseline split ("2 new, 14 pre-existing"), when the scan had them. */
function scopeLines(report: ScanReport): string[] {
  const diff = diffNote(report);
  const baseline = baselineNote(report);
  return [
    ...(diff ? [`Diff scope: ${diff}`] : []),
    ...(baseline ? [`Baseline ${baseline} — pre-existing findings do not count for the exit code`] : []),
  ];
}

/** Always one line with the manual-review count by severity, then the most severe few: a person must decide them. */
export function manualReviewLines(report: ScanReport): string[] {
  const review = reviewFindings(report, 'info');
  if (review.length === 0) return ['Manual review: none'];
  const bySeverity = SEVERITY_ORDER.map((s) => [s, review.filter((f) => f.severity === s).length] as const).filter(([, n]) => n > 0);
  const lines = [`Manual review: ${plural(review.length, 'finding')} (${bySeverity.map(([s, n]) => `${s} ${n}`).join(', ')}) — a person must decide (--fail-on-review counts them in the exit code)`];
  for (const f of review.slice(0, MANUAL_REVIEW_SHOWN)) lines.push(findingLine(f));
  if (review.length > MANUAL_REVIEW_SHOWN) lines.push(`  … and ${review.length - MANUAL_REVIEW_SHOWN} more: 'bug-hunter report list --show-suspected'`);
  return lines;
}
