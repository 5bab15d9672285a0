// Which findings of the base's report count as "already there": every finding the referee did not dismiss.
// Pure. Suppressed ones count too: a person dismissing a finding does not make it new at the head.
import type { ScanReport } from '../artifacts/schemas/scan-report.ts';

export function baseFingerprints(report: Pick<ScanReport, 'findings'>): string[] {
  return [...new Set(report.findings.filter((f) => f.verdict !== 'dismissed').map((f) => f.finding.fingerprint))].sort();
}
