// Recon's per-file half for one whole set of files in the evidence cache (as the threat model and the cross-file
// pass are kept): keyed by every file's path, language and the content hash triage recorded, and the running code.
// reconFile reads nothing but its file, so the list is a function of those; on an unchanged tree the phase makes one
// lookup instead of one per file. A hit is the recon of the content triage read in this run, as a per-file hit is.
import { Type, type Static } from '@sinclair/typebox';
import type { FileRecon } from '../attack-surface/file-recon.ts';
import { citesOnly } from './cited-files.ts';
import { cacheKey } from './key.ts';
import { FileReconSchema, type ReconKeyInput } from './recon-file.ts';
import type { EvidenceCache } from './store.ts';

export const FileReconListSchema = Type.Array(FileReconSchema);
// The schema must describe recon's own type: this line stops compiling when the two drift apart.
export const listMatchesRecon: (value: Static<typeof FileReconListSchema>) => FileRecon[] = (value) => value;

export function reconFilesKey(files: readonly ReconKeyInput[]): string {
  return cacheKey('recon-files', { files: files.map((f) => [f.path, f.language, f.sha256]) });
}

/** The per-file recon of exactly these files, in their order, or undefined. */
export function cachedReconFiles(cache: EvidenceCache, files: readonly ReconKeyInput[]): FileRecon[] | undefined {
  if (!cache.dir) return undefined;
  // Stored for these paths in this order, each file's facts citing that file only; anything else is a damaged entry.
  return cache.get('recon-files', reconFilesKey(files), FileReconListSchema, (hit) =>
    hit.length === files.length && hit.every((r, i) => r.path === files[i]!.path && citesOnly(r, new Set([r.path]))) ? undefined : 'is not the recon of the files it was stored for',
  );
}

export function storeReconFiles(cache: EvidenceCache, files: readonly ReconKeyInput[], recon: readonly FileRecon[]): void {
  if (cache.dir) cache.put('recon-files', reconFilesKey(files), recon);
}
