// When and how long to wait before trying a failed call again: exponential backoff with jitter,
// honouring the provider's retry-after. The delay rule is pure; the sleep is abortable.
import type { ProviderError } from '../../foundations/errors.ts';

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Milliseconds to wait after failed attempt `attempt` (1-based), or null to give up. */
export function backoffDelay(attempt: number, policy: RetryPolicy, error: ProviderError, random: () => number = Math.random): number | null {
  if (!error.retryable || attempt >= policy.maxAttempts) return null;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  // "Equal jitter": at least half the backoff, so retries spread out without collapsing to zero.
  const jittered = ceiling / 2 + random() * (ceiling / 2);
  if (error.retryAfterMs === undefined) return Math.round(jittered);
  // The provider said when; waiting less is pointless, waiting longer than we allow means giving up now.
  if (error.retryAfterMs > policy.maxDelayMs) return null;
  return Math.round(Math.max(error.retryAfterMs, jittered));
}
