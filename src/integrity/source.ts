// Reading source for a chunk under the integrity rules: contained path, readable, UTF-8, same hash as recorded.
import { readFileSync } from 'node:fs';
import { sha256 } from '../run/hash.ts';
import { containPath } from './paths.ts';

export type CheckedSource = { ok: true; content: string; sha256: string } | { ok: false; reason: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

export function readSource(root: string, path: string): CheckedSource {
  const contained = containPath(root, path);
  if (!contained.ok) return { ok: false, reason: contained.detail };
  let bytes: Buffer;
  try {
    bytes = readFileSync(contained.absolute);
  } catch (error) {
    return { ok: false, reason: `${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
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
