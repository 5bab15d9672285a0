// Atomic file writes: temp file in the same folder, fsync, rename. A reader never sees half a file.
// Large JSON is written in pieces through one small buffer, so a 30 MB artifact never exists as one string or Buffer
// (fresh memory is slow to touch, and it raised peak memory by the size of the file twice over).
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';

// Pieces are encoded into a buffer of this size and written when it fills: few syscalls, little memory.
const WRITE_BUFFER = 1 << 20;

export interface AtomicWriteOptions {
  /** false: skip the fsyncs. Still atomic (a reader sees the old file or the new one), but a crash may lose the
   * write; for re-computable data that is validated when read (cache entries), where thousands of fsyncs cost more
   * than the work they save. Default true. */
  durable?: boolean;
  /** Permission bits of the new file (default 0o644); 0o600 for a file only its owner may read. */
  mode?: number;
}

function writeAtomically(path: string, fill: (fd: number) => void, options: AtomicWriteOptions = {}): void {
  const durable = options.durable ?? true;
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(temp, 'w', options.mode ?? 0o644);
  try {
    fill(fd);
    if (durable) fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  if (durable) fsyncDir(dir);
}

// writeSync may write less than asked (a full disk, a signal); loop until every byte is down.
function writeAll(fd: number, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
}

export function writeFileAtomic(path: string, content: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  writeAtomically(path, (fd) => writeAll(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content), options);
}

/** Writes the text pieces in order as UTF-8; the file appears whole or not at all. */
export function writeChunksAtomic(path: string, chunks: Iterable<string>, options: AtomicWriteOptions = {}): void {
  writeAtomically(path, (fd) => {
    const buffer = Buffer.allocUnsafeSlow(WRITE_BUFFER);
    let used = 0;
    for (const chunk of chunks) {
      // A UTF-16 code unit never takes more than 3 UTF-8 bytes, so a piece that passes this check fits whole.
      if (used + chunk.length * 3 > buffer.length) {
        writeAll(fd, buffer.subarray(0, used));
        used = 0;
      }
      if (chunk.length * 3 > buffer.length) writeAll(fd, Buffer.from(chunk, 'utf8'));
      else used += buffer.write(chunk, used, 'utf8');
    }
    writeAll(fd, buffer.subarray(0, used));
  }, options);
}

/**
 * `JSON.stringify(value, null, 2) + '\n'`, written in pieces, except that a top-level array of more than
 * COMPACT_ARRAY elements has one compact element per line: one file record per line reads and greps as well,
 * and is a third smaller and several times cheaper to produce than indenting 50,000 records. A top-level object
 * of more than COMPACT_ARRAY members (state.json's records by path) has one compact member per line, likewise.
 */
export function writeJsonAtomic(path: string, value: unknown, options: AtomicWriteOptions = {}): void {
  writeChunksAtomic(path, jsonChunks(value), options);
}

export const COMPACT_ARRAY = 1000;

// JSON.stringify(value, null, 2) as it appears one level deep. Strings never hold a raw newline (JSON escapes
// it), so every newline is layout and can take the extra indent.
function nestedJson(value: unknown): string | undefined {
  const text = JSON.stringify(value, null, 2) as string | undefined;
  return text === undefined ? undefined : text.replaceAll('\n', '\n  ');
}

// Elements are joined into pieces of about this many characters: one piece per element (50,000 for a large
// triage.json) cost a generator step, a buffer write and a digest update each, a sixth of writing the file.
const PIECE_CHARS = 1 << 16;

/** `lead`, then the array's elements one compact element per line, in pieces of about PIECE_CHARS. */
function compactLines(lead: string, member: readonly unknown[]): Generator<string> {
  // As in JSON.stringify, an element with no JSON form (undefined, a function) becomes null.
  return compactItems(`${lead}[`, member.length, (i) => (JSON.stringify(member[i]) as string | undefined) ?? 'null', '\n  ]');
}

/** `lead`, then the object's members one compact member per line ("key":value), in pieces of about PIECE_CHARS. */
function* compactMembers(lead: string, member: Record<string, unknown>): Generator<string> {
  // As in JSON.stringify, a member with no JSON form (undefined, a function) is left out.
  const items = Object.entries(member).flatMap(([key, value]) => {
    const text = JSON.stringify(value) as string | undefined;
    return text === undefined ? [] : [`${JSON.stringify(key)}:${text}`];
  });
  // Every member left out: `{}`, as JSON.stringify writes an object with none.
  if (items.length === 0) yield `${lead}{}`;
  else yield* compactItems(`${lead}{`, items.length, (i) => items[i]!, '\n  }');
}

function* compactItems(open: string, count: number, item: (i: number) => string, close: string): Generator<string> {
  let lines = [open];
  let size = 0;
  for (let i = 0; i < count; i++) {
    const line = `${i === 0 ? '' : ','}\n    ${item(i)}`;
    lines.push(line);
    size += line.length;
    if (size >= PIECE_CHARS) {
      yield lines.join('');
      lines = [];
      size = 0;
    }
  }
  lines.push(close);
  yield lines.join('');
}

/** An object JSON writes member by member: not null, not an array, no toJSON of its own. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/** A plain object with more than COMPACT_ARRAY members (state.json's file records), written like a long array. */
function isLargeRecord(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  let count = 0;
  for (const _key in value) if (++count > COMPACT_ARRAY) return true;
  return false;
}

/** The text writeJsonAtomic writes, in pieces (exported for tests). */
export function* jsonChunks(value: unknown): Generator<string> {
  if (!isPlainObject(value)) {
    yield `${JSON.stringify(value, null, 2)}\n`;
    return;
  }
  let first = true;
  for (const [key, member] of Object.entries(value)) {
    const lead = `${first ? '{' : ','}\n  ${JSON.stringify(key)}: `;
    if (Array.isArray(member) && member.length > COMPACT_ARRAY) {
      yield* compactLines(lead, member);
    } else if (isLargeRecord(member)) {
      yield* compactMembers(lead, member);
    } else {
      // As in JSON.stringify, a member with no JSON form is left out.
      const text = nestedJson(member);
      if (text === undefined) continue;
      yield lead + text;
    }
    first = false;
  }
  yield first ? '{}\n' : '\n}\n';
}

// The rename is durable only once the folder entry is flushed too.
function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some filesystems refuse fsync on a directory; the rename itself is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
