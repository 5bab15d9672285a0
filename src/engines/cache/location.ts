// Where a run's evidence cache lives and whether it may be used. Default <out>/cache; --cache-dir for a folder
// CI persists. A cache inside the scanned folder is used only when it provably came from this user's own earlier
// run (owner.ts): one git tracks, or one without our owner token (a tarball or zip can ship one), could hide a bug
// with a planted "no findings", so it is not read and the run goes uncached, with a warning. A folder outside the
// target is the user's choice and trusted.
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { gitTrackedFiles } from '../git/git.ts';
import { cacheOwnersFile, claimCacheFolder, isFreshFolder, ownershipRefusal } from './owner.ts';
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

/** Why this in-target folder must not be used as a cache, or null when it may (claiming it first if it is new). */
function inTargetRefusal(dir: string, ownersFile: string): string | null {
  const tracked = existsSync(dir) ? gitTrackedFiles(dir) : null;
  if (tracked && tracked.length > 0) {
    return `${dir} is inside the scanned repository and git tracks ${tracked.length} file(s) in it: entries from the repository are not trusted. Delete those files from the repository, or give --cache-dir outside it`;
  }
  if (isFreshFolder(dir)) {
    try {
      claimCacheFolder(dir, ownersFile);
      return null;
    } catch (error) {
      return `cannot record ownership of ${dir} in ${ownersFile} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
    }
  }
  const refusal = ownershipRefusal(dir, ownersFile);
  return refusal && `${refusal}; its entries are ignored and it is left as it is. Delete it to let bug-hunter start a cache of its own there, or give --cache-dir outside the target`;
}

export function openEvidenceCache(target: string, outDir: string, request: CacheRequest, log: CacheLog, ownersFile = cacheOwnersFile()): EvidenceCache {
  if (request.disabled) return DISABLED_CACHE;
  const dir = request.dir ?? defaultCacheDir(outDir);
  const refusal = inside(target, dir) ? inTargetRefusal(dir, ownersFile) : null;
  if (refusal) {
    log.warn(`evidence cache not used: ${refusal}. This run is uncached.`);
    return DISABLED_CACHE;
  }
  // A run's cache packs what each phase computed (flushed by the session): see pack.ts.
  return openCacheDir(dir, log, { batch: true });
}
