// I/O: reads one listed file safely. Never follows a symlink without checking it stays in the repository,
// never blocks on a FIFO (O_NONBLOCK), never reads past the size limit. Problems come back as skips.
// The bytes land in one reused buffer: they are valid until the next read, so use them (or copy them) at once.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { join, relative } from 'node:path';
import type { SkippedFile } from '../../artifacts/schemas/triage.ts';
import { containPath, toPosix } from '../../foundations/fs/paths.ts';
import { rawEntry } from './raw-name.ts';

export type ReadOutcome = { kind: 'bytes'; bytes: Buffer } | { kind: 'skip'; reason: SkippedFile['reason']; detail: string };

/** What one open/fstat/read gave, before it is worded. */
export type RawRead =
  | { kind: 'bytes'; bytes: Buffer }
  | { kind: 'link' }
  | { kind: 'open-failed'; code: string }
  | { kind: 'raw-name'; name: string }
  | { kind: 'folder' }
  | { kind: 'special'; what: string }
  | { kind: 'huge'; size: number }
  | { kind: 'read-failed'; code: string };

// O_NOFOLLOW makes opening a symlink fail with ELOOP, so a link is noticed without an extra lstat per file.
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

// Reused for every file: a fresh Buffer per file cost more in allocation and garbage collection than the read itself.
let scratch = Buffer.allocUnsafeSlow(64 * 1024);

const skip = (reason: SkippedFile['reason'], detail: string): ReadOutcome => ({ kind: 'skip', reason, detail });

function kindOf(st: Stats): string {
  if (st.isFIFO()) return 'FIFO';
  if (st.isSocket()) return 'socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'device';
  return 'special file';
}

/** Words a raw result as an outcome ('link' is left to the caller, which knows the root). */
function describeRead(raw: Exclude<RawRead, { kind: 'link' }>, maxBytes: number): ReadOutcome {
  switch (raw.kind) {
    case 'bytes':
      return raw;
    case 'open-failed':
      return skip('unreadable', raw.code === 'ENOENT' ? 'listed but missing from the working tree' : `cannot be opened (${raw.code})`);
    case 'raw-name':
      return skip('unreadable', `file name is not valid UTF-8 (${raw.name}), so no engine can open it by name: rename it to scan it`);
    case 'folder':
      return skip('not-source', 'a folder, not a file (a submodule, nested repository or linked folder)');
    case 'special':
      return skip('unreadable', `not a regular file (${raw.what})`);
    case 'huge':
      return skip('huge', `${raw.size} bytes, over the ${maxBytes}-byte limit`);
    case 'read-failed':
      return skip('unreadable', `cannot be read (${raw.code})`);
  }
}

function readOpened(fd: number, maxBytes: number): RawRead {
  const st = fstatSync(fd);
  if (st.isDirectory()) return { kind: 'folder' };
  if (!st.isFile()) return { kind: 'special', what: kindOf(st) };
  if (st.size > maxBytes) return { kind: 'huge', size: st.size };
  // One read of the size fstat gave (readFileSync would fstat again); a file that shrank meanwhile is cut short.
  if (scratch.length < st.size) scratch = Buffer.allocUnsafeSlow(Math.max(st.size, 2 * scratch.length));
  let filled = 0;
  while (filled < st.size) {
    const n = readSync(fd, scratch, filled, st.size - filled, null);
    if (n === 0) break;
    filled += n;
  }
  return { kind: 'bytes', bytes: scratch.subarray(0, filled) };
}

function readPath(absolute: string, maxBytes: number): RawRead {
  let fd: number;
  try {
    fd = openSync(absolute, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return code === 'ELOOP' ? { kind: 'link' } : { kind: 'open-failed', code };
  }
  try {
    return readOpened(fd, maxBytes);
  } catch (error) {
    return { kind: 'read-failed', code: (error as NodeJS.ErrnoException).code ?? 'error' };
  } finally {
    closeSync(fd);
  }
}

/** A path that opened as a symlink: read its target only when it stays inside the root and was not listed itself. */
export function readLinked(root: string, path: string, maxBytes: number, listed: ReadonlySet<string>): ReadOutcome {
  // Realpath first: a symlink inside the repo may point outside it.
  const contained = containPath(root, path);
  if (!contained.ok) {
    return contained.reason === 'escapes' ? skip('symlink-escape', contained.detail) : skip('unreadable', `dangling symlink (${contained.detail})`);
  }
  const target = toPosix(relative(root, contained.absolute));
  if (listed.has(target)) return skip('duplicate', `symlink to ${target}, triaged under that path`);
  const viaLink = readPath(contained.absolute, maxBytes);
  return viaLink.kind === 'link' ? skip('unreadable', 'symlink loop') : describeRead(viaLink, maxBytes);
}

/** Reads root/path, or says it is a symlink (left to readLinked); the bytes are valid until the next call. */
export function readUnlinked(root: string, path: string, maxBytes: number): ReadOutcome | { kind: 'link' } {
  const direct = readPath(join(root, path), maxBytes);
  // A name that is not UTF-8 reaches us decoded with U+FFFD in place of its bytes: look it up by its raw bytes.
  if (direct.kind === 'open-failed' && direct.code === 'ENOENT' && path.includes('\uFFFD')) {
    const raw = rawEntry(root, path);
    if (raw) return describeRead({ kind: 'raw-name', name: raw }, maxBytes);
  }
  return direct.kind === 'link' ? direct : describeRead(direct, maxBytes);
}

/** Reads root/path; the bytes are valid until the next call. `listed` holds every listed path, so a link to a listed file is reported as a duplicate. */
export function readListedFile(root: string, path: string, maxBytes: number, listed: ReadonlySet<string>): ReadOutcome {
  const direct = readUnlinked(root, path, maxBytes);
  return direct.kind === 'link' ? readLinked(root, path, maxBytes, listed) : direct;
}
