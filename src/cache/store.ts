// The evidence cache's store: one JSON file per entry at <dir>/<kind>/<key[0..2]>/<key>.json, written atomically,
// validated when read. An entry that is unreadable, malformed or fails its schema is a miss with a warning (and is
// overwritten), never a crash or a silent wrong answer. A hit refreshes the entry's mtime, so prune drops the least
// recently used first (to within TOUCH_AFTER_MS). The store only keeps answers; every caller re-checks a hit as it
// would a fresh answer.
import { closeSync, fstatSync, futimesSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { validate, describeViolations } from '../artifacts/validate.ts';
import { writeFileAtomic } from '../fs/atomic.ts';
import { emptyCounters, type CacheKind, type KindCounters } from './kinds.ts';

/** An entry larger than this is not read (a cache file is a few kilobytes; a huge one is damage or a plant). */
export const MAX_ENTRY_BYTES = 8 * 1024 * 1024;
/** Corrupt entries named one by one in warnings; past this, one closing line counts the rest. */
const NAMED_WARNINGS = 5;
/**
 * A hit refreshes an entry's time only when it is older than this: an entry written or hit minutes ago is already
 * young for prune (whose ages are days or hours), and a re-scan saves one write to disk per lookup.
 */
export const TOUCH_AFTER_MS = 10 * 60 * 1000;

/** Exported so the build writes its validator ahead (scripts/build-validators.mjs); the store alone uses it. */
export const Envelope = Type.Object(
  {
    schemaVersion: Type.Literal(1),
    kind: Type.String(),
    key: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    value: Type.Unknown(),
  },
  { additionalProperties: false },
);

export interface CacheLog {
  warn(message: string): void;
}

export interface EvidenceCache {
  /** The folder, or null when the cache is off (--no-cache, or refused). */
  readonly dir: string | null;
  /** A valid entry for the key, or undefined (counted as a miss; a corrupt one is warned about too). */
  get<S extends TSchema>(kind: CacheKind, key: string, schema: S): Static<S> | undefined;
  put(kind: CacheKind, key: string, value: unknown): void;
  counters(): Record<CacheKind, KindCounters>;
}

export function entryPath(dir: string, kind: CacheKind, key: string): string {
  return join(dir, kind, key.slice(0, 2), `${key}.json`);
}

/** A cache that stores nothing and counts nothing: --no-cache. */
export const DISABLED_CACHE: EvidenceCache = {
  dir: null,
  get: () => undefined,
  put: () => undefined,
  counters: emptyCounters,
};

export function openCacheDir(dir: string, log: CacheLog): EvidenceCache {
  const counts = emptyCounters();
  let corruptSeen = 0;
  let writeWarned = false;
  const corrupt = (kind: CacheKind, path: string, why: string) => {
    counts[kind].corrupt += 1;
    corruptSeen += 1;
    if (corruptSeen <= NAMED_WARNINGS) log.warn(`cache entry ${path} is unusable (${why}); treated as a miss and recomputed.`);
    else if (corruptSeen === NAMED_WARNINGS + 1) log.warn('more unusable cache entries; treated as misses too (counted in cache-usage.json).');
  };

  function read(kind: CacheKind, key: string, schema: TSchema): unknown {
    const path = entryPath(dir, kind, key);
    // One open per lookup: size, content and the hit's new time all go through the descriptor (a re-scan looks up
    // every file of the tree several times, so each path lookup saved counts).
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') corrupt(kind, path, `cannot be read: ${code ?? (error as Error).message}`);
      return undefined;
    }
    try {
      const entry = readOpen(kind, key, schema, path, fd);
      if (entry && Date.now() - entry.mtimeMs > TOUCH_AFTER_MS) touch(fd);
      return entry?.value;
    } finally {
      closeSync(fd);
    }
  }

  function readOpen(kind: CacheKind, key: string, schema: TSchema, path: string, fd: number): { value: unknown; mtimeMs: number } | undefined {
    let text: string;
    let mtimeMs: number;
    try {
      const stat = fstatSync(fd);
      if (stat.size > MAX_ENTRY_BYTES) {
        corrupt(kind, path, `larger than ${MAX_ENTRY_BYTES} bytes`);
        return undefined;
      }
      mtimeMs = stat.mtimeMs;
      text = readFileSync(fd, 'utf8');
    } catch (error) {
      corrupt(kind, path, `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      return undefined;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      corrupt(kind, path, `not JSON: ${(error as Error).message}`);
      return undefined;
    }
    const envelope = validate(Envelope, parsed);
    if (!envelope.ok) {
      corrupt(kind, path, describeViolations(envelope.violations));
      return undefined;
    }
    const entry = parsed as Static<typeof Envelope>;
    // The file must hold the entry its name promises: a renamed or copied entry answers nothing.
    if (entry.kind !== kind || entry.key !== key) {
      corrupt(kind, path, `holds ${entry.kind} entry ${entry.key.slice(0, 12)}…, not this one`);
      return undefined;
    }
    const value = validate(schema, entry.value);
    if (!value.ok) {
      corrupt(kind, path, describeViolations(value.violations).replace(/(^|, )\//g, '$1/value/'));
      return undefined;
    }
    return { value: entry.value, mtimeMs };
  }

  // A hit refreshes the entry's time, so prune drops the least recently used first.
  function touch(fd: number): void {
    try {
      const now = new Date();
      futimesSync(fd, now, now);
    } catch {
      // A read-only cache still answers; it just ages by its write time.
    }
  }

  return {
    dir,
    get<S extends TSchema>(kind: CacheKind, key: string, schema: S): Static<S> | undefined {
      const value = read(kind, key, schema);
      if (value === undefined) counts[kind].misses += 1;
      else counts[kind].hits += 1;
      return value as Static<S> | undefined;
    },
    put(kind, key, value) {
      try {
        writeFileAtomic(entryPath(dir, kind, key), `${JSON.stringify({ schemaVersion: 1, kind, key, value })}\n`, { durable: false });
        counts[kind].writes += 1;
      } catch (error) {
        // A cache that cannot be written costs speed, never the run.
        if (writeWarned) return;
        writeWarned = true;
        log.warn(`cannot write cache entry under ${dir} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); continuing without it.`);
      }
    },
    counters: () => structuredClone(counts),
  };
}
