// A locked read-modify-write of one memory file in <target>/.bug-hunter/ (suppressions.json, ledger.json):
// two people dismissing at once, or a dismiss during a report, never lose each other's change.
import { accessSync, constants, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { ARTIFACTS } from '../../artifacts/registry.ts';
import { writeArtifact, type ArtifactOf } from '../../artifacts/store.ts';
import { describeViolations, validate } from '../../artifacts/validate.ts';
import { IntegrityError, PhaseError } from '../../foundations/errors.ts';

export type MemoryName = 'suppressions' | 'ledger';

/** The committed memory folder: always <target>/.bug-hunter, whatever --out says. */
export function memoryDir(target: string): string {
  return join(target, '.bug-hunter');
}

/** False when <target>/.bug-hunter cannot be created or written (a read-only checkout scanned with --out). */
export function memoryWritable(target: string): boolean {
  try {
    mkdirSync(memoryDir(target), { recursive: true });
    accessSync(memoryDir(target), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

export function readMemory<N extends MemoryName>(target: string, name: N): ArtifactOf<N> | undefined {
  return readMemoryIn(memoryDir(target), name);
}

// Not readArtifact: its advice ("delete the file") would throw away a file people commit.
function readMemoryIn<N extends MemoryName>(dir: string, name: N): ArtifactOf<N> | undefined {
  const path = join(dir, ARTIFACTS[name].file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new PhaseError(`${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  const fix = 'Fix it by hand or restore it from git; it is meant to be committed.';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PhaseError(`${path} is not valid JSON (${(error as Error).message}). ${fix}`);
  }
  const result = validate(ARTIFACTS[name].schema, value);
  if (!result.ok) throw new PhaseError(`${path} is not valid (${describeViolations(result.violations)}). ${fix}`);
  return value as ArtifactOf<N>;
}

/**
 * Locks <file>.lock, reads the current value (undefined when absent), lets `change` compute the next one,
 * validates and writes it atomically. `change` returning null leaves the file as it was.
 */
export async function updateMemory<N extends MemoryName, R>(
  target: string,
  name: N,
  change: (current: ArtifactOf<N> | undefined) => { next: ArtifactOf<N> | null; result: R },
): Promise<R> {
  const dir = memoryDir(target);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(file, { realpath: false, stale: 10_000, retries: { retries: 50, minTimeout: 5, maxTimeout: 200, randomize: true } });
  } catch (error) {
    throw new IntegrityError(`Could not lock ${file} (${(error as Error).message}). Another bug-hunter is writing it; try again.`);
  }
  try {
    const { next, result } = change(readMemoryIn(dir, name));
    if (next) writeArtifact(dir, name, next);
    return result;
  } finally {
    await release();
  }
}
