// Pure counts over joined findings: by verdict, tier, severity and category; suppressed counted apart.
import type { Severity } from '../../artifacts/schemas/common.ts';
import { SEVERITY_ORDER } from '../../artifacts/schemas/common.ts';
import type { ReportedFinding, ScanReport } from '../../artifacts/schemas/scan-report.ts';

function bump(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}

/** A confirmed finding the views show: not suppressed, and suspected (T3) only when asked for. */
export function isShownConfirmed(f: ReportedFinding, showSuspected = false): boolean {
  return f.verdict === 'confirmed' && !f.suppressed && (showSuspected || f.tier !== 'T3');
}

/** Shown confirmed findings at or above failOn, not pre-existing at a --baseline: what makes a scan exit 1. */
export function failingFindings(findings: readonly ReportedFinding[], failOn: Severity): ReportedFinding[] {
  const threshold = SEVERITY_ORDER.indexOf(failOn);
  return findings.filter((f) => isShownConfirmed(f) && !f.baseline && SEVERITY_ORDER.indexOf(f.severity) <= threshold);
}

export function countFindings(findings: readonly ReportedFinding[], failOn: Severity): ScanReport['counts'] {
  const counts: ScanReport['counts'] = { byVerdict: {}, byTier: {}, bySeverity: {}, byCategory: {}, suppressed: 0, failing: 0 };
  for (const f of findings) {
    if (f.suppressed) {
      counts.suppressed += 1;
      continue;
    }
    bump(counts.byVerdict, f.verdict);
    if (f.verdict !== 'dismissed') bump(counts.byTier, f.tier);
    if (f.verdict === 'confirmed') {
      bump(counts.bySeverity, f.severity);
      bump(counts.byCategory, f.finding.category);
    }
  }
  counts.failing = failingFindings(findings, failOn).length;
  return counts;
}
