// The total verification budget: each check gets the smaller of its own timeout and what is left.

export interface Budget {
  /** Timeout to give the next check, or null when too little is left to start one. */
  next(checkTimeoutMs: number): number | null;
  spend(ms: number): void;
  readonly remainingMs: number;
}

/** Below this a check is not started: it could not finish, and a TIMEOUT would say less than SKIPPED_BUDGET. */
export const MIN_CHECK_MS = 1_000;

export function createBudget(totalMs: number): Budget {
  let remaining = totalMs;
  return {
    next(checkTimeoutMs) {
      if (remaining < MIN_CHECK_MS) return null;
      return Math.min(checkTimeoutMs, remaining);
    },
    spend(ms) {
      remaining = Math.max(0, remaining - ms);
    },
    get remainingMs() {
      return remaining;
    },
  };
}
