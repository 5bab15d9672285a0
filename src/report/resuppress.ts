// Re-applies the current suppressions.json to a stored scan report, so `report` and its views honour a
// dismiss (or undismiss) made after the scan without re-running it. Pure: returns a new report.
import type { Suppressions } from '../artifacts/schemas/memory.ts';
import type { ReportedFinding, ScanReport } from '../artifacts/schemas/scan-report.ts';
import { countFindings } from './counts.ts';
import { notCleanReasons } from './join.ts';
import { rekeyed } from '../findings/rekey.ts';

export function applySuppressions(report: ScanReport, suppressions: Suppressions): ScanReport {
  const byFingerprint = new Map(rekeyed(suppressions.entries, report.findings.map((f) => f.finding)).map((s) => [s.fingerprint, s]));
  const findings = report.findings.map((f): ReportedFinding => {
    const { suppressed: _previous, ...rest } = f;
    const s = byFingerprint.get(f.finding.fingerprint);
    return s ? { ...rest, suppressed: { reason: s.reason, by: s.by, at: s.at } } : rest;
  });
  const counts = countFindings(findings, report.options.failOn);
  const notClean = notCleanReasons(counts, report.chunks, report.coverage.filesInScope, report.coverage.filesScanned);
  const unreviewed = counts.byVerdict.unreviewed ?? 0;
  const status = report.status === 'failed' ? 'failed' : report.chunks.unreviewed > 0 || unreviewed > 0 ? 'incomplete' : 'complete';
  return { ...report, findings, counts, notClean, status, clean: notClean.length === 0 && status === 'complete' && report.coverage.complete };
}
