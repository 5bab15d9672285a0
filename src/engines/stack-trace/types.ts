// A stack trace as logged, parsed into the thrown error and its frames, innermost first: what an incident (a bug
// reported by a person) starts from, and what repro reads from a failing test's output. Plain data.

export const TRACE_RUNTIMES = ['node', 'python', 'go'] as const;
export type TraceRuntime = (typeof TRACE_RUNTIMES)[number];

export interface TraceFrame {
  /** The path as the runtime printed it (file:// stripped), e.g. /srv/app/src/user.js or node:internal/… */
  path: string;
  line: number;
  column?: number;
  /** The function as printed, normalised ('new Cart' → 'Cart', '[as alias]' dropped); null when anonymous. */
  function: string | null;
  /** A frame inside the runtime itself (node:internal, CPython's own library, Go's runtime). */
  runtime: boolean;
}

export interface StackTrace {
  runtime: TraceRuntime;
  /** The error's class or kind: 'TypeError', 'KeyError', 'panic'. Module prefixes are dropped. */
  errorType: string;
  /** The message after the type (first line kept whole; later lines joined by newlines). */
  message: string;
  /** Innermost (where it was thrown) first. */
  frames: TraceFrame[];
}
