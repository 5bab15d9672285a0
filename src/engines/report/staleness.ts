// Which run a stored report belongs to, and whether a newer run started after it and did not finish
// (interrupted, failed or still running): then the report is the previous run's, and a reader must be told. Pure.
import type { RunState } from '../../artifacts/schemas/state.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';

/** "Report of run X (written at T)." */
export function reportOrigin(report: ScanReport): string {
  return `Report of run ${report.run.runId} (written ${report.generatedAt}).`;
}

/** A warning when state.json holds a newer run than the report and that run did not complete; null otherwise. */
export function newerRunWarning(report: ScanReport, state: RunState | undefined): string | null {
  if (!state || state.run.runId === report.run.runId || state.status === 'completed') return null;
  // A run started by `phase triage` goes on by hand, phase by phase: it has no --resume.
  if (state.command.startsWith('bug-hunter phase ')) {
    return (
      `This report is from the previous run ${report.run.runId}: a newer run ${state.run.runId} (started ${state.startedAt} by '${state.command}') has no report yet. ` +
      `Run its phases by hand up to 'bug-hunter phase report' (a phase refused for want of earlier ones prints them, oldest first), or start a new scan.`
    );
  }
  const how = state.status === 'running' ? 'is still running or was killed' : state.status === 'interrupted' ? 'was interrupted' : 'failed';
  return (
    `This report is from the previous run ${report.run.runId}: a newer run ${state.run.runId} (started ${state.startedAt}) ${how} and wrote no report. ` +
    `Continue it with '${state.command} --resume', or start a new scan.`
  );
}
