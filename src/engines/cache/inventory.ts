// What is in a cache folder (entries and bytes per kind) and pruning it: entries older than an age, then the
// least recently used (a hit refreshes an entry's mtime) until the folder fits a size. Only files named like
// entries or packs are counted or removed; anything else in the folder is left alone. A pack (pack.ts) is one unit:
// kept or removed whole, counted by the entries it holds.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_KINDS, type CacheKind } from './kinds.ts';
import { PACK, packEntryCount } from './pack.ts';

export interface CacheFile {
  kind: CacheKind;
  path: string;
  bytes: number;
  mtimeMs: number;
  /** Entries the file holds: 1 for an entry file, its lines for a pack. */
  entries: number;
}

const SHARD = /^[0-9a-f]{2}$/;
const ENTRY = /^[0-9a-f]{64}\.json$/;
// Left by a writer that died between writing and renaming (see src/foundations/fs/atomic.ts).
const TEMP = /^\.(?:[0-9a-f]{64}\.json|pack-[0-9a-f]{16}\.jsonl)\.\d+\.[0-9a-f]+\.tmp$/;
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
  const add = (into: CacheFile[], kind: CacheKind, path: string, pack: boolean) => {
    try {
      const st = statSync(path);
      if (st.isFile()) into.push({ kind, path, bytes: st.size, mtimeMs: st.mtimeMs, entries: pack ? packEntryCount(path) : 1 });
    } catch {
      // Removed meanwhile by another run's prune.
    }
  };
  for (const kind of CACHE_KINDS) {
    for (const name of list(join(dir, kind))) {
      if (PACK.test(name)) add(entries, kind, join(dir, kind, name), true);
      else if (TEMP.test(name)) add(temps, kind, join(dir, kind, name), false);
      else if (SHARD.test(name)) {
        for (const inner of list(join(dir, kind, name))) {
          const into = ENTRY.test(inner) ? entries : TEMP.test(inner) ? temps : undefined;
          if (into) add(into, kind, join(dir, kind, name, inner), false);
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
    sizes[e.kind].entries += e.entries;
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
