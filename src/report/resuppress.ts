// Re-applies the current suppressions.json to a stored scan report, so `report` and its views honour a
// dismiss (or undismiss) made after the scan without re-running it. Pure: returns a new report.
import type { Suppressions } from '../artifacts/schemas/memory.ts';
import type { ReportedFinding, ScanReport } from '../artifacts/schemas/scan-report.ts';
import { countFindings } from './counts.ts';
import { reportStatus } from './status.ts';
import { rekeyed } from '../findings/rekey.ts';

export function applySuppressions(report: ScanReport, suppressions: Suppressions): ScanReport {
  const byFingerprint = new Map(rekeyed(suppressions.entries, report.findings.map((f) => f.finding)).map((s) => [s.fingerprint, s]));
  const findings = report.findings.map((f): ReportedFinding => {
    const { suppressed: _previous, ...rest } = f;
    const s = byFingerprint.get(f.finding.fingerprint);
    return s ? { ...rest, suppressed: { reason: s.reason, by: s.by, at: s.at } } : rest;
  });
  const counts = countFindings(findings, report.options.failOn);
  return { ...report, findings, counts, ...reportStatus({ counts, chunks: report.chunks, coverage: report.coverage, dependencies: report.dependencies }) };
}
