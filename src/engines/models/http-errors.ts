// Maps what an SDK or fetch throws to a ProviderError with a kind and retryability, and reads retry-after.
// Duck-typed on status/headers/name so no SDK is imported here.
import { ProviderError } from '../../foundations/errors.ts';
import type { Redactor } from './redact.ts';

interface HttpishError {
  status?: unknown;
  headers?: unknown;
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

function header(headers: unknown, name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  const value = (headers as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
}

/** retry-after-ms (milliseconds) or retry-after (seconds or an HTTP date), when present and sane. */
export function retryAfterMs(headers: unknown, now = Date.now()): number | undefined {
  const ms = Number.parseFloat(header(headers, 'retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = header(headers, 'retry-after');
  if (raw === null) return undefined;
  const seconds = Number.parseFloat(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

function errorCode(error: HttpishError): string | undefined {
  for (let e: HttpishError | undefined = error, depth = 0; e && depth < 4; e = e.cause as HttpishError | undefined, depth += 1) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

export function classifyError(error: unknown, provider: string, redact: Redactor): ProviderError {
  // A failure of ours that the SDK wrapped (an answer over the byte cap) keeps its own kind and message.
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as HttpishError).cause, depth += 1) {
    if (e instanceof ProviderError) return e;
  }
  const e = (error ?? {}) as HttpishError;
  const message = redact(typeof e.message === 'string' ? e.message : String(error));
  const what = `Provider '${provider}'`;
  const status = typeof e.status === 'number' ? e.status : undefined;
  if (status !== undefined) {
    const after = retryAfterMs(e.headers);
    if (status === 429) return new ProviderError(`${what} is rate-limiting (429): ${message}`, 'rate-limit', true, { status, retryAfterMs: after, cause: error });
    if (status === 401 || status === 403) {
      return new ProviderError(`${what} refused the credentials (${status}): ${message}. Check the key in the environment variable named by apiKeyEnv.`, 'auth', false, { status, cause: error });
    }
    if (status === 408) return new ProviderError(`${what} timed out the request (408): ${message}`, 'timeout', true, { status, retryAfterMs: after, cause: error });
    if (status >= 500 || status === 409) return new ProviderError(`${what} failed (${status}): ${message}`, 'server', true, { status, retryAfterMs: after, cause: error });
    return new ProviderError(`${what} rejected the request (${status}): ${message}`, 'other', false, { status, cause: error });
  }
  const name = typeof e.name === 'string' ? e.name : '';
  if (name.includes('Timeout')) return new ProviderError(`${what} did not answer in time: ${message}`, 'timeout', true, { cause: error });
  const code = errorCode(e);
  if (name.includes('Connection') || (code && NETWORK_CODES.has(code))) {
    return new ProviderError(`${what} connection failed${code ? ` (${code})` : ''}: ${message}`, 'network', true, { cause: error });
  }
  return new ProviderError(`${what} call failed: ${message}`, 'other', false, { cause: error });
}
