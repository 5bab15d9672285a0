// What is in a cache folder (entries and bytes per kind) and pruning it: entries older than an age, then the
// least recently used (a hit refreshes an entry's mtime) until the folder fits a size. Only files named like
// entries are counted or removed; anything else in the folder is left alone.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_KINDS, type CacheKind } from './kinds.ts';

export interface CacheFile {
  kind: CacheKind;
  path: string;
  bytes: number;
  mtimeMs: number;
}

const SHARD = /^[0-9a-f]{2}$/;
const ENTRY = /^[0-9a-f]{64}\.json$/;
// Left by a writer that died between writing and renaming (see src/fs/atomic.ts).
const TEMP = /^\.[0-9a-f]{64}\.json\.\d+\.[0-9a-f]+\.tmp$/;
/** A temp file younger than this may belong to a run writing right now. */
const TEMP_GRACE_MS = 3_600_000;

function list(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Every entry file (and stale temp file) in the cache folder. */
export function cacheFiles(dir: string): { entries: CacheFile[]; temps: CacheFile[] } {
  const entries: CacheFile[] = [];
  const temps: CacheFile[] = [];
  for (const kind of CACHE_KINDS) {
    for (const shard of list(join(dir, kind)).filter((s) => SHARD.test(s))) {
      for (const name of list(join(dir, kind, shard))) {
        const into = ENTRY.test(name) ? entries : TEMP.test(name) ? temps : undefined;
        if (!into) continue;
        const path = join(dir, kind, shard, name);
        try {
          const st = statSync(path);
          if (st.isFile()) into.push({ kind, path, bytes: st.size, mtimeMs: st.mtimeMs });
        } catch {
          // Removed meanwhile by another run's prune.
        }
      }
    }
  }
  return { entries, temps };
}

export type KindSizes = Record<CacheKind, { entries: number; bytes: number }>;

export function sizesOf(entries: readonly CacheFile[]): KindSizes {
  const sizes = Object.fromEntries(CACHE_KINDS.map((k) => [k, { entries: 0, bytes: 0 }])) as KindSizes;
  for (const e of entries) {
    sizes[e.kind].entries += 1;
    sizes[e.kind].bytes += e.bytes;
  }
  return sizes;
}

export interface PrunePolicy {
  /** Remove entries not written or hit for this long (ms). */
  olderThanMs?: number;
  /** Then remove the least recently used until the total is at most this many bytes. */
  maxBytes?: number;
}

/** Pure: which entries the policy removes (by age first, then oldest first until the rest fits). */
export function choosePrunes(entries: readonly CacheFile[], policy: PrunePolicy, now: number): CacheFile[] {
  const doomed = new Set<CacheFile>();
  if (policy.olderThanMs !== undefined) for (const e of entries) if (now - e.mtimeMs > policy.olderThanMs) doomed.add(e);
  if (policy.maxBytes !== undefined) {
    let total = entries.filter((e) => !doomed.has(e)).reduce((n, e) => n + e.bytes, 0);
    const oldestFirst = entries.filter((e) => !doomed.has(e)).sort((a, b) => a.mtimeMs - b.mtimeMs || (a.path < b.path ? -1 : 1));
    for (const e of oldestFirst) {
      if (total <= policy.maxBytes) break;
      doomed.add(e);
      total -= e.bytes;
    }
  }
  return [...doomed];
}

export interface PruneResult {
  removed: KindSizes;
  kept: KindSizes;
  staleTemps: number;
}

export function pruneCache(dir: string, policy: PrunePolicy, now = Date.now()): PruneResult {
  const { entries, temps } = cacheFiles(dir);
  const doomed = choosePrunes(entries, policy, now);
  const gone = new Set(doomed);
  for (const e of doomed) rmSync(e.path, { force: true });
  const staleTemps = temps.filter((t) => now - t.mtimeMs > TEMP_GRACE_MS);
  for (const t of staleTemps) rmSync(t.path, { force: true });
  return { removed: sizesOf(doomed), kept: sizesOf(entries.filter((e) => !gone.has(e))), staleTemps: staleTemps.length };
}
