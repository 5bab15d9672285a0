// Recon's per-file half: what one file alone exposes (its exports, entry points and trust boundaries). Each
// JavaScript/TypeScript file is parsed once (ast-grep); other languages go through line patterns. Pure; the recon
// phase calls it directly or in worker threads (src/engines/workers/), and the evidence cache keeps its results.
import { indexSource } from '../code-index/index-file.ts';
import type { FileIndex } from '../code-index/types.ts';
import { jsRecon } from './js-recon.ts';
import { lineRecon } from './line-recon.ts';
import type { EntryPoint, TrustBoundary } from './types.ts';

export interface ReconSource {
  path: string;
  language: string;
  content: string;
  /** Triage risk, the tie-breaker for high-risk paths. */
  risk: number;
}

/** What recon learns from one file alone: the per-file half of the work, run in worker threads for a large scan. */
export interface FileRecon {
  path: string;
  /** Parsed with ast-grep (JavaScript/TypeScript); otherwise line patterns only. */
  precise: boolean;
  /** The file's exports when precise (for package entries' exported API). */
  exports: FileIndex['exports'];
  entryPoints: EntryPoint[];
  trustBoundaries: TrustBoundary[];
}

export function reconFile(s: Pick<ReconSource, 'path' | 'language' | 'content'>): FileRecon {
  // Recon reads the file's imports and exports, never its call sites: they are not collected.
  const { file, root } = indexSource(s.path, s.language, s.content, { calls: false });
  const lines = lineRecon(s.path, root ? 'javascript' : s.language, s.content.split('\n'));
  const out: FileRecon = { path: s.path, precise: root !== null, exports: root ? file.exports : [], entryPoints: [...lines.entryPoints], trustBoundaries: [...lines.trustBoundaries] };
  if (root) {
    const facts = jsRecon(file, root, s.content);
    out.entryPoints.push(...facts.entryPoints);
    out.trustBoundaries.push(...facts.trustBoundaries);
  }
  return out;
}
