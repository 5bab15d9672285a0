// The one place publish talks to GitHub's REST API: Octokit with GitHub's own throttling plugin (retry-after,
// x-ratelimit-reset, secondary limits, a pause between writes) and retry plugin (5xx), both bounded. Errors come
// out as UsageError / PhaseError with the token scrubbed, whatever the server echoed back.
import { Octokit } from '@octokit/rest';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import Bottleneck from 'bottleneck';
import { bufferedCappedFetch } from '../net/capped-fetch.ts';
import { BugHunterError, PhaseError, UsageError } from '../../foundations/errors.ts';
import { TOOL_NAME, TOOL_VERSION } from '../../foundations/version.ts';
import type { RepoRef } from './repo.ts';
import { repoSlug } from './repo.ts';
import type { GitHubSettings } from './settings.ts';

export const MAX_RATE_LIMIT_RETRIES = 3;
// A reset further away than this is reported instead of waited for.
export const MAX_RATE_LIMIT_WAIT_S = 15 * 60;
// The largest answer read from the API: a page of 100 issues at GitHub's 65,536-character body limit, JSON-escaped.
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

const Client = Octokit.plugin(throttling, retry);
export type GitHub = InstanceType<typeof Client>;

export interface ClientOptions {
  token: string;
  settings: GitHubSettings;
  /** Progress lines (rate-limit waits); the token never reaches them. */
  notice: (line: string) => void;
}

export function createClient({ token, settings, notice }: ClientOptions): GitHub {
  const scrub = tokenScrubber(token);
  const onLimit = (kind: string) => (retryAfter: number, options: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
    const retrying = retryCount < MAX_RATE_LIMIT_RETRIES && retryAfter <= MAX_RATE_LIMIT_WAIT_S;
    notice(scrub(`GitHub ${kind} on ${options.method} ${options.url}: ${retrying ? `waiting ${retryAfter} s (retry ${retryCount + 1} of ${MAX_RATE_LIMIT_RETRIES})` : 'giving up'}.`));
    return retrying;
  };
  const quiet = () => undefined;
  return new Client({
    auth: token,
    baseUrl: settings.apiUrl,
    request: { fetch: bufferedCappedFetch(MAX_ANSWER_BYTES, (max) => new PhaseError(`GitHub (${settings.apiUrl}) sent an answer over ${max / 1048576} MiB, the most bug-hunter reads; reading stopped there. Check the API behind GITHUB_API_URL.`)) },
    userAgent: `${TOOL_NAME}/${TOOL_VERSION}`,
    log: { debug: quiet, info: quiet, warn: (m: string) => notice(scrub(String(m))), error: quiet },
    throttle: {
      onRateLimit: onLimit('rate limit'),
      onSecondaryRateLimit: onLimit('secondary rate limit'),
      // GitHub asks for a pause between writes, and a longer one between writes that notify people.
      write: new Bottleneck.Group({ maxConcurrent: 1, minTime: settings.writePaceMs }),
      notifications: new Bottleneck.Group({ maxConcurrent: 1, minTime: settings.writePaceMs * 3 }),
    },
    // Rate limits (403, 429) are the throttling plugin's; this one retries server errors only.
    retry: { doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451], retries: 2 },
  });
}

/** Replaces every occurrence of the token (and of its first 12 characters, a common truncation) with [token]. */
export function tokenScrubber(token: string): (text: string) => string {
  const needles = [token, ...(token.length > 24 ? [token.slice(0, 12)] : [])].filter((n) => n.length >= 4);
  return (text) => needles.reduce((out, n) => out.split(n).join('[token]'), text);
}

interface HttpError {
  status?: number;
  message?: string;
  response?: { headers?: Record<string, string | number | undefined> };
}

/** A failed GitHub call as the error the CLI maps to an exit code: 401/404 are setup problems (exit 2), the rest exit 3. */
export function gitHubError(error: unknown, what: string, repo: RepoRef, token: string): Error {
  // Already ours (a listing that did not end, an answer over the cap, which Octokit wraps as a 500): it says what happened.
  if (error instanceof BugHunterError) return error;
  if ((error as { cause?: unknown })?.cause instanceof BugHunterError) return (error as { cause: BugHunterError }).cause;
  const scrub = tokenScrubber(token);
  const e = error as HttpError;
  const status = typeof e?.status === 'number' ? e.status : undefined;
  const said = scrub(String(e?.message ?? error)).slice(0, 300);
  if (status === 401) return new UsageError(`GitHub refused the token while trying to ${what} (401: ${said}). Check GITHUB_TOKEN / GH_TOKEN.`);
  if (status === 404) return new UsageError(`GitHub answered 404 while trying to ${what}: ${repoSlug(repo)} does not exist or the token cannot see it. Check --repo and the token's access.`);
  if (status === 403 || status === 429) {
    const reset = Number(e.response?.headers?.['x-ratelimit-reset']);
    const when = Number.isFinite(reset) && reset > 0 ? ` The limit resets at ${new Date(reset * 1000).toISOString()}.` : '';
    return new PhaseError(`GitHub refused to ${what} (${status}: ${said}).${when} Nothing after this step was done; publish again later.`);
  }
  return new PhaseError(`Could not ${what} on GitHub (${status ?? 'no answer'}: ${said}).`);
}
