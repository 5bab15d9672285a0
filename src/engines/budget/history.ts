// Reads past runs' recorded usage from usage.json as calibration data for estimate().
import { readUsage, usagePath } from './ledger.ts';
import type { CalibrationRun } from './estimate.ts';

/** Past runs that recorded a plan and used tokens or were timed (static-engine runs), oldest first; `excludeRunId` skips the current run. */
export function readCalibrationHistory(outDir: string, excludeRunId?: string): CalibrationRun[] {
  return readUsage(usagePath(outDir))
    .runs.filter((r) => r.plan !== undefined && r.runId !== excludeRunId && (r.totals.inputTokens + r.totals.outputTokens > 0 || r.wallMs !== undefined))
    .map((r) => ({
      plan: r.plan as NonNullable<typeof r.plan>,
      tokens: r.totals.inputTokens + r.totals.outputTokens,
      ...(r.wallMs !== undefined ? { wallMs: r.wallMs } : {}),
    }));
}
