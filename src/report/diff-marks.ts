// Pure marks for diff-aware and baselined reports: inDiff from triage's changed lines, baseline from the base's
// fingerprints, and the summaries scan-report.json carries. Unset when the scan is not diff-aware / has no baseline.
import type { Baseline } from '../artifacts/schemas/baseline.ts';
import type { ReportedFinding, ScanReport } from '../artifacts/schemas/scan-report.ts';
import type { DiffScopeRecord } from '../artifacts/schemas/triage.ts';
import { changedLineIndex, findingInDiff } from '../scope/in-diff.ts';
import { diffRecordOf } from '../scope/spec.ts';

/** Sets inDiff on every finding (diff scope) and baseline on every finding (baseline), in place. */
export function markFindings(findings: ReportedFinding[], diffScope: DiffScopeRecord | undefined, baseline: Baseline | undefined): void {
  const touched = diffScope ? changedLineIndex(diffScope.changed) : undefined;
  const before = baseline ? new Set(baseline.fingerprints) : undefined;
  for (const f of findings) {
    if (touched) f.inDiff = findingInDiff(f.finding, touched);
    if (before) f.baseline = before.has(f.finding.fingerprint);
  }
}

/** Confirmed findings the views show by default: not suppressed, not suspected (T3). */
const shownConfirmed = (f: ReportedFinding) => f.verdict === 'confirmed' && !f.suppressed && f.tier !== 'T3';

export function diffSummary(scope: DiffScopeRecord): NonNullable<ScanReport['diff']> {
  return { ...diffRecordOf(scope), changedFiles: scope.changed.length, filesInScope: scope.files.length };
}

export function baselineSummary(baseline: Baseline, findings: readonly ReportedFinding[]): NonNullable<ScanReport['baseline']> {
  const shown = findings.filter(shownConfirmed);
  const preExisting = shown.filter((f) => f.baseline).length;
  return { ref: baseline.ref, commit: baseline.commit, source: baseline.source, detail: baseline.detail, new: shown.length - preExisting, preExisting };
}
