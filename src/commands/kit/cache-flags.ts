// --no-cache and --cache-dir, validated: a cache folder that is a file, or both flags at once, is a usage error.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../foundations/errors.ts';
import type { CacheRequest } from '../../engines/cache/location.ts';
import type { FlagTable } from './usage.ts';

/** The evidence cache's flags, shared by `scan` and `phase`. */
export const CACHE_FLAGS = {
  'cache-dir': { type: 'string', arg: '<dir>', description: 'evidence cache folder (default <out>/cache), e.g. one CI keeps between runs with actions/cache' },
  'no-cache': { type: 'boolean', description: 'compute everything afresh: no cache lookups, no cache writes' },
} as const satisfies FlagTable;

/** The folder --cache-dir names (resolved against cwd), refused when it exists and is not a folder. */
export function cacheDirFlag(value: string | undefined, cwd: string): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new UsageError('--cache-dir needs a folder (got an empty value).');
  const dir = resolve(cwd, value);
  let isDir: boolean | undefined;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    isDir = undefined; // Not there yet: the first run creates it.
  }
  if (isDir === false) throw new UsageError(`--cache-dir ${value}: ${dir} exists and is not a folder.`);
  return dir;
}

export function cacheRequestOf(noCache: boolean | undefined, cacheDir: string | undefined, cwd: string): CacheRequest {
  if (noCache && cacheDir !== undefined) throw new UsageError('--no-cache and --cache-dir contradict each other: give one of them.');
  if (noCache) return { disabled: true };
  const dir = cacheDirFlag(cacheDir, cwd);
  return dir ? { dir } : {};
}
