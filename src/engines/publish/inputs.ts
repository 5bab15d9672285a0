// What publish reads: the last scan-report.json with today's suppressions.json applied (a dismissal made after
// the scan counts), and the ledger that says which findings were fixed.
import type { Ledger, Suppressions } from '../../artifacts/schemas/memory.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { hasArtifact, readArtifact } from '../../artifacts/store.ts';
import { UsageError } from '../../foundations/errors.ts';
import { withTodaysSuppressions } from '../report/resuppress-today.ts';
import { readMemory } from '../suppress/lock.ts';

export interface PublishInputs {
  report: ScanReport;
  suppressions: Suppressions | undefined;
  ledger: Ledger | undefined;
}

export function readPublishInputs(target: string, artifactDir: string): PublishInputs {
  if (!hasArtifact(artifactDir, 'scan-report')) {
    throw new UsageError(`No scan report in ${artifactDir}. Run 'bug-hunter scan' first (or pass --from to where it wrote).`);
  }
  const stored = readArtifact(artifactDir, 'scan-report');
  const suppressions = readMemory(target, 'suppressions');
  return { report: withTodaysSuppressions(target, stored), suppressions, ledger: readMemory(target, 'ledger') };
}
