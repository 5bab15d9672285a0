// Where a finding's promoted reproduction lives: repro/<id>/ under the artifact folder, never outside it (the
// report's path is data from a file, so a path that leaves the folder is refused). Used by the fixer and `work`.
import { isAbsolute, join } from 'node:path';
import { IntegrityError } from '../../foundations/errors.ts';

export function resolveRepro(outDir: string, dir: string): string {
  if (isAbsolute(dir) || dir.split('/').includes('..')) throw new IntegrityError(`scan-report.json names a repro folder outside the artifact folder: ${dir}`);
  return join(outDir, dir);
}
