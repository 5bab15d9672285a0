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

/** What each exit code means in one line, for docs/cli.md (README.md's exit-code table gives every case). */
export const EXIT_CODE_MEANINGS: Readonly<Record<(typeof ExitCode)[keyof typeof ExitCode], string>> = {
  [ExitCode.ok]: 'completed; nothing confirmed at or above --fail-on',
  [ExitCode.findings]: 'completed with confirmed findings at or above --fail-on',
  [ExitCode.usage]: 'usage or configuration error',
  [ExitCode.failed]: 'could not check what was asked: failed phase, integrity failure, budget exhausted or incomplete run; nothing checked or read (unless --allow-uncovered); an in-scope file a configured engine reads left unread (too large …); files in a language no configured engine reads only with --require-coverage',
};

/** Every error bug-hunter throws on purpose: a clear message for the user, its exit code, and the error it came from. */
export abstract class BugHunterError extends Error {
  abstract readonly exitCode: 2 | 3;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The caller asked for something malformed: bad flag, missing target, bad config, a precondition unmet. Exit 2. */
export class UsageError extends BugHunterError {
  override readonly name: string = 'UsageError';
  readonly exitCode = ExitCode.usage;
}

/** A phase could not produce a valid artifact, or its input was missing or invalid. Exit 3. */
export class PhaseError extends BugHunterError {
  override readonly name: string = 'PhaseError';
  readonly exitCode = ExitCode.failed;
}

/** An integrity rule was broken: changed source, path escape, mismatched resume, held lock. Exit 3. */
export class IntegrityError extends BugHunterError {
  override readonly name: string = 'IntegrityError';
  readonly exitCode = ExitCode.failed;
}

/** Something bug-hunter depends on failed: git, the sandbox, the file system. Not the user's fault, not a bug here. Exit 3. */
export class InfrastructureError extends BugHunterError {
  override readonly name: string = 'InfrastructureError';
  readonly exitCode = ExitCode.failed;
}

/** A bug in bug-hunter itself (a phase asking for a role it does not declare …): exit 3, and the top level says
 * it is a bug, as for any error outside this family. */
export class InternalError extends BugHunterError {
  override readonly name: string = 'InternalError';
  readonly exitCode = ExitCode.failed;
}

export type ProviderErrorKind = 'rate-limit' | 'server' | 'timeout' | 'network' | 'auth' | 'invalid-output' | 'budget' | 'other';

/** A model provider failed; `retryable` says whether trying again may help. Exit 3. */
export class ProviderError extends BugHunterError {
  override readonly name: string = 'ProviderError';
  readonly exitCode = ExitCode.failed;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  constructor(
    message: string,
    readonly kind: ProviderErrorKind,
    readonly retryable: boolean,
    details: { status?: number | undefined; retryAfterMs?: number | undefined; cause?: unknown } = {},
  ) {
    super(message, 'cause' in details ? { cause: details.cause } : undefined);
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** What the top level does with anything thrown: the message to print, the exit code, and whether it is a bug here. */
export interface ErrorOutcome {
  exitCode: number;
  message: string;
  /** An InternalError, or neither a BugHunterError nor a system error: a bug in bug-hunter. */
  internal: boolean;
}

/** A Node system error (ENOSPC, EACCES, EMFILE …) that escaped: the machine failed, not bug-hunter's logic. */
function isSystemError(error: Error): boolean {
  const e = error as NodeJS.ErrnoException;
  return typeof e.code === 'string' && typeof e.syscall === 'string';
}

/** The one place a thrown value is matched: every command, script and the process shell go through it. */
export function classifyThrown(error: unknown): ErrorOutcome {
  if (error instanceof InternalError) return { exitCode: error.exitCode, message: error.message, internal: true };
  if (error instanceof BugHunterError) return { exitCode: error.exitCode, message: error.message, internal: false };
  if (error instanceof Error && isSystemError(error)) return { exitCode: ExitCode.failed, message: error.message, internal: false };
  return { exitCode: ExitCode.failed, message: error instanceof Error ? error.message : String(error), internal: true };
}

/** Exit code for anything thrown: known errors carry theirs; anything else is a failed run. */
export function exitCodeFor(error: unknown): number {
  return classifyThrown(error).exitCode;
}

/** The error and its causes, one per line, with stacks: what BUG_HUNTER_DEBUG=1 prints. */
export function debugText(error: unknown): string {
  const lines: string[] = [];
  for (let e: unknown = error, depth = 0; e !== undefined && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    lines.push(`${depth === 0 ? '' : 'caused by: '}${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    if (!(e instanceof Error)) break;
  }
  return lines.join('\n');
}
