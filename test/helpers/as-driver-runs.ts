// A phase run as the driver runs it: the driver (src/driver/run-phase.ts) adds the hint to re-run the producer of an
// unusable input, so a test of that message runs the phase through the same step.
import { withRerunHint } from '../../src/driver/hints.ts';

export function asDriverRuns<T>(run: Promise<T>): Promise<T> {
  return run.catch(async (error: unknown) => {
    throw await withRerunHint(error);
  });
}
