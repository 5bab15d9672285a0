// A report's status ("complete", "incomplete", "failed") and its clean verdict, from its counts, chunks, coverage,
// dependency section and checks. The report phase (join.ts) and a re-read with today's suppressions (resuppress.ts)
// both call it, so a dismissal after the scan cannot make a report clean that the scan itself would not call clean.
// What "clean" means is decided by clean.ts alone.
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { decideClean, type CleanInputs } from './clean.ts';

export type StatusInputs = CleanInputs;

export type ReportStatus = Pick<ScanReport, 'status' | 'clean' | 'notClean'>;

export function reportStatus(inputs: StatusInputs): ReportStatus {
  const { counts, chunks } = inputs;
  const status: ScanReport['status'] = chunks.failed > 0 ? 'failed' : chunks.unreviewed > 0 || (counts.byVerdict.unreviewed ?? 0) > 0 ? 'incomplete' : 'complete';
  return { status, ...decideClean(inputs) };
}
