// Reading source for a chunk under the integrity rules: contained path, readable, UTF-8, same hash as recorded.
import { closeSync, constants, openSync, readFileSync, readlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { sha256 } from '../../foundations/hashing/hash.ts';
import { containPath, isInside } from '../../foundations/fs/paths.ts';

/** `missing`: the path names nothing (so a reader can tell a deleted file from an unreadable one). */
export type CheckedSource = { ok: true; content: string; sha256: string } | { ok: false; reason: string; missing?: true };

const decoder = new TextDecoder('utf-8', { fatal: true });

export function readSource(root: string, path: string): CheckedSource {
  const opened = openContained(root, path);
  if (!opened.ok) return opened;
  let bytes: Buffer;
  try {
    bytes = readFileSync(opened.fd);
  } catch (error) {
    return { ok: false, reason: `${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  } finally {
    closeSync(opened.fd);
  }
  let content: string;
  try {
    content = decoder.decode(bytes);
  } catch {
    return { ok: false, reason: `${path} is no longer valid UTF-8` };
  }
  return { ok: true, content, sha256: sha256(bytes) };
}

/** Reads and checks the file still has the hash recorded at triage. */
export function readSourceAtHash(root: string, path: string, expected: string): CheckedSource {
  const source = readSource(root, path);
  if (!source.ok) return source;
  if (source.sha256 !== expected) return { ok: false, reason: `${path} changed since it was recorded (hash ${expected.slice(0, 12)} → ${source.sha256.slice(0, 12)})` };
  return source;
}

/** A reader of repository files at their recorded hashes (path → sha256): content, or undefined for a file the run
 * did not record, or one that changed or cannot be read since. */
export function readerAtHashes(root: string, hashes: ReadonlyMap<string, string>): (path: string) => string | undefined {
  return (path) => {
    const hash = hashes.get(path);
    if (!hash) return undefined;
    const source = readSourceAtHash(root, path, hash);
    return source.ok ? source.content : undefined;
  };
}

// Not following a link in the last component, not waiting on a FIFO, never taking a terminal.
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0);
let procFds: boolean | undefined;

type Opened = { ok: true; fd: number } | { ok: false; reason: string; missing?: true };

/**
 * Opens a repository-relative file and checks, on the open descriptor, that the file lies inside the repository:
 * the kernel names the file behind it (/proc/self/fd), so nothing can change between the check and the read. That
 * is one system call where realpath makes one per path component, and every phase reads every source. A link as
 * the last component, or a system without /proc, goes the way of containPath: resolved first, opened after.
 */
function openContained(root: string, path: string): Opened {
  const joined = resolve(root, path);
  if (!isInside(root, joined)) return { ok: false, reason: `${path} resolves outside the repository` };
  if (procFds === false) return openResolved(root, path);
  let fd: number;
  try {
    fd = openSync(joined, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return openResolved(root, path);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, reason: `${path} does not exist`, missing: true };
    return { ok: false, reason: `${path} cannot be read (${code ?? 'error'})` };
  }
  let real: string;
  try {
    real = readlinkSync(`/proc/self/fd/${fd}`);
    procFds = true;
  } catch {
    closeSync(fd);
    procFds = false;
    return openResolved(root, path);
  }
  if (!isInside(root, real)) {
    closeSync(fd);
    return { ok: false, reason: `${path} is a link to ${real}, outside the repository` };
  }
  return { ok: true, fd };
}

function openResolved(root: string, path: string): Opened {
  const contained = containPath(root, path);
  if (!contained.ok) return { ok: false, reason: contained.detail, ...(contained.reason === 'missing' ? { missing: true as const } : {}) };
  try {
    return { ok: true, fd: openSync(contained.absolute, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0)) };
  } catch (error) {
    return { ok: false, reason: `${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
}
