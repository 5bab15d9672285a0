// `bug-hunter publish [target]`: files each confirmed, unsuppressed finding of the last scan as a GitHub issue
// (idempotent by fingerprint), closes the issues of fixed and dismissed findings; or, with --format, writes one
// file per finding for other trackers.
import { resolve } from 'node:path';
import { ExitCode, UsageError } from '../foundations/errors.ts';
import { issueDraft } from '../engines/publish/body.ts';
import { FILE_FORMATS, writeIssueFiles } from '../engines/publish/files.ts';
import { readPublishInputs } from '../engines/publish/inputs.ts';
import { publishable, type PublishAction } from '../engines/publish/plan.ts';
import { renderPlan, renderResult } from '../engines/publish/render.ts';
import { parseRepoFlag, repoSlug, resolveRepo, type RepoRef } from '../engines/publish/repo.ts';
import { gitHubSettings } from '../engines/publish/settings.ts';
import { resolveOutDir, resolveTarget } from '../engines/run/target.ts';
import { TOOL_VERSION } from '../foundations/version.ts';
import { atMostPositionals, common, oneOf, parseCommandArgs } from './kit/args.ts';
import { defineCommand, type Command, type CommandIO } from './kit/command.ts';

const OPTIONS = {
  repo: { type: 'string', arg: '<owner/name>', description: "repository to publish to (default: the origin remote; its host must be GitHub's)" },
  queue: { type: 'boolean', description: "also label new issues nightshift and auto-ready (for 'bug-hunter work')" },
  'dry-run': { type: 'boolean', description: 'print what it would file, update and close; write nothing (it still reads the issues)' },
  format: { type: 'string', arg: '<f>', description: 'markdown or json: write one file per finding to --out instead; no API, no token' },
  out: common('out', 'with --format: where the files go (default <target>/.bug-hunter/issues)'),
  from: { type: 'string', arg: '<dir>', description: 'artifact folder holding scan-report.json (default <target>/.bug-hunter)' },
  json: common('json', 'print the publish report (or the dry-run plan) as JSON'),
} as const;

export const publishCommand: Command = defineCommand({
  name: 'publish',
  help: {
    synopsis: ['bug-hunter publish [target] [flags]', 'bug-hunter publish [target] --format markdown|json [--out <dir>]'],
    about: `Files each confirmed, unsuppressed finding of the last scan (scan-report.json) as a GitHub issue: claim, severity,
tier, evidence with permalinks, the skeptic's and referee's reasoning, the reproduction, and a hidden fingerprint
marker. Publishing again updates that issue instead of filing another; a finding the ledger marks fixed closes its
issue (completed) with a comment naming the run and commit; a dismissed finding closes it as not planned.
Records what it did in publish-report.json.`,
    sections: [{ flags: OPTIONS }],
    after: `Environment: GITHUB_TOKEN (or GH_TOKEN) a token that may write issues (required unless --format; never printed);
GITHUB_API_URL the REST API (default https://api.github.com); GITHUB_SERVER_URL for permalinks and the origin
check (default https://github.com); BUG_HUNTER_GITHUB_WRITE_PACE_MS the pause between writes (default 1000).
Exit codes: 0 published (or planned); 2 usage or setup (no token, bad --repo, token refused); 3 a GitHub call
failed (what was done so far is in publish-report.json).`,
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('publish', argv, OPTIONS);
    atMostPositionals('publish', positionals, 1, 'at most one target');
    if (values.repo !== undefined) parseRepoFlag(values.repo);
    const target = resolveTarget(positionals[0], io.cwd);
    const artifactDir = resolveOutDir(target, values.from, io.cwd);
    if (values.format !== undefined) return writeFiles(target, artifactDir, values, io);
    if (values.out !== undefined) throw new UsageError(`--out goes with --format (where the files go); to read a scan from another folder pass --from <dir>.`);

    // Octokit loads only here, so --help and --format never pay for it.
    const { publish } = await import('../engines/publish/publish.ts');
    const result = await publish({
      target,
      artifactDir,
      repoFlag: values.repo,
      queue: Boolean(values.queue),
      dryRun: Boolean(values['dry-run']),
      env: process.env,
      notice: (line) => io.stderr(`${line}\n`),
    });
    const slug = repoSlug(result.repo);
    if (!result.report) {
      io.stdout(values.json ? `${JSON.stringify({ dryRun: true, repository: slug, plan: result.actions.map(planEntry) }, null, 2)}\n` : renderPlan(result.actions, slug));
      return ExitCode.ok;
    }
    if (!values.quiet || values.json) io.stdout(values.json ? `${JSON.stringify(result.report, null, 2)}\n` : renderResult(result.actions, result.report, result.reportPath!));
    if (result.report.status === 'failed') {
      io.stderr(`bug-hunter: ${result.report.error}\n`);
      return ExitCode.failed;
    }
    return ExitCode.ok;
  },
});

function planEntry(action: PublishAction) {
  if (action.kind === 'file') return { action: 'file', findingId: action.draft.findingId, fingerprint: action.draft.fingerprint, title: action.draft.title, labels: action.draft.labels };
  const base = { action: action.kind, issue: action.issue.number, url: action.issue.url };
  if (action.kind === 'update') return { ...base, findingId: action.draft.findingId, fingerprint: action.draft.fingerprint, changed: action.changed, labels: action.labels };
  if (action.kind === 'reopen') return { ...base, findingId: action.draft.findingId, fingerprint: action.draft.fingerprint, labels: action.labels };
  if (action.kind === 'close') return { ...base, findingId: action.findingId, fingerprint: action.fingerprint, stateReason: action.stateReason, why: action.why };
  return { ...base, findingId: action.findingId, fingerprint: action.fingerprint, why: action.why };
}

// --format: the same drafts, as files. Permalinks need a repository; without one the locations stay plain.
function writeFiles(target: string, artifactDir: string, values: { format?: string; out?: string; repo?: string; queue?: boolean; json?: boolean; 'dry-run'?: boolean }, io: CommandIO): number {
  const format = oneOf('format', values.format, FILE_FORMATS, 'markdown');
  if (values['dry-run']) throw new UsageError('--dry-run plans GitHub changes; --format writes files only, so leave one of them out.');
  const settings = gitHubSettings(process.env);
  let repo: RepoRef | null = null;
  try {
    repo = resolveRepo(target, values.repo, settings.serverUrl).repo;
  } catch (error) {
    if (values.repo !== undefined) throw error;
    io.stderr(`note: locations are not linked (${(error as Error).message})\n`);
  }
  const { report } = readPublishInputs(target, artifactDir);
  const context = { repo, serverUrl: settings.serverUrl, commit: report.run.baseCommit, toolVersion: TOOL_VERSION };
  const drafts = publishable(report).map((f) => issueDraft(f, context, Boolean(values.queue)));
  const dir = resolve(io.cwd, values.out ?? resolve(artifactDir, 'issues'));
  const written = writeIssueFiles(dir, drafts, format);
  if (values.json) io.stdout(`${JSON.stringify({ format, dir, files: written }, null, 2)}\n`);
  else io.stdout(`Wrote ${written.length} ${format} file${written.length === 1 ? '' : 's'} to ${dir}${written.length ? ':' : '.'}\n${written.map((p) => `  ${p}\n`).join('')}`);
  return ExitCode.ok;
}
