// The few error classes, grouped by what the top level does with them (exit code).
// Outcomes are data; only these infrastructure and contract failures throw.

/** Exit codes used by every command. */
export const ExitCode = {
  /** Completed; nothing confirmed at or above --fail-on. */
  ok: 0,
  /** Completed with confirmed findings at or above --fail-on. */
  findings: 1,
  /** Usage or configuration error. */
  usage: 2,
  /** Failed phase, integrity failure, budget exhausted or incomplete run. */
  failed: 3,
} as const;

/** The caller asked for something malformed: bad flag, missing target, bad config. Exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly exitCode = ExitCode.usage;
}

/** A phase could not produce a valid artifact, or its input was missing or invalid. Exit 3. */
export class PhaseError extends Error {
  override readonly name = 'PhaseError';
  readonly exitCode = ExitCode.failed;
}

/** An integrity rule was broken: changed source, path escape, mismatched resume, held lock. Exit 3. */
export class IntegrityError extends Error {
  override readonly name = 'IntegrityError';
  readonly exitCode = ExitCode.failed;
}

/** A model provider failed; `retryable` says whether trying again may help. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly exitCode = ExitCode.failed;
  constructor(
    message: string,
    readonly kind: 'rate-limit' | 'server' | 'timeout' | 'network' | 'auth' | 'invalid-output' | 'budget' | 'other',
    readonly retryable: boolean,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export type BugHunterError = UsageError | PhaseError | IntegrityError | ProviderError;

/** Exit code for anything thrown: known errors carry theirs; anything else is a failed run. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof UsageError || error instanceof PhaseError || error instanceof IntegrityError || error instanceof ProviderError) {
    return error.exitCode;
  }
  return ExitCode.failed;
}
