// Per-chunk hunter results kept under <outDir>/work/hunter/ so a resumed run does not redo finished chunks.
// A saved result is reused only when the chunk's files still have the hashes it was computed from.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Finding } from '../../artifacts/schemas/common.ts';
import { FailureCause } from '../../artifacts/schemas/coverage.ts';
import { validate } from '../../artifacts/validate.ts';
import { writeJsonAtomic } from '../../foundations/fs/atomic.ts';

export const ChunkWork = Type.Object(
  {
    chunkId: Type.String(),
    engine: Type.String(),
    status: Type.Union([Type.Literal('done'), Type.Literal('failed'), Type.Literal('unreviewed')]),
    fileHashes: Type.Record(Type.String(), Type.String()),
    findings: Type.Array(Finding),
    rejected: Type.Array(Type.Object({ reason: Type.String(), claim: Type.String(), file: Type.Optional(Type.String()) }, { additionalProperties: false })),
    error: Type.Optional(Type.String()),
    cause: Type.Optional(FailureCause),
    unsupported: Type.Optional(Type.Array(Type.Object({ path: Type.String(), reason: Type.String() }, { additionalProperties: false }))),
  },
  { additionalProperties: false },
);
export type ChunkWork = Static<typeof ChunkWork>;

export function chunkWorkDir(outDir: string): string {
  return join(outDir, 'work', 'hunter');
}

function workPath(outDir: string, chunkId: string): string {
  return join(chunkWorkDir(outDir), `${chunkId}.json`);
}

export function saveChunkWork(outDir: string, work: ChunkWork): void {
  // Not fsynced: a resume validates and re-accepts saved work, and a result a crash lost is simply run again.
  writeJsonAtomic(workPath(outDir, work.chunkId), work, { durable: false });
}

/** A finished chunk's saved result, if it is valid and its file hashes still match; otherwise undefined. */
export function loadChunkWork(outDir: string, chunkId: string, engine: string, hashes: Record<string, string>): ChunkWork | undefined {
  const path = workPath(outDir, chunkId);
  if (!existsSync(path)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
  if (!validate(ChunkWork, value).ok) return undefined;
  const work = value as ChunkWork;
  const same = work.engine === engine && Object.keys(hashes).length === Object.keys(work.fileHashes).length && Object.entries(hashes).every(([p, h]) => work.fileHashes[p] === h);
  return same && work.status === 'done' ? work : undefined;
}

export function clearChunkWork(outDir: string): void {
  rmSync(chunkWorkDir(outDir), { recursive: true, force: true });
}
