// The static engine's cross-file taint pass in the evidence cache: one entry per scan's set of files. The pass
// (crossFileIncoming) is pure over the files it is given and reads of each only its path, language, library
// package (recon's publicApi) and content; the key holds those, the content by the hash it was verified against,
// and the running code (which fixes the hop and caller bounds). So the key covers every input: changing, adding or
// removing one file is a miss and the pass runs again. A hit is still checked to name only files of this scan.
import { CrossFileTaint } from '../../artifacts/schemas/hunter-findings.ts';
import type { Static } from '@sinclair/typebox';
import { cacheKey } from './key.ts';
import type { EvidenceCache } from './store.ts';
import { compareText } from '../../foundations/text/compare.ts';

export interface CrossFileKeyInput {
  path: string;
  language: string;
  publicApi?: string;
  /** The hash the content was read and verified at. */
  sha256: string;
}

type Result = Static<typeof CrossFileTaint>;

export function crossFileKey(files: readonly CrossFileKeyInput[], code?: string): string {
  const list = files
    .map((f) => [f.path, f.language, f.publicApi ?? null, f.sha256] as const)
    .sort(([a], [b]) => compareText(a, b));
  return cacheKey('cross-file', { files: list }, code);
}

/** The stored pass for exactly these files, or undefined (a miss, or an entry naming a file outside them). */
export function cachedCrossFile(cache: EvidenceCache, files: readonly CrossFileKeyInput[]): Result | undefined {
  if (!cache.dir) return undefined;
  const hit = cache.get('cross-file', crossFileKey(files), CrossFileTaint);
  if (!hit) return undefined;
  const paths = new Set(files.map((f) => f.path));
  return [...hit.incoming, ...(hit.imported ?? [])].every((a) => paths.has(a.file) && paths.has(a.from)) ? hit : undefined;
}

export function storeCrossFile(cache: EvidenceCache, files: readonly CrossFileKeyInput[], result: Result): void {
  if (cache.dir) cache.put('cross-file', crossFileKey(files), result);
}
