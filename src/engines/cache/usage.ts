// The cache-usage.json artifact of a run: the cache's counters per kind, under the run's identity.
import { resolve } from 'node:path';
import type { CacheUsage } from '../../artifacts/schemas/cache-usage.ts';
import type { RunIdentity } from '../../artifacts/schemas/common.ts';
import { stamp } from '../../artifacts/stamp.ts';
import { CACHE_KINDS, emptyCounters, type CacheKind, type KindCounters } from './kinds.ts';
import type { EvidenceCache } from './store.ts';

export function cacheUsageOf(run: RunIdentity, cache: EvidenceCache, now = new Date()): CacheUsage {
  return stamp('cache-usage', { enabled: cache.dir !== null, dir: cache.dir === null ? null : resolve(cache.dir), kinds: cache.counters() }, run, now.toISOString());
}

/** "static 4,980 hits / 20 misses, recon …": the kinds that did anything, for the end-of-run line. */
export function describeCacheUse(usage: CacheUsage): string {
  const parts = Object.entries(countersOf(usage))
    .filter(([, c]) => c.hits + c.misses > 0)
    .map(([kind, c]) => `${kind} ${c.hits} hit(s) / ${c.misses} miss(es)${c.corrupt > 0 ? ` (${c.corrupt} unusable)` : ''}`);
  return parts.length > 0 ? parts.join(', ') : 'no lookups';
}

/** Every kind's counters; a kind the file lacks (written before that kind existed) did no lookups: zero. */
export function countersOf(usage: Pick<CacheUsage, 'kinds'>): Record<CacheKind, KindCounters> {
  const counters = emptyCounters();
  for (const k of CACHE_KINDS) counters[k] = usage.kinds[k] ?? counters[k];
  return counters;
}
