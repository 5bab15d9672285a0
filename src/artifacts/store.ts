// Reading and writing artifacts in a .bug-hunter/ folder: validated on every read and write, written atomically.
// A missing, malformed or schema-failing artifact is an UnusableArtifactError naming the file, the pointer and the
// rule; the driver adds which phase to run (src/driver/hints.ts derives it from the phase declarations).
import { createHash, type Hash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Static } from '@sinclair/typebox';
import { PhaseError } from '../foundations/errors.ts';
import { jsonChunks, writeChunksAtomic } from '../foundations/fs/atomic.ts';
import { sha256 } from '../foundations/hashing/hash.ts';
import { ARTIFACTS, type ArtifactName } from './registry.ts';
import { checkRead, checkWrite } from './contract.ts';
import { describeViolations, validate } from './validate.ts';

export type ArtifactOf<N extends ArtifactName> = Static<(typeof ARTIFACTS)[N]['schema']>;

/** An artifact that is missing or fails to parse or validate: a failed phase, never an empty success. */
export class UnusableArtifactError extends PhaseError {
  override readonly name: string = 'UnusableArtifactError';
  /** True once the message says which command writes the artifact. */
  readonly hinted: boolean;
  constructor(
    message: string,
    readonly artifact: ArtifactName,
    /** 'other-run': present and valid, but written by another run than the one reading it. */
    readonly problem: 'missing' | 'invalid' | 'other-run',
    options: { cause?: unknown; hinted?: boolean } = {},
  ) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.hinted = options.hinted ?? false;
  }
}

export function artifactPath(outDir: string, name: ArtifactName): string {
  return join(outDir, ARTIFACTS[name].file);
}

export function hasArtifact(outDir: string, name: ArtifactName): boolean {
  checkRead(name);
  return existsSync(artifactPath(outDir, name));
}

// Texts that passed their artifact's schema in this process, by artifact name and content hash: read and validated
// here, or written here from a value that passed (its JSON parses back to a value that passes too: the validators
// refuse NaN, Infinity, undefined items and non-JSON objects, the only values JSON would change). Each phase reads
// what the one before it wrote; the same bytes parse to the same value, so only the parse is repeated. Hashing is
// a small fraction of validating; the set is bounded for long-running processes.
const validTexts = new Set<string>();
const MAX_VALID_TEXTS = 512;

/** True when this text of this artifact passed its schema in this process (exported for tests). */
export function knownValid(name: ArtifactName, text: string): boolean {
  return validTexts.has(`${name}\0${sha256(text)}`);
}

function rememberValid(name: ArtifactName, textSha256: string): void {
  if (validTexts.size >= MAX_VALID_TEXTS) validTexts.clear();
  validTexts.add(`${name}\0${textSha256}`);
}

/** Parses and validates without touching the disk; used by read and by tests. */
export function parseArtifact<N extends ArtifactName>(name: N, text: string, where: string): ArtifactOf<N> {
  return parseHashed(name, text, where, sha256(text));
}

function parseHashed<N extends ArtifactName>(name: N, text: string, where: string, textSha256: string): ArtifactOf<N> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UnusableArtifactError(`${where} is not valid JSON (${(error as Error).message}).`, name, 'invalid', { cause: error });
  }
  if (validTexts.has(`${name}\0${textSha256}`)) return value as ArtifactOf<N>;
  const result = validate(ARTIFACTS[name].schema, value);
  if (!result.ok) {
    throw new UnusableArtifactError(`${where} is not valid (${describeViolations(result.violations)}).`, name, 'invalid');
  }
  rememberValid(name, textSha256);
  return value as ArtifactOf<N>;
}

function readText(outDir: string, name: ArtifactName): { path: string; text: string } {
  checkRead(name);
  const path = artifactPath(outDir, name);
  try {
    return { path, text: readFileSync(path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UnusableArtifactError(`${path} is missing.`, name, 'missing', { cause: error });
    throw new PhaseError(`${path} cannot be read (${code ?? (error as Error).message}).`, { cause: error });
  }
}

export function readArtifact<N extends ArtifactName>(outDir: string, name: N): ArtifactOf<N> {
  const { path, text } = readText(outDir, name);
  return parseArtifact(name, text, path);
}

/** Reads an artifact when present; undefined when absent. A present but invalid file still throws. */
export function readArtifactIfPresent<N extends ArtifactName>(outDir: string, name: N): ArtifactOf<N> | undefined {
  return hasArtifact(outDir, name) ? readArtifact(outDir, name) : undefined;
}

// Phase inputs read in this process, by artifact name and content hash: triage.json is an input of eight phases of
// a scan, and the same bytes give the same value, so it is parsed once (a re-scan of a 5,000-file tree parsed
// 21 MB of JSON again). Frozen, because every phase reading those bytes gets the same object: a phase that changed
// its input would change the next one's; it throws instead. A few entries: a phase reads what the ones just before
// it wrote.
const sharedInputs = new Map<string, unknown>();
const MAX_SHARED_INPUTS = 8;

// Artifacts the driver wrote in this process, by path: the value (frozen) and the file's identity just after the
// rename (device, inode, size, and modification and change times in nanoseconds). While the file is still that one,
// a reader gets the value without reading and hashing the file again: eight phases of a scan read triage.json.
// An edit or a replacement changes the inode, the size or a time (the change time cannot be set back), and the file
// is read as usual. The run lock keeps other runs out; a process editing the file within one tick of the kernel's
// clock, to the same size, is what this cannot tell.
interface WrittenFile {
  identity: string;
  value: unknown;
}
const writtenShared = new Map<string, WrittenFile>();
const MAX_WRITTEN_SHARED = 16;

function fileIdentity(path: string): string | undefined {
  const stat = statSync(path, { bigint: true, throwIfNoEntry: false });
  return stat && `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
}

/**
 * Writes a value the caller has just checked (as writeCheckedArtifact) and shares it, deeply frozen, with this
 * process's readSharedArtifact while the file stays as written. The caller must not change the value afterwards.
 */
export function writeSharedArtifact<N extends ArtifactName>(outDir: string, name: N, value: ArtifactOf<N>): string {
  const path = writeCheckedArtifact(outDir, name, value);
  const identity = fileIdentity(path);
  writtenShared.delete(path);
  if (identity === undefined) return path;
  if (writtenShared.size >= MAX_WRITTEN_SHARED) writtenShared.delete(writtenShared.keys().next().value!);
  writtenShared.set(path, { identity, value: deepFreeze(value) });
  return path;
}

/** Drops what writeSharedArtifact kept for artifacts of `outDir` (a session's end: watch runs many in one process). */
export function forgetSharedArtifacts(outDir: string): void {
  // Deleting the entry being visited is safe while iterating a Map.
  for (const path of writtenShared.keys()) if (resolve(dirname(path)) === resolve(outDir)) writtenShared.delete(path);
}

/** readArtifact for readers that never change the value (a phase's declared inputs, the run's estimate record): the
 * value is deeply frozen and shared with later readers of the same text. */
export function readSharedArtifact<N extends ArtifactName>(outDir: string, name: N): ArtifactOf<N> {
  checkRead(name);
  const shared = artifactPath(outDir, name);
  const written = writtenShared.get(shared);
  if (written !== undefined && written.identity === fileIdentity(shared)) return written.value as ArtifactOf<N>;
  const { path, text } = readText(outDir, name);
  const textSha256 = sha256(text);
  const key = `${name}\0${textSha256}`;
  const seen = sharedInputs.get(key);
  if (seen !== undefined) return seen as ArtifactOf<N>;
  const value = deepFreeze(parseHashed(name, text, path, textSha256));
  if (sharedInputs.size >= MAX_SHARED_INPUTS) sharedInputs.delete(sharedInputs.keys().next().value!);
  sharedInputs.set(key, value);
  return value;
}

/** Freezes a JSON value and everything in it (plain objects and arrays, no cycles); returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  // Index and for-in loops: Object.values made an array per object (half the time on a 50,000-file triage.json).
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
  else for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}

/** Compiles the artifact's validator now (it is cached), so a caller can pay for that while it waits on other work. */
export function prepareArtifact(name: ArtifactName): void {
  // validate() compiles on first use; the value is irrelevant and its verdict is dropped.
  validate(ARTIFACTS[name].schema, null);
}

/** Throws unless `value` is a valid `name` artifact: our own output failing its contract is never written. */
export function checkArtifact<N extends ArtifactName>(outDir: string, name: N, value: ArtifactOf<N>): void {
  const result = validate(ARTIFACTS[name].schema, value);
  if (!result.ok) throw new PhaseError(`Refusing to write ${artifactPath(outDir, name)}: the ${name} artifact is not valid (${describeViolations(result.violations)}).`);
}

export function writeArtifact<N extends ArtifactName>(outDir: string, name: N, value: ArtifactOf<N>): string {
  checkWrite(name);
  checkArtifact(outDir, name, value);
  return writeCheckedArtifact(outDir, name, value);
}

/** Writes a value the caller has just passed through checkArtifact itself (the driver checks every output before
 * it writes any): validating a 50,000-file triage.json a second time cost a quarter of a second. */
export function writeCheckedArtifact<N extends ArtifactName>(outDir: string, name: N, value: ArtifactOf<N>): string {
  checkWrite(name);
  const path = artifactPath(outDir, name);
  const digest = createHash('sha256');
  writeChunksAtomic(path, hashing(jsonChunks(value), digest));
  rememberValid(name, digest.digest('hex'));
  return path;
}

// The pieces as they go by, hashed as the UTF-8 the file gets: the digest equals sha256 of the text read back.
function* hashing(chunks: Iterable<string>, digest: Hash): Generator<string> {
  for (const chunk of chunks) {
    digest.update(chunk, 'utf8');
    yield chunk;
  }
}
