// The I/O shell of resuppress.ts: a stored report with today's suppressions.json applied, each entry's source read
// from git under the report's own policy (--no-repo-suppressions, the diff's base), for `report` and `publish`.
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { loadSuppressions } from '../suppress/sources.ts';
import { applySuppressions, policyOf } from './resuppress.ts';

export function withTodaysSuppressions(target: string, stored: ScanReport): ScanReport {
  return applySuppressions(stored, loadSuppressions(target, policyOf(stored)));
}
