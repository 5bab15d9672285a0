// I/O: reads one listed file safely. Never follows a symlink without checking it stays in the repository,
// never blocks on a FIFO (O_NONBLOCK), never reads past the size limit. Problems come back as skips.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { join, relative } from 'node:path';
import type { SkippedFile } from '../../artifacts/schemas/triage.ts';
import { containPath, toPosix } from '../../integrity/paths.ts';

export type ReadOutcome = { kind: 'bytes'; bytes: Buffer } | { kind: 'skip'; reason: SkippedFile['reason']; detail: string };

// O_NOFOLLOW makes opening a symlink fail with ELOOP, so a link is noticed without an extra lstat per file.
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

const skip = (reason: SkippedFile['reason'], detail: string): ReadOutcome => ({ kind: 'skip', reason, detail });

function kindOf(st: Stats): string {
  if (st.isFIFO()) return 'FIFO';
  if (st.isSocket()) return 'socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'device';
  return 'special file';
}

function readOpened(fd: number, maxBytes: number): ReadOutcome {
  const st = fstatSync(fd);
  if (st.isDirectory()) return skip('not-source', 'a folder, not a file (a submodule, nested repository or linked folder)');
  if (!st.isFile()) return skip('unreadable', `not a regular file (${kindOf(st)})`);
  if (st.size > maxBytes) return skip('huge', `${st.size} bytes, over the ${maxBytes}-byte limit`);
  // One read of the size fstat gave (readFileSync would fstat again); a file that shrank meanwhile is cut short.
  const bytes = Buffer.allocUnsafe(st.size);
  let filled = 0;
  while (filled < st.size) {
    const n = readSync(fd, bytes, filled, st.size - filled, null);
    if (n === 0) break;
    filled += n;
  }
  return { kind: 'bytes', bytes: filled === st.size ? bytes : bytes.subarray(0, filled) };
}

function readPath(absolute: string, maxBytes: number): ReadOutcome | 'link' {
  let fd: number;
  try {
    fd = openSync(absolute, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'ELOOP') return 'link';
    return skip('unreadable', code === 'ENOENT' ? 'listed but missing from the working tree' : `cannot be opened (${code})`);
  }
  try {
    return readOpened(fd, maxBytes);
  } catch (error) {
    return skip('unreadable', `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  } finally {
    closeSync(fd);
  }
}

/** Reads root/path. `listed` holds every listed path, so a link to a listed file is reported as a duplicate. */
export function readListedFile(root: string, path: string, maxBytes: number, listed: ReadonlySet<string>): ReadOutcome {
  const direct = readPath(join(root, path), maxBytes);
  if (direct !== 'link') return direct;
  // Realpath first: a symlink inside the repo may point outside it.
  const contained = containPath(root, path);
  if (!contained.ok) {
    return contained.reason === 'escapes' ? skip('symlink-escape', contained.detail) : skip('unreadable', `dangling symlink (${contained.detail})`);
  }
  const target = toPosix(relative(root, contained.absolute));
  if (listed.has(target)) return skip('duplicate', `symlink to ${target}, triaged under that path`);
  const viaLink = readPath(contained.absolute, maxBytes);
  return viaLink === 'link' ? skip('unreadable', 'symlink loop') : viaLink;
}
