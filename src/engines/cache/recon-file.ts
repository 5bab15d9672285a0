// Recon's per-file half (parse, exports, entry points, trust boundaries) in the evidence cache, keyed by the
// file's path, language and content hash and the running code. reconFile reads nothing but the file.
import { Type } from '@sinclair/typebox';
import { RepoPath } from '../../artifacts/schemas/common.ts';
import { Recon } from '../../artifacts/schemas/recon.ts';
import type { FileRecon } from '../attack-surface/file-recon.ts';
import { cacheKey } from './key.ts';
import type { EvidenceCache } from './store.ts';

export const ExportRefSchema = Type.Object(
  { name: Type.String(), local: Type.String(), line: Type.Integer({ minimum: 0 }), from: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

export const FileReconSchema = Type.Object(
  {
    path: RepoPath,
    precise: Type.Boolean(),
    exports: Type.Array(ExportRefSchema),
    entryPoints: Recon.properties.entryPoints,
    trustBoundaries: Recon.properties.trustBoundaries,
  },
  { additionalProperties: false },
);

export interface ReconKeyInput {
  path: string;
  language: string;
  /** The content hash triage recorded (the content was read at that hash). */
  sha256: string;
}

export function reconKey(file: ReconKeyInput): string {
  return cacheKey('recon', { path: file.path, language: file.language, sha256: file.sha256 });
}

export function cachedFileRecon(cache: EvidenceCache, file: ReconKeyInput): FileRecon | undefined {
  if (!cache.dir) return undefined;
  const hit = cache.get('recon', reconKey(file), FileReconSchema);
  // The entry was stored for this path; a hit for another one would be a damaged entry.
  return hit && hit.path === file.path ? hit : undefined;
}

export function storeFileRecon(cache: EvidenceCache, file: ReconKeyInput, recon: FileRecon): void {
  if (cache.dir) cache.put('recon', reconKey(file), recon);
}
