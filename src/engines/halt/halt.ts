// The one safety stop of watch, work and the fixer. A failure that is the world's, not the work's own (a model
// provider, git, the sandbox or the file system failed), is systemic; HALT_AFTER of them in a row stop the loop,
// because the next piece of work would most likely fail the same way. Anything that goes through clears the run. Pure.
import { InfrastructureError, ProviderError } from '../../foundations/errors.ts';

/** Systemic failures in a row that stop watch, the work queue and the fixer. */
export const HALT_AFTER = 3;

/** Whether a thrown error is systemic: a model provider or something bug-hunter depends on failed. */
export function isSystemic(error: unknown): boolean {
  return error instanceof ProviderError || error instanceof InfrastructureError;
}

/** The systemic failures of the current run, and their causes oldest first (for the summary). */
export interface FailureRun {
  count: number;
  causes: string[];
}

export function noFailures(): FailureRun {
  return { count: 0, causes: [] };
}

/** The run after `failures` more systemic failures (one by default) with this cause. */
export function failedAgain(run: FailureRun, cause: string, failures = 1): FailureRun {
  return { count: run.count + failures, causes: [...run.causes, cause] };
}

export function mustHalt(run: FailureRun, limit = HALT_AFTER): boolean {
  return run.count >= limit;
}
