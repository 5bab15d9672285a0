// The evidence cache's store: one JSON file per entry at <dir>/<kind>/<key[0..2]>/<key>.json, written atomically,
// validated when read; with `batch` (a run's session), the entries of every kind but model answers and whole-set entries are kept in
// memory and written as one pack file per kind at each flush (the end of each phase; pack.ts says why), and looked
// up there too. An entry that is unreadable, malformed or fails its schema is a miss with a warning (and is
// overwritten), never a crash or a silent wrong answer. A hit refreshes the entry's mtime, so prune drops the least
// recently used first (to within TOUCH_AFTER_MS). The store only keeps answers; every caller re-checks a hit as it
// would a fresh answer.
import { closeSync, fstatSync, futimesSync, openSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { validate, describeViolations } from '../../artifacts/validate.ts';
import { writeFileAtomic } from '../../foundations/fs/atomic.ts';
import { emptyCounters, type CacheKind, type KindCounters } from './kinds.ts';
import { packLine, readPackIndex, writePack, type PackIndex } from './pack.ts';
import { literal } from '../../artifacts/schemas/literals.ts';

/** An entry larger than this is not read (a cache file is a few kilobytes; a huge one is damage or a plant). */
export const MAX_ENTRY_BYTES = 8 * 1024 * 1024;
/** Corrupt entries named one by one in warnings; past this, one closing line counts the rest. */
const NAMED_WARNINGS = 5;
/**
 * A hit refreshes an entry's time only when it is older than this: an entry written or hit minutes ago is already
 * young for prune (whose ages are days or hours), and a re-scan saves one write to disk per lookup.
 */
export const TOUCH_AFTER_MS = 10 * 60 * 1000;

/** Exported so the build writes its validator ahead (scripts/build/validators.mjs); the store alone uses it. */
export const Envelope = Type.Object(
  {
    schemaVersion: literal(1),
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
  /**
   * A valid entry for the key, or undefined (counted as a miss; a corrupt one is warned about too). `refuse` says why
   * a value that fits the schema is still no answer for this key (it cites a file outside the set, say): such an
   * entry counts as corrupt, with a warning, like one that fails its schema.
   */
  get<S extends TSchema>(kind: CacheKind, key: string, schema: S, refuse?: (value: Static<S>) => string | undefined): Static<S> | undefined;
  put(kind: CacheKind, key: string, value: unknown): void;
  /** Writes the entries held back (batch mode) as packs; a no-op otherwise. Safe to call at any time. */
  flush(): void;
  counters(): Record<CacheKind, KindCounters>;
}

export interface CacheOptions {
  /** Hold puts in memory and write one pack per kind at flush() (and past BATCH_MAX_BYTES). The UNPACKED_KINDS
   * (model answers, whole-set entries) are never held. */
  batch?: boolean;
}

/**
 * Kinds written one file per entry even in batch mode: model answers (each cost money, and a crash must not lose
 * them) and the whole-set entries (one large entry per set of files: packed, each scan of a changed tree would add
 * one more to the index every lookup of the kind reads first; as files, a lookup opens its own entry only).
 */
const UNPACKED_KINDS: readonly CacheKind[] = ['model', 'recon-files', 'threat-model'];

/** Held entries past this many bytes are packed at once, whatever the phase. */
export const BATCH_MAX_BYTES = 64 * 1024 * 1024;

export function entryPath(dir: string, kind: CacheKind, key: string): string {
  return join(dir, kind, key.slice(0, 2), `${key}.json`);
}

/** A cache that stores nothing and counts nothing: --no-cache. */
export const DISABLED_CACHE: EvidenceCache = {
  dir: null,
  get: () => undefined,
  put: () => undefined,
  flush: () => undefined,
  counters: emptyCounters,
};

export function openCacheDir(dir: string, log: CacheLog, options: CacheOptions = {}): EvidenceCache {
  const counts = emptyCounters();
  // Batch mode: lines not yet packed, by kind and key, and their size; each kind's packs, indexed on first need.
  const held = new Map<CacheKind, Map<string, string>>();
  const heldPuts = new Map<CacheKind, number>();
  let heldBytes = 0;
  const packs = new Map<CacheKind, PackIndex>();
  const touchedPacks = new Set<string>();
  // Entry files found unusable: a batched put replaces them with a packed line, so the file goes (or it would warn every run).
  const unusable = new Set<string>();
  // Lines held in memory (packed or held back) that passed their checks, by kind and key: a second lookup of the
  // same line (the skeptic and the referee ask for the analyses the hunter got) only parses it. A line read from
  // disk again, or another line for the key, is checked again.
  const checkedLines = new Map<string, string>();
  let corruptSeen = 0;
  let writeWarned = false;
  const corrupt = (kind: CacheKind, path: string, why: string) => {
    unusable.add(path);
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
    const checked = checkEntry(kind, key, schema, path, text);
    return checked && { value: checked.value, mtimeMs };
  }

  // The envelope and the value, as read from an entry file or a pack line (`where` names it in warnings).
  function checkEntry(kind: CacheKind, key: string, schema: TSchema, where: string, text: string): { value: unknown } | undefined {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      corrupt(kind, where, `not JSON: ${(error as Error).message}`);
      return undefined;
    }
    const envelope = validate(Envelope, parsed);
    if (!envelope.ok) {
      corrupt(kind, where, describeViolations(envelope.violations));
      return undefined;
    }
    const entry = parsed as Static<typeof Envelope>;
    // The file must hold the entry its name promises: a renamed or copied entry answers nothing.
    if (entry.kind !== kind || entry.key !== key) {
      corrupt(kind, where, `holds ${entry.kind} entry ${entry.key.slice(0, 12)}…, not this one`);
      return undefined;
    }
    const value = validate(schema, entry.value);
    if (!value.ok) {
      corrupt(kind, where, describeViolations(value.violations).replace(/(^|, )\//g, '$1/value/'));
      return undefined;
    }
    return { value: entry.value };
  }

  // A line held back or packed: checked exactly like an entry file, once per line in memory.
  function readLine(kind: CacheKind, key: string, schema: TSchema, where: string, line: string): unknown {
    const id = `${kind}\0${key}`;
    if (checkedLines.get(id) === line) return (JSON.parse(line) as Static<typeof Envelope>).value;
    if (line.length > MAX_ENTRY_BYTES) {
      corrupt(kind, where, `larger than ${MAX_ENTRY_BYTES} bytes`);
      return undefined;
    }
    const checked = checkEntry(kind, key, schema, where, line);
    if (checked) checkedLines.set(id, line);
    return checked?.value;
  }

  function packIndex(kind: CacheKind): PackIndex {
    let index = packs.get(kind);
    if (!index) {
      index = readPackIndex(dir, kind, (path, why) => corrupt(kind, path, why));
      packs.set(kind, index);
    }
    return index;
  }

  function readPacked(kind: CacheKind, key: string, schema: TSchema): unknown {
    const index = packIndex(kind);
    const packed = index.lines.get(key);
    if (!packed) return undefined;
    const value = readLine(kind, key, schema, `${packed.pack} (entry ${key.slice(0, 12)}…)`, packed.line);
    // A hit refreshes the pack's time (once per run), so prune drops the least recently used packs first.
    if (value !== undefined && !touchedPacks.has(packed.pack) && Date.now() - (index.mtimes.get(packed.pack) ?? 0) > TOUCH_AFTER_MS) {
      touchedPacks.add(packed.pack);
      try {
        const now = new Date();
        utimesSync(packed.pack, now, now);
      } catch {
        // A read-only cache still answers; it just ages by its write time.
      }
    }
    return value;
  }

  function lookup(kind: CacheKind, key: string, schema: TSchema): unknown {
    const line = held.get(kind)?.get(key);
    if (line !== undefined) return readLine(kind, key, schema, `an entry of this run (${key.slice(0, 12)}…)`, line);
    // Packs first: a run's session writes only packs, so asking the entry-file path first cost a failed open per
    // lookup (16,000 on a 5,000-file re-scan). A key answered by both holds the same content-addressed answer.
    return readPacked(kind, key, schema) ?? read(kind, key, schema);
  }

  function flush(): void {
    for (const [kind, lines] of held) {
      if (lines.size === 0) continue;
      const list = [...lines];
      const puts = heldPuts.get(kind) ?? 0;
      lines.clear();
      heldPuts.set(kind, 0);
      try {
        const path = writePack(dir, kind, list.map(([, line]) => line));
        counts[kind].writes += puts;
        // Later lookups in this run find the entries in the pack just written.
        const index = packs.get(kind);
        if (index) {
          index.mtimes.set(path, Date.now());
          touchedPacks.add(path);
          for (const [key, line] of list) index.lines.set(key, { line, pack: path });
        }
      } catch (error) {
        writeFailed(error);
      }
    }
    heldBytes = 0;
  }

  function writeFailed(error: unknown): void {
    // A cache that cannot be written costs speed, never the run.
    if (writeWarned) return;
    writeWarned = true;
    log.warn(`cannot write cache entry under ${dir} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); continuing without it.`);
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
    get<S extends TSchema>(kind: CacheKind, key: string, schema: S, refuse?: (value: Static<S>) => string | undefined): Static<S> | undefined {
      let value = lookup(kind, key, schema) as Static<S> | undefined;
      const why = value === undefined ? undefined : refuse?.(value);
      if (why !== undefined) {
        corrupt(kind, entryPath(dir, kind, key), why);
        value = undefined;
      }
      if (value === undefined) counts[kind].misses += 1;
      else counts[kind].hits += 1;
      return value;
    },
    put(kind, key, value) {
      const path = entryPath(dir, kind, key);
      const line = packLine(kind, key, value);
      // An entry over the cap would be refused when read (a miss with a warning, every run): it is not kept.
      if (line.length > MAX_ENTRY_BYTES / 3 && Buffer.byteLength(line) > MAX_ENTRY_BYTES) return;
      if (options.batch && !UNPACKED_KINDS.includes(kind)) {
        let lines = held.get(kind);
        if (!lines) held.set(kind, (lines = new Map()));
        lines.set(key, line);
        heldPuts.set(kind, (heldPuts.get(kind) ?? 0) + 1);
        heldBytes += line.length;
        if (unusable.delete(path)) rmSync(path, { force: true });
        if (heldBytes > BATCH_MAX_BYTES) flush();
        return;
      }
      try {
        writeFileAtomic(path, `${line}\n`, { durable: false });
        counts[kind].writes += 1;
      } catch (error) {
        writeFailed(error);
      }
    },
    flush,
    counters: () => structuredClone(counts),
  };
}
