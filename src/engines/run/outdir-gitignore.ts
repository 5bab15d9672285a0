// The .gitignore a scan puts in its artifact folder (.bug-hunter/) when there is none: caches, run state and per-run
// artifacts stay out of git; what a team shares (suppressions.json, config.json) can be committed. Written with an
// exclusive create, so a .gitignore the user already has there (or one written meanwhile) is never overwritten.
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const OUTDIR_GITIGNORE = [
  "# Written by bug-hunter's first scan; edit it freely: bug-hunter never overwrites this file.",
  '# Everything here is ignored (caches, run state, per-run artifacts) except what a team commits:',
  '# its suppressions (bug-hunter dismiss) and its configuration (bug-hunter init).',
  '*',
  '!.gitignore',
  '!suppressions.json',
  '!config.json',
  '',
].join('\n');

/** Writes <outDir>/.gitignore unless one exists; true when it wrote one. */
export function ensureOutDirGitignore(outDir: string): boolean {
  mkdirSync(outDir, { recursive: true });
  let fd: number;
  try {
    fd = openSync(join(outDir, '.gitignore'), 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, OUTDIR_GITIGNORE);
  } finally {
    closeSync(fd);
  }
  return true;
}
