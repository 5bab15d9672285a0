// Pack files of the evidence cache: the entries of one kind a phase computed, written together as one file
// (<dir>/<kind>/pack-<16 hex>.jsonl, one entry envelope per line, the same envelope a single entry file holds)
// instead of one file each. Creating a file costs about 0.4-0.7 ms of system time on ext4 (open, rename, the
// directory update), and a first scan of 1,900 files made 5,700 of them: 2-4 s of CPU, more wall time under load.
// A pack is written like any artifact (temp file, fsync, rename, directory fsync): it appears whole or not at all,
// so a crash loses at most the entries not yet packed, which the next run computes again. Lines are checked
// like entry files when read (store.ts); this file only finds them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { writeChunksAtomic } from '../../foundations/fs/atomic.ts';
import type { CacheKind } from './kinds.ts';

export const PACK = /^pack-[0-9a-f]{16}\.jsonl$/;
/** A pack larger than this is not read (a first scan of 50,000 files packs about 200 MB per kind; more is damage). */
export const MAX_PACK_BYTES = 1024 * 1024 * 1024;

/** One entry's line: what JSON.stringify writes for the envelope, key first after the kind, so a pack is indexed without parsing it. */
export function packLine(kind: CacheKind, key: string, value: unknown): string {
  return JSON.stringify({ schemaVersion: 1, kind, key, value });
}

/** Writes the lines as a new pack of `kind` (durably: one fsync per pack); returns its path. */
export function writePack(dir: string, kind: CacheKind, lines: readonly string[]): string {
  const path = join(dir, kind, `pack-${randomBytes(8).toString('hex')}.jsonl`);
  writeChunksAtomic(path, lines.flatMap((line) => [line, '\n']));
  return path;
}

export interface PackedLine {
  line: string;
  pack: string;
}

export interface PackIndex {
  /** Key → its line and pack; a key in several packs: the newest pack's line. */
  lines: Map<string, PackedLine>;
  /** Each pack's modification time when indexed (for the LRU touch). */
  mtimes: Map<string, number>;
}

/** Every line of the kind's packs, by key. A pack that cannot be read or is too large is reported and skipped. */
export function readPackIndex(dir: string, kind: CacheKind, unreadable: (path: string, why: string) => void): PackIndex {
  const index: PackIndex = { lines: new Map(), mtimes: new Map() };
  let names: string[];
  try {
    names = readdirSync(join(dir, kind)).filter((n) => PACK.test(n));
  } catch {
    return index;
  }
  const packs: { path: string; mtimeMs: number }[] = [];
  for (const name of names) {
    const path = join(dir, kind, name);
    try {
      const st = statSync(path);
      if (!st.isFile()) continue;
      if (st.size > MAX_PACK_BYTES) unreadable(path, `larger than ${MAX_PACK_BYTES} bytes`);
      else packs.push({ path, mtimeMs: st.mtimeMs });
    } catch {
      // Removed meanwhile by another run's prune.
    }
  }
  // Oldest first, so a newer pack's line replaces an older one's.
  packs.sort((a, b) => a.mtimeMs - b.mtimeMs || (a.path < b.path ? -1 : 1));
  const prefix = `{"schemaVersion":1,"kind":${JSON.stringify(kind)},"key":"`;
  for (const { path, mtimeMs } of packs) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      unreadable(path, `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      continue;
    }
    index.mtimes.set(path, mtimeMs);
    for (const line of text.split('\n')) {
      // A line that does not start like an envelope of this kind answers no key; one that does is checked in full when
      // looked up. Lookups are by hex keys, so a line whose 64 characters there are not one is simply never asked for.
      if (line.startsWith(prefix)) index.lines.set(line.slice(prefix.length, prefix.length + 64), { line, pack: path });
    }
  }
  return index;
}

/** How many entry lines a pack holds (for `cache stats` and prune's counts); 0 when it cannot be read. */
export function packEntryCount(path: string): number {
  try {
    const text = readFileSync(path, 'utf8');
    let n = 0;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n += 1;
    return n;
  } catch {
    return 0;
  }
}
