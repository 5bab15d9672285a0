// The I/O of the job summary: in GitHub Actions ($GITHUB_STEP_SUMMARY set), scan and merge append their Markdown
// summary to that file. A failed append is a warning on stderr; it never changes the run's exit code.
import { appendFileSync } from 'node:fs';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { renderStepSummary, type SummaryHints } from '../review/step-summary.ts';

export function appendStepSummary(env: NodeJS.ProcessEnv, report: ScanReport | null, hints: SummaryHints, warn: (line: string) => void): void {
  const path = env.GITHUB_STEP_SUMMARY;
  if (!path || !report) return;
  try {
    appendFileSync(path, renderStepSummary(report, hints));
  } catch (error) {
    warn(`warning: could not append the job summary to GITHUB_STEP_SUMMARY (${path}): ${(error as Error).message}\n`);
  }
}
