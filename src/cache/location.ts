// Where a run's evidence cache lives and whether it may be used. Default <out>/cache; --cache-dir for a folder
// CI persists. A cache inside the scanned repository that git tracks came from the repository, not from an
// earlier run: its entries could hide a bug (a planted "no findings"), so it is refused with a warning.
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { gitTrackedFiles } from '../git/git.ts';
import { DISABLED_CACHE, openCacheDir, type CacheLog, type EvidenceCache } from './store.ts';

export interface CacheRequest {
  /** --no-cache. */
  disabled?: boolean;
  /** --cache-dir, resolved; default <outDir>/cache. */
  dir?: string;
}

export function defaultCacheDir(outDir: string): string {
  return join(outDir, 'cache');
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return !isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`);
}

/** Why this folder must not be used as a cache for `target`, or null when it may. */
export function cacheRefusal(target: string, dir: string): string | null {
  if (!inside(target, dir) || !existsSync(dir)) return null;
  const tracked = gitTrackedFiles(dir);
  if (tracked && tracked.length > 0) {
    return `${dir} is inside the scanned repository and git tracks ${tracked.length} file(s) in it: entries from the repository are not trusted`;
  }
  return null;
}

export function openEvidenceCache(target: string, outDir: string, request: CacheRequest, log: CacheLog): EvidenceCache {
  if (request.disabled) return DISABLED_CACHE;
  const dir = request.dir ?? defaultCacheDir(outDir);
  const refusal = cacheRefusal(target, dir);
  if (refusal) {
    log.warn(`evidence cache not used: ${refusal}. Delete those files from the repository, or give --cache-dir outside it.`);
    return DISABLED_CACHE;
  }
  return openCacheDir(dir, log);
}
