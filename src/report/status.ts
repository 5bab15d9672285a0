// The one place a report's status, "clean" and its reasons are decided, from its counts, chunks, coverage and
// dependency section. The report phase (join.ts) and a re-read with today's suppressions (resuppress.ts) both call
// it, so a dismissal after the scan cannot make a report clean that the scan itself would not call clean.
import type { ScanReport } from '../artifacts/schemas/scan-report.ts';
import { dependencyNotClean } from './dependencies.ts';
import { plural } from './text.ts';

export interface StatusInputs {
  counts: ScanReport['counts'];
  chunks: ScanReport['chunks'];
  coverage: { filesInScope: number; filesScanned: number; complete: boolean };
  dependencies: ScanReport['dependencies'] | undefined;
}

export type ReportStatus = Pick<ScanReport, 'status' | 'clean' | 'notClean'>;

export function reportStatus(inputs: StatusInputs): ReportStatus {
  const { counts, chunks, coverage } = inputs;
  const status: ScanReport['status'] = chunks.failed > 0 ? 'failed' : chunks.unreviewed > 0 || (counts.byVerdict.unreviewed ?? 0) > 0 ? 'incomplete' : 'complete';
  const notClean = [...notCleanReasons(counts, chunks, coverage.filesInScope, coverage.filesScanned), ...dependencyNotClean(inputs.dependencies)];
  return { status, clean: notClean.length === 0 && status === 'complete' && coverage.complete, notClean };
}

/** Why a run is not clean; empty only when nothing is confirmed, pending, unreviewed, failed or uncovered. */
function notCleanReasons(counts: ScanReport['counts'], chunks: ScanReport['chunks'], inScope: number, scanned: number): string[] {
  const reasons: string[] = [];
  const v = counts.byVerdict;
  if (v.confirmed) reasons.push(plural(v.confirmed, 'confirmed finding'));
  if (v.unreviewed) reasons.push(`${plural(v.unreviewed, 'finding')} not reviewed`);
  if (v['manual-review']) reasons.push(`${plural(v['manual-review'], 'finding')} waiting for a person's decision`);
  if (chunks.failed) reasons.push(`${plural(chunks.failed, 'chunk')} failed`);
  if (chunks.unreviewed) reasons.push(`${plural(chunks.unreviewed, 'chunk')} not reviewed`);
  if (scanned < inScope) reasons.push(`${inScope - scanned} of ${plural(inScope, 'in-scope file')} not covered`);
  if (inScope === 0) reasons.push('no in-scope source files were found, so nothing was checked');
  return reasons;
}
