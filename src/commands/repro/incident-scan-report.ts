// A reproduced report as the fixer's input, pure: a scan report holding the one finding it became — confirmed,
// tier T1, with its repro/<id>/ — so the fix plan and the fixer treat it exactly like a scanned finding.
import type { Finding, RunIdentity, Severity } from '../../artifacts/schemas/common.ts';
import type { ReproReport } from '../../artifacts/schemas/repro-report.ts';
import type { ReportedFinding, ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { stamp } from '../../artifacts/stamp.ts';
import { decideClean } from '../../engines/report/clean.ts';

export interface Reproduced {
  report: ReproReport;
  finding: Finding;
  repro: NonNullable<ReproReport['repro']>;
}

/** The report's finding and reproduction, or null when it was not reproduced (nothing to fix). */
export function reproducedOf(report: ReproReport): Reproduced | null {
  if (report.verdict !== 'reproduced' || !report.finding || !report.repro) return null;
  return { report, finding: report.finding, repro: report.repro };
}

export function incidentScanReport(reproduced: Reproduced, run: RunIdentity, failOn: Severity, durationMs: number): ScanReport {
  const { finding, repro } = reproduced;
  const reported: ReportedFinding = {
    finding,
    verdict: 'confirmed',
    tier: 'T1',
    severity: finding.severity,
    confidence: finding.confidence,
    skepticOutcome: 'none',
    skepticReasoning: [],
    refereeReasoning: `Reproduced from a ${finding.origin === 'stack-trace' ? 'stack trace' : 'report in words'} (repro-report.json): ${reproduced.report.reason}`,
    reread: false,
    repro: { outcome: 'reproduced', reason: reproduced.report.reason, dir: repro.dir, command: repro.command },
  };
  const counts: ScanReport['counts'] = {
    byVerdict: { confirmed: 1 },
    byTier: { T1: 1 },
    bySeverity: { [finding.severity]: 1 },
    byCategory: { [finding.category]: 1 },
    suppressed: 0,
    failing: 1,
  };
  const chunks = { total: 0, done: 0, failed: 0, unreviewed: 0 };
  const coverage = { filesInScope: 1, filesScanned: 1, complete: true, notCovered: [], skippedCounts: {} };
  // Clean is decided by the one rule (a confirmed finding: never clean); the reason names where it came from.
  const { clean, notClean } = decideClean({ counts, chunks, coverage });
  return stamp('scan-report', {
    status: 'complete',
    clean,
    notClean: notClean.map((r) => (r === '1 confirmed finding' ? `1 confirmed finding (${finding.id}, reproduced from ${finding.origin === 'stack-trace' ? 'a stack trace' : 'a report'})` : r)),
    options: { failOn, showSuspected: false },
    mode: 'repro',
    profile: 'repro',
    engines: ['model'],
    models: [],
    findings: [reported],
    counts,
    chunks,
    coverage,
    usage: { inputTokens: 0, outputTokens: 0, costUsd: 0 },
    durationMs,
  }, run, new Date().toISOString());
}
