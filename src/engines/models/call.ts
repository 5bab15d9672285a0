// One backend exchange made reliable: concurrency slot, per-call timeout, cancellation, budget reservation
// and charge, and retries with backoff on rate limits, 5xx, resets and timeouts. Output is judged elsewhere.
import type { LimitFunction } from 'p-limit';
import { ProviderError } from '../../foundations/errors.ts';
import type { Logger } from '../../foundations/logger.ts';
import type { Budget } from '../budget/budget.ts';
import type { Backend, BackendRequest, BackendResponse, Role } from './types.ts';
import { classifyError } from './http-errors.ts';
import { backoffDelay, type RetryPolicy } from './retry.ts';
import { sleep } from '../../foundations/sleep.ts';
import type { Redactor } from './redact.ts';
import { approxTokens } from './wire-schema.ts';

/** Thrown when the caller's AbortSignal stops a call; callers tell it from failures by `signal.aborted`. */
export class CallCancelledError extends ProviderError {
  constructor(role: Role, reason: unknown) {
    super(`Model call for role '${role}' was cancelled (${reason instanceof Error ? reason.message : String(reason ?? 'aborted')}).`, 'other', false);
  }
}

export interface CallContext {
  role: Role;
  providerName: string;
  backend: Backend;
  limit: LimitFunction;
  timeoutMs: number;
  retries: RetryPolicy;
  redact: Redactor;
  budget?: Budget;
  log?: Logger;
  random?: () => number;
}

export type CallRequest = Omit<BackendRequest, 'signal' | 'timeoutMs'>;

async function once(ctx: CallContext, req: CallRequest, signal: AbortSignal | undefined): Promise<BackendResponse> {
  if (signal?.aborted) throw new CallCancelledError(ctx.role, signal.reason);
  // Outside the timeout: loading an SDK on a busy machine can take longer than a provider's answer.
  await ctx.backend.prepare?.();
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), ctx.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
  try {
    return await ctx.backend.send({ ...req, signal: combined, timeoutMs: ctx.timeoutMs });
  } catch (error) {
    if (signal?.aborted) throw new CallCancelledError(ctx.role, signal.reason);
    if (timeout.signal.aborted) throw new ProviderError(`Provider '${ctx.providerName}' gave no answer within ${ctx.timeoutMs} ms.`, 'timeout', true);
    throw classifyError(error, ctx.providerName, ctx.redact);
  } finally {
    clearTimeout(timer);
  }
}

/** Sends with retries; returns the response and how many exchanges it took. */
export async function callWithRetries(ctx: CallContext, req: CallRequest, signal: AbortSignal | undefined): Promise<{ response: BackendResponse; attempts: number }> {
  const promptTokens = approxTokens(req.system) + req.turns.reduce((n, t) => n + approxTokens(t.content), 0);
  for (let attempt = 1; ; attempt += 1) {
    if (signal?.aborted) throw new CallCancelledError(ctx.role, signal.reason);
    // Reserve before queueing, so calls waiting for a slot cannot jointly overrun the budget.
    const reservation = ctx.budget?.reserve(promptTokens);
    let failure: ProviderError;
    try {
      const response = await ctx.limit(() => once(ctx, req, signal));
      ctx.budget?.charge(ctx.role, response.model, response.usage);
      return { response, attempts: attempt };
    } catch (error) {
      failure = error instanceof ProviderError ? error : classifyError(error, ctx.providerName, ctx.redact);
    } finally {
      reservation?.release();
    }
    if (failure instanceof CallCancelledError) throw failure;
    const delay = backoffDelay(attempt, ctx.retries, failure, ctx.random);
    if (delay === null) {
      if (attempt > 1 && failure.retryable) {
        throw new ProviderError(`${failure.message} (gave up after ${attempt} attempts)`, failure.kind, failure.retryable, { status: failure.status, retryAfterMs: failure.retryAfterMs, cause: failure });
      }
      throw failure;
    }
    ctx.log?.warn(`${failure.message} Retrying in ${delay} ms (attempt ${attempt + 1} of ${ctx.retries.maxAttempts}).`);
    try {
      await sleep(delay, signal);
    } catch {
      throw new CallCancelledError(ctx.role, signal?.reason);
    }
  }
}
