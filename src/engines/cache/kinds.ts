// The kinds of work the evidence cache keeps, one folder each under the cache directory, and the per-run
// counters every kind reports (shown by `bug-hunter cache stats` and recorded in cache-usage.json).
import { CACHE_KINDS, type CacheKind } from '../../artifacts/schemas/literals.ts';
export { CACHE_KINDS };
export type { CacheKind };

export interface KindCounters {
  /** Answers taken from the cache (still re-checked by the caller, as fresh ones are). */
  hits: number;
  /** Lookups that found nothing usable and computed the answer. */
  misses: number;
  /** Of the misses: entries present but unreadable or invalid (each warned about, then overwritten). */
  corrupt: number;
  /** Entries written this run. */
  writes: number;
}

export function emptyCounters(): Record<CacheKind, KindCounters> {
  return Object.fromEntries(CACHE_KINDS.map((k) => [k, { hits: 0, misses: 0, corrupt: 0, writes: 0 }])) as Record<CacheKind, KindCounters>;
}
