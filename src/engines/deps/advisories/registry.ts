// The npm registry's bulk advisory endpoint (what `npm audit` asks): POST /-/npm/v1/security/advisories/bulk
// with { name: [versions] }. Asked only with --advisories registry. Any failure (a mirror answering 405,
// a network error, a malformed answer) comes back as a reason: never as "no advisories".
// A good answer is cached with its fetch date under the artifact folder and reused for a day.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import type { Severity } from '../../../artifacts/schemas/common.ts';
import { writeJsonAtomic } from '../../../foundations/fs/atomic.ts';
import { sha256 } from '../../../foundations/hashing/hash.ts';
import { objectAt } from '../lockfiles/types.ts';
import { cappedFetch } from '../../net/capped-fetch.ts';
import type { Advisory } from './types.ts';
import { InfrastructureError } from '../../../foundations/errors.ts';

export const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';
export const BULK_PATH = '-/npm/v1/security/advisories/bulk';
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
const TIMEOUT_MS = 30_000;
const CACHE_MS = 24 * 60 * 60 * 1000;
const SEVERITY: Record<string, Severity> = { critical: 'critical', high: 'high', moderate: 'medium', low: 'low', info: 'info' };

class AnswerTooLarge extends InfrastructureError {
  override readonly name: string = 'AnswerTooLarge';
}

export type RegistryAdvisories = { ok: true; advisories: Advisory[]; fetchedAt: string; cached: boolean } | { ok: false; reason: string };

export async function fetchRegistryAdvisories(registry: string, request: Record<string, string[]>, cacheDir: string, now = new Date()): Promise<RegistryAdvisories> {
  const url = new URL(BULK_PATH, registry.endsWith('/') ? registry : `${registry}/`).href;
  const body = JSON.stringify(request);
  const cacheFile = join(cacheDir, `registry-${sha256(`${url}\n${body}`).slice(0, 16)}.json`);
  const cached = readCache(cacheFile, now);
  if (cached) return { ok: true, advisories: toAdvisories(cached.answer), fetchedAt: cached.fetchedAt, cached: true };
  let text: string;
  try {
    // Read with a cap: past it the download stops there, not after the whole answer is in memory.
    const capped = cappedFetch(MAX_ANSWER_BYTES, (max) => new AnswerTooLarge(`${url} answered more than ${max / 1048576} MiB`));
    const response = await capped(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
    if (!response.ok) {
      return { ok: false, reason: `${url} answered ${response.status} ${response.statusText}${response.status === 405 ? ' (this registry or mirror does not offer the bulk advisory endpoint)' : ''}` };
    }
    text = await response.text();
  } catch (error) {
    return { ok: false, reason: error instanceof AnswerTooLarge ? error.message : `${url} could not be reached (${(error as Error).message})` };
  }
  let answer: Record<string, unknown> | undefined;
  try {
    answer = objectAt(JSON.parse(text));
  } catch {
    answer = undefined;
  }
  if (!answer) return { ok: false, reason: `${url} answered something that is not a JSON object` };
  const fetchedAt = now.toISOString();
  mkdirSync(cacheDir, { recursive: true });
  writeJsonAtomic(cacheFile, { fetchedAt, url, request, answer });
  return { ok: true, advisories: toAdvisories(answer), fetchedAt, cached: false };
}

function readCache(file: string, now: Date): { fetchedAt: string; answer: Record<string, unknown> } | undefined {
  try {
    const c = objectAt(JSON.parse(readFileSync(file, 'utf8')));
    const answer = objectAt(c?.answer);
    const fetchedAt = typeof c?.fetchedAt === 'string' ? c.fetchedAt : '';
    const age = now.getTime() - Date.parse(fetchedAt);
    return answer && age >= 0 && age < CACHE_MS ? { fetchedAt, answer } : undefined;
  } catch {
    return undefined;
  }
}

// { name: [{ id, url, title, severity, vulnerable_versions, cwe }] } → advisories; entries that do not fit are skipped.
function toAdvisories(answer: Record<string, unknown>): Advisory[] {
  return Object.entries(answer).flatMap(([name, list]) =>
    (Array.isArray(list) ? list : []).flatMap((item): Advisory[] => {
      const a = objectAt(item);
      const range = typeof a?.vulnerable_versions === 'string' ? a.vulnerable_versions : undefined;
      if (!a || !range || !semver.validRange(range)) return [];
      const severity = SEVERITY[String(a.severity)] ?? 'medium';
      return [
        {
          id: typeof a.url === 'string' && /GHSA-[\w-]+$/.test(a.url) ? a.url.slice(a.url.lastIndexOf('/') + 1) : `npm-${String(a.id)}`,
          aliases: [],
          summary: typeof a.title === 'string' ? a.title : `advisory ${String(a.id)}`,
          severity,
          severitySource: `npm registry severity ${String(a.severity)}`,
          ...(typeof a.url === 'string' ? { url: a.url } : {}),
          cwe: Array.isArray(a.cwe) ? a.cwe.filter((c): c is string => typeof c === 'string' && /^CWE-\d+$/.test(c)) : [],
          affected: [{ name, ranges: [range], versions: [], functions: [] }],
        },
      ];
    }),
  );
}
