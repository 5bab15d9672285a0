// Pure marks for diff-aware and baselined reports: inDiff from triage's changed lines, baseline from the base's
// fingerprints, and the summaries scan-report.json carries. Unset when the scan is not diff-aware / has no baseline.
import type { BaseFinding, Baseline } from '../../artifacts/schemas/baseline.ts';
import type { ReportedFinding, ScanReport } from '../../artifacts/schemas/scan-report.ts';
import type { DiffScopeRecord } from '../../artifacts/schemas/triage.ts';
import { changedLineIndex, findingInDiff } from '../scope/in-diff.ts';
import { diffRecordOf } from '../scope/spec.ts';
import { plural } from './text.ts';
import { isShownConfirmed } from './counts.ts';
import { copyFingerprints } from '../findings/related.ts';

/** Sets inDiff on every finding (diff scope) and baseline on every finding (baseline), in place. */
export function markFindings(findings: ReportedFinding[], diffScope: DiffScopeRecord | undefined, baseline: Baseline | undefined): void {
  const touched = diffScope ? changedLineIndex(diffScope.changed) : undefined;
  const before = baseline ? new Set(baseline.fingerprints) : undefined;
  for (const f of findings) {
    if (touched) f.inDiff = findingInDiff(f.finding, touched);
    // A baseline written by an earlier version keys on the finding's former fingerprint.
    if (before) f.baseline = [f.finding.fingerprint, ...(f.finding.formerFingerprints ?? [])].some((k) => before.has(k));
  }
}


export function diffSummary(scope: DiffScopeRecord): NonNullable<ScanReport['diff']> {
  return { ...diffRecordOf(scope), changedFiles: scope.changed.length, filesInScope: scope.files.length };
}

/**
 * Base findings gone at the head (fixed by the change): shown at the base, no head finding of any state with that
 * fingerprint, and in a file the head scanned completely or deleted. A file the head did not scan (out of scope,
 * failed, skipped) was not checked, so its base findings are never reported gone.
 */
export function absentFindings(baseline: Baseline, findings: readonly ReportedFinding[], scannedFiles: ReadonlySet<string>, deletedFiles: ReadonlySet<string>): BaseFinding[] {
  // A bundle copy folded into its source finding is still at the head, as a related location.
  const atHead = new Set(findings.flatMap((f) => [f.finding.fingerprint, ...(f.finding.formerFingerprints ?? []), ...copyFingerprints(f.relatedLocations)]));
  return (baseline.findings ?? []).filter((b) => !atHead.has(b.fingerprint) && (scannedFiles.has(b.file) || deletedFiles.has(b.file)));
}

export function baselineSummary(baseline: Baseline, findings: readonly ReportedFinding[], absent: BaseFinding[]): NonNullable<ScanReport['baseline']> {
  const shown = findings.filter((f) => isShownConfirmed(f));
  const preExisting = shown.filter((f) => f.baseline).length;
  return { ref: baseline.ref, commit: baseline.commit, source: baseline.source, detail: baseline.detail, new: shown.length - preExisting, preExisting, fixed: absent.length, absent };
}

/** "base...HEAD (radius 1): 3 changed paths, 5 files in scope · 1 of 2 reported finding(s) on changed lines"; null when not diff-aware. */
export function diffNote(report: Pick<ScanReport, 'diff' | 'findings'>): string | null {
  const d = report.diff;
  if (!d) return null;
  const what = d.mode === 'since' ? `since ${d.base}` : d.mode === 'diff' ? `${d.base}${d.range}${d.head}` : 'staged changes';
  const shown = report.findings.filter((f) => isShownConfirmed(f));
  return `${what} (radius ${d.radius}): ${plural(d.changedFiles, 'changed path')}, ${plural(d.filesInScope, 'file')} in scope · ${shown.filter((f) => f.inDiff).length} of ${shown.length} reported finding(s) on changed lines`;
}

/** "base (3286c87625fc, worktree-scan): 1 new, 1 pre-existing, 1 fixed by this change"; null without --baseline. */
export function baselineNote(report: Pick<ScanReport, 'baseline'>): string | null {
  const b = report.baseline;
  if (!b) return null;
  const fixed = b.fixed > 0 ? `, ${b.fixed} fixed by this change` : '';
  return `${b.ref} (${b.commit.slice(0, 12)}, ${b.source}): ${b.new} new, ${b.preExisting} pre-existing${fixed}`;
}

/** "pre-existing, not on a changed line" for one finding; empty when neither mark applies. */
export function findingMarks(f: Pick<ReportedFinding, 'baseline' | 'inDiff'>): string {
  return [f.baseline ? 'pre-existing' : '', f.inDiff === false ? 'not on a changed line' : ''].filter(Boolean).join(', ');
}
