// The local copy of OSV's published npm export, written by `bug-hunter advisories update` and read by --dep-scan
// when no --advisories is given. One file, `<cache>/advisories/npm/advisories.json`, holding the advisories already
// parsed from the archive's records with where and when they were fetched; it is replaced whole (atomic rename), so
// a reader sees the previous copy or the new one, never half of either.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { writeJsonAtomic } from '../../../foundations/fs/atomic.ts';
import { objectAt } from '../lockfiles/types.ts';
import type { Advisory } from './types.ts';

/** OSV publishes one archive per ecosystem: a zip of one OSV JSON record per advisory. */
export const OSV_NPM_EXPORT_URL = 'https://osv-vulnerabilities.storage.googleapis.com/npm/all.zip';
/** Overrides the archive's URL (`advisories update --url` wins over it). */
export const ADVISORIES_URL_ENV = 'BUG_HUNTER_ADVISORIES_URL';
const CACHE_FILE = 'advisories.json';
const FORMAT = 1;

export interface ExportCopy {
  url: string;
  fetchedAt: string;
  /** Records read from the archive (every ecosystem's entries in them are checked; npm ones are kept). */
  records: number;
  bytes: number;
  sha256: string;
  advisories: Advisory[];
}

/** Moves the copy's folder (an absolute path; the test runner points it at an empty folder of its own). */
export const ADVISORIES_DIR_ENV = 'BUG_HUNTER_ADVISORIES_DIR';

/** `$BUG_HUNTER_ADVISORIES_DIR`, else `$XDG_CACHE_HOME/bug-hunter/advisories/npm`, else `~/.cache/bug-hunter/advisories/npm` (relative paths are ignored). */
export function exportCacheDir(env: NodeJS.ProcessEnv): string {
  const given = env[ADVISORIES_DIR_ENV];
  if (given && isAbsolute(given)) return given;
  const cache = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : join(env.HOME || homedir(), '.cache');
  return join(cache, 'bug-hunter', 'advisories', 'npm');
}

export function exportCacheFile(dir: string): string {
  return join(dir, CACHE_FILE);
}

export function writeExportCopy(dir: string, copy: ExportCopy): void {
  writeJsonAtomic(exportCacheFile(dir), { format: FORMAT, ...copy });
}

export type ReadCopy = { ok: true; copy: ExportCopy } | { ok: false; missing: boolean; reason: string };

/** The cached copy, or why there is none usable (missing, or a file this version cannot read). */
export function readExportCopy(dir: string): ReadCopy {
  const file = exportCacheFile(dir);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { ok: false, missing: true, reason: `no advisory source was given and no downloaded copy is in ${dir}: run \`bug-hunter advisories update\` to download OSV's npm advisories, or pass --advisories <OSV file or folder> or --advisories registry` };
  }
  const broken = (what: string): ReadCopy => ({ ok: false, missing: false, reason: `${file} ${what}: run \`bug-hunter advisories update\` again` });
  let value: Record<string, unknown> | undefined;
  try {
    value = objectAt(JSON.parse(text));
  } catch {
    return broken('is not valid JSON');
  }
  if (!value || value.format !== FORMAT) return broken(`is not in the format this version writes (format ${FORMAT})`);
  const { url, fetchedAt, records, bytes, sha256, advisories } = value;
  if (typeof url !== 'string' || typeof fetchedAt !== 'string' || Number.isNaN(Date.parse(fetchedAt)) || typeof records !== 'number' || typeof bytes !== 'number' || typeof sha256 !== 'string' || !Array.isArray(advisories)) {
    return broken('is missing its source, fetch time or advisories');
  }
  return { ok: true, copy: { url, fetchedAt, records, bytes, sha256, advisories: advisories as Advisory[] } };
}
