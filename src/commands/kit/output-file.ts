// `--output <file>` of report and scan: the rendered format written atomically (a CI step never reads half a file),
// relative to the working folder; a failed write is an error naming the file, not a silent stdout fallback.
import { resolve } from 'node:path';
import { writeFileAtomic } from '../../foundations/fs/atomic.ts';
import { UsageError } from '../../foundations/errors.ts';

/** Writes `text` to `output` (resolved against `cwd`) and returns the absolute path written. */
export function writeOutputFile(output: string, text: string, cwd: string): string {
  if (output.trim() === '') throw new UsageError('--output needs a file name (got an empty string).');
  const path = resolve(cwd, output);
  try {
    writeFileAtomic(path, text);
  } catch (error) {
    throw new UsageError(`--output ${output}: cannot write ${path} (${(error as Error).message}). Name a file in a folder you can write to.`);
  }
  return path;
}
