// `bug-hunter advisories update`: downloads OSV's npm export into the user's cache, which `scan --dep-scan` reads
// when no --advisories is given. The archive is checked before it replaces anything; on failure the previous copy
// is left as it was and the error names the URL (exit 3).
import { ExitCode, UsageError } from '../foundations/errors.ts';
import { ADVISORIES_URL_ENV, OSV_NPM_EXPORT_URL, exportCacheDir, exportCacheFile } from '../engines/deps/advisories/export-cache.ts';
import { updateExportCopy } from '../engines/deps/advisories/export-update.ts';
import { common, parseCommandArgs } from './kit/args.ts';
import { defineCommand, type Command } from './kit/command.ts';

const OPTIONS = {
  url: { type: 'string', arg: '<url>', description: `the archive to download (default $${ADVISORIES_URL_ENV}, else ${OSV_NPM_EXPORT_URL})` },
  json: common('json', 'print what was fetched as JSON'),
} as const;

function urlOf(given: string | undefined, fromEnv: string | undefined): string {
  const raw = given ?? (fromEnv || OSV_NPM_EXPORT_URL);
  const flag = given !== undefined ? '--url' : `$${ADVISORIES_URL_ENV}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${flag} must be an http(s) URL (got '${raw}').`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${flag} must be an http(s) URL (got '${raw}').`);
  return url.href;
}

export const advisoriesCommand: Command = defineCommand({
  name: 'advisories',
  help: {
    synopsis: ['bug-hunter advisories update [--url url] [--json]'],
    about: `update downloads OSV's npm advisories (${OSV_NPM_EXPORT_URL},
a zip of one OSV record per advisory), checks every record, and replaces the cached copy in
$XDG_CACHE_HOME/bug-hunter/advisories/npm/ (default ~/.cache/…; $BUG_HUNTER_ADVISORIES_DIR moves it) in one step;
a failed download or a corrupt archive changes nothing. scan --dep-scan then uses this copy whenever
--advisories is not given, and every dependency report says when it was fetched. Run it again to refresh.`,
    sections: [{ flags: OPTIONS }],
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('advisories', argv, OPTIONS);
    const [action, ...extra] = positionals;
    if (action !== 'update') throw new UsageError(action === undefined ? 'Name an action: bug-hunter advisories update.' : `Unknown action '${action}': bug-hunter advisories update.`);
    if (extra.length > 0) throw new UsageError(`Too many arguments: ${extra.join(' ')}.`);
    const url = urlOf(values.url, process.env[ADVISORIES_URL_ENV]);
    const dir = exportCacheDir(process.env);
    if (!values.json) io.stderr(`Downloading ${url} …\n`);
    const copy = await updateExportCopy(url, dir);
    const file = exportCacheFile(dir);
    if (values.json) io.stdout(`${JSON.stringify({ file, url: copy.url, fetchedAt: copy.fetchedAt, records: copy.records, advisories: copy.advisories.length, bytes: copy.bytes, sha256: copy.sha256 }, null, 2)}\n`);
    else io.stdout(`Advisories updated: ${copy.advisories.length} npm advisories from ${copy.records} OSV records (${copy.url}, fetched ${copy.fetchedAt}) in ${file}.\n`);
    return ExitCode.ok;
  },
});
