// Which findings a pull-request review speaks about. New = confirmed, reported and not at the --baseline base;
// a new finding outside the changed lines (inDiff: false) cannot be a line comment (GitHub refuses lines outside
// the diff), so it goes in the review's body. Pure.
import type { ReportedFinding, ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { publishable } from '../publish/plan.ts';
import { plural } from '../report/text.ts';
import { verdictOf } from '../report/clean.ts';

export interface ReviewSelection {
  /** New findings to comment on their own line. */
  onLines: ReportedFinding[];
  /** New findings outside the changed lines: listed in the body. */
  offDiff: ReportedFinding[];
  /** Findings already at the base (baseline: true): counted, never commented. */
  preExisting: ReportedFinding[];
}

export function selectForReview(report: ScanReport): ReviewSelection {
  const shown = publishable(report);
  const fresh = shown.filter((f) => f.baseline !== true);
  return {
    onLines: fresh.filter((f) => f.inDiff !== false),
    offDiff: fresh.filter((f) => f.inDiff === false),
    preExisting: shown.filter((f) => f.baseline === true),
  };
}

/** "2 new findings, 14 pre-existing", and why "none" is not "clean" (clean.ts's verdict) when the run is not clean. */
export function reviewHeadline(report: ScanReport, s: ReviewSelection): string {
  const fresh = s.onLines.length + s.offDiff.length;
  const counts = `${fresh === 0 ? 'no new findings' : plural(fresh, 'new finding')}${s.preExisting.length ? `, ${s.preExisting.length} pre-existing` : ''}`;
  const verdict = verdictOf(report);
  if (verdict.clean) return `${counts} — clean${verdict.suppressed.length ? ` (${plural(verdict.suppressed.length, 'finding')} suppressed, listed below)` : ''}`;
  const incomplete = report.status !== 'complete' || !report.coverage.complete;
  // New findings speak for themselves; a run that missed something, or "no new findings" that is not clean, says why.
  if (fresh > 0 && !incomplete) return counts;
  const state = report.status === 'failed' ? 'FAILED' : incomplete ? 'INCOMPLETE' : 'NOT CLEAN';
  return `${counts} — the run is ${state} (${verdict.notClean.join('; ') || report.status}), so this is not a clean bill`;
}
