// Pure edits of suppressions.json: add (or re-word) a dismissal by fingerprint, remove one, look one up.
import type { SuppressionEntry, Suppressions } from '../../artifacts/schemas/memory.ts';
import type { ReportedFinding, ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { isKeyOf } from '../findings/rekey.ts';
import { analysedCopy } from '../findings/related.ts';

export function emptySuppressions(): Suppressions {
  return { schemaVersion: 1, artifact: 'suppressions', entries: [] };
}

/** Adds the entry; a fingerprint already dismissed keeps its place and takes the new reason, person and date. */
export function addSuppression(current: Suppressions | undefined, entry: SuppressionEntry): { next: Suppressions; replaced: SuppressionEntry | null } {
  const base = current ?? emptySuppressions();
  const replaced = base.entries.find((e) => e.fingerprint === entry.fingerprint) ?? null;
  const entries = replaced ? base.entries.map((e) => (e === replaced ? entry : e)) : [...base.entries, entry];
  return { next: { ...base, entries }, replaced };
}

/** Removes the dismissal whose fingerprint (or recorded finding id) is `ref`. */
export function removeSuppression(current: Suppressions | undefined, ref: string): { next: Suppressions; removed: SuppressionEntry | null } {
  const base = current ?? emptySuppressions();
  const removed = base.entries.find((e) => e.fingerprint === ref) ?? base.entries.find((e) => e.findingId === ref) ?? null;
  return { next: { ...base, entries: base.entries.filter((e) => e !== removed) }, removed };
}

/** A finding of the report by id (BH-…) or by fingerprint. */
export function findReported(report: ScanReport, ref: string): ReportedFinding | undefined {
  return (
    report.findings.find((f) => f.finding.id === ref) ??
    report.findings.find((f) => isKeyOf(ref, f.finding)) ??
    // A bundle copy's own id or fingerprint names the finding it was folded into (the same bug).
    report.findings.find((f) => (f.relatedLocations ?? []).some((r) => analysedCopy(r) && (r.findingId === ref || r.fingerprint === ref)))
  );
}

export const FINGERPRINT_PATTERN = /^[0-9a-f]{16,64}$/;
