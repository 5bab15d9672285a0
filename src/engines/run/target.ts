// Resolves the scan target and its artifact folder; a missing or non-folder target is a usage error.
import { mkdirSync, realpathSync, statSync, accessSync, constants } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../../foundations/errors.ts';
import { checkArtifactFolder } from './artifact-folder.ts';

export function resolveTarget(arg: string | undefined, cwd = process.cwd()): string {
  const wanted = resolve(cwd, arg ?? '.');
  let real: string;
  try {
    real = realpathSync(wanted);
  } catch {
    throw new UsageError(`Target ${wanted} does not exist. Pass a folder to scan, e.g. 'bug-hunter scan ./my-project'.`);
  }
  if (!statSync(real).isDirectory()) {
    throw new UsageError(`Target ${wanted} is not a folder. Pass the project folder, not a file.`);
  }
  return real;
}

/**
 * The artifact folder: --out when given, else <target>/.bug-hunter. Created and checked writable. The target's own
 * .bug-hunter (also written with --out: suppressions and the ledger) must be a real folder with no links under it.
 */
export function resolveOutDir(target: string, out: string | undefined, cwd = process.cwd()): string {
  const dir = out ? resolve(cwd, out) : join(target, '.bug-hunter');
  checkArtifactFolder(join(target, '.bug-hunter'), { checkRoot: true });
  // The user's --out may itself be a link they chose; what lies under it must still be real.
  if (out) checkArtifactFolder(dir, { checkRoot: false });
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    throw new UsageError(`Artifact folder ${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Pass --out <dir>.`);
  }
  return dir;
}
