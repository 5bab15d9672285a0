// Which files an investigation settled: examined to the end (coverage "scanned") with no candidate thrown out there.
// A candidate whose evidence did not match the source is a report we could not check, so an open finding in that
// file is not "no longer reported" — it stays queued for the next examination instead of being closed as fixed.
import type { Coverage } from '../../artifacts/schemas/coverage.ts';
import type { HunterFindings } from '../../artifacts/schemas/hunter-findings.ts';

export function settledFiles(coverage: Coverage | undefined, hunter: HunterFindings | undefined): Set<string> {
  const unchecked = new Set((hunter?.chunks ?? []).flatMap((c) => c.rejected.flatMap((r) => (r.file ? [r.file] : []))));
  return new Set((coverage?.files ?? []).filter((f) => f.status === 'scanned' && !unchecked.has(f.path)).map((f) => f.path));
}
