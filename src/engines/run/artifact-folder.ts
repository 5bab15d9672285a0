// The artifact folder holds source excerpts, transcripts and reports, so it must be where it says: a real
// folder, with only real folders and files under it. A committed `.bug-hunter -> /elsewhere` (or a symlinked
// work/ or transcripts/) would otherwise send every write, and every copy of the source, outside the target.
import { lstatSync, readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../foundations/errors.ts';

const HINT = 'Delete it (an artifact folder is never committed as a link), or pass --out <dir> with a folder of your own.';

function linkTarget(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return 'somewhere else';
  }
}

/** Throws a UsageError when `dir` exists but is not a real folder (checkRoot), or anything under it is a symlink. */
export function checkArtifactFolder(dir: string, options: { checkRoot: boolean }): void {
  let root;
  try {
    root = lstatSync(dir);
  } catch {
    return;
  }
  if (options.checkRoot && root.isSymbolicLink()) {
    throw new UsageError(`The artifact folder ${dir} is a symbolic link (to ${linkTarget(dir)}); bug-hunter writes only inside the target. ${HINT}`);
  }
  if (options.checkRoot && !root.isDirectory()) throw new UsageError(`The artifact folder ${dir} is not a folder. ${HINT}`);
  if (!root.isDirectory()) return;
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop() as string;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isSymbolicLink()) {
        throw new UsageError(`${path} in the artifact folder is a symbolic link (to ${linkTarget(path)}); bug-hunter writes only real files there. ${HINT}`);
      }
      if (entry.isDirectory()) pending.push(path);
    }
  }
}
