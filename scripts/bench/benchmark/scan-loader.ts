// Loads runScan from the orchestrator at run time, so the benchmark builds and tests before the scan exists
// and says clearly what is missing when it does not.
import type { ScanRequest, ScanResult } from '../../../src/driver/scan-types.ts';
import { PhaseError } from '../../../src/foundations/errors.ts';

export type ScanFn = (request: ScanRequest) => Promise<ScanResult>;

// A literal path, so the CLI's bundle holds the pipeline as a chunk (scripts/build/bundle.mjs refuses a computed one:
// it would load a second, unbundled copy of every module).
const importScan = (): Promise<Record<string, unknown>> => import('../../../src/driver/scan.ts');

export async function loadRunScan(load: () => Promise<Record<string, unknown>> = importScan): Promise<ScanFn> {
  let mod: Record<string, unknown>;
  try {
    mod = await load();
  } catch (error) {
    throw new PhaseError(
      `The benchmark needs runScan from src/driver/scan.ts, which could not be loaded (${(error as Error).message.split('\n')[0]}). Build the scan pipeline first, then rerun 'pnpm benchmark'.`,
    );
  }
  if (typeof mod.runScan !== 'function') {
    throw new PhaseError('src/driver/scan.ts does not export a runScan function; the benchmark cannot scan the cases.');
  }
  return mod.runScan as ScanFn;
}
