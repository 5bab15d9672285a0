// Loads runScan from the orchestrator at run time, so the benchmark builds and tests before the scan exists
// and says clearly what is missing when it does not.
import type { ScanRequest, ScanResult } from '../orchestrator/types.ts';
import { PhaseError } from '../errors.ts';

export type ScanFn = (request: ScanRequest) => Promise<ScanResult>;

export async function loadRunScan(specifier = '../orchestrator/scan.ts'): Promise<ScanFn> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(specifier)) as Record<string, unknown>;
  } catch (error) {
    throw new PhaseError(
      `The benchmark needs runScan from src/orchestrator/scan.ts, which could not be loaded (${(error as Error).message.split('\n')[0]}). Build the scan pipeline first, then rerun 'pnpm benchmark'.`,
    );
  }
  if (typeof mod.runScan !== 'function') {
    throw new PhaseError('src/orchestrator/scan.ts does not export a runScan function; the benchmark cannot scan the cases.');
  }
  return mod.runScan as ScanFn;
}
