// The kinds of work the evidence cache keeps, one folder each under the cache directory, and the per-run
// counters every kind reports (shown by `bug-hunter cache stats` and recorded in cache-usage.json).

export const CACHE_KINDS = ['static', 'recon', 'recon-files', 'threat', 'threat-model', 'code-index', 'model', 'cross-file', 'cross-file-calls'] as const;
export type CacheKind = (typeof CACHE_KINDS)[number];

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
