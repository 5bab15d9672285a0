// --dep-scan's flags, shared by `scan` and `phase deps`: --advisories <OSV file|folder|registry> and
// --registry <url>. Checked here so a typo is exit 2 naming the flag, before any phase runs. Without --advisories
// the scan reads the OSV export copy `bug-hunter advisories update` keeps in the user's cache.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../foundations/errors.ts';
import type { RunOptions } from '../../engines/run/options.ts';
import { exportCacheDir } from '../../engines/deps/advisories/export-cache.ts';
import type { FlagTable } from './usage.ts';

export const DEP_SCAN_FLAGS = {
  advisories: {
    type: 'string',
    arg: '<src>',
    description: "advisories for the dependency scan: an OSV JSON file or folder (offline), or 'registry' for the npm registry's bulk advisory endpoint; default: the copy of OSV's npm advisories `bug-hunter advisories update` downloaded (none yet: dependency findings are unreviewed)",
  },
  registry: { type: 'string', arg: '<url>', description: 'with --advisories registry: the registry to ask (default https://registry.npmjs.org/)' },
} as const satisfies FlagTable;

export function depScanOptions(values: { advisories?: string | undefined; registry?: string | undefined }, cwd: string, env: NodeJS.ProcessEnv = process.env): NonNullable<RunOptions['depScan']> {
  const out: NonNullable<RunOptions['depScan']> = {};
  if (values.advisories === undefined && values.registry === undefined) out.exportCache = exportCacheDir(env);
  if (values.advisories !== undefined) {
    if (values.advisories === 'registry') out.advisories = 'registry';
    else {
      const path = resolve(cwd, values.advisories);
      if (!existsSync(path)) throw new UsageError(`--advisories: ${values.advisories} does not exist (give an OSV JSON file or folder, or 'registry').`);
      out.advisories = path;
    }
  }
  if (values.registry !== undefined) {
    if (out.advisories !== 'registry') throw new UsageError("--registry needs --advisories registry: it names the registry whose advisories are fetched.");
    let url: URL;
    try {
      url = new URL(values.registry);
    } catch {
      throw new UsageError(`--registry must be an http(s) URL (got '${values.registry}').`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--registry must be an http(s) URL (got '${values.registry}').`);
    out.registry = url.href;
  }
  return out;
}
