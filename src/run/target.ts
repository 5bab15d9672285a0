// Resolves the scan target and its artifact folder; a missing or non-folder target is a usage error.
import { mkdirSync, realpathSync, statSync, accessSync, constants } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../errors.ts';

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

/** The artifact folder: --out when given, else <target>/.bug-hunter. Created and checked writable. */
export function resolveOutDir(target: string, out: string | undefined, cwd = process.cwd()): string {
  const dir = out ? resolve(cwd, out) : join(target, '.bug-hunter');
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    throw new UsageError(`Artifact folder ${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Pass --out <dir>.`);
  }
  return dir;
}
