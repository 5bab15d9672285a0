// `bug-hunter work [target]`: the fix queue. Takes the issues labelled nightshift + auto-ready (or --issue N…),
// fixes each finding in its own worktree from the remote's default branch, gates and reviews the fix, pushes a
// branch and opens a draft pull request; then promotes issues whose dependencies are done.
import { ExitCode, UsageError } from '../../foundations/errors.ts';
import { parseRepoFlag } from '../../engines/publish/repo.ts';
import { resolveOutDir, resolveTarget } from '../../engines/run/target.ts';
import { UNSANDBOXED_OPTION } from '../../engines/sandbox/none.ts';
import { DEPENDENCY_STRATEGIES, SANDBOX_CHOICES } from '../../engines/run/options.ts';
import { DEFAULT_LIMIT } from './discover.ts';
import { delayUntil, parseStartAt } from './start-at.ts';
import { atMostPositionals, common, oneOf, parseCommandArgs, positiveInt } from '../kit/args.ts';
import { defineCommand, type Command } from '../kit/command.ts';
import { SANDBOX_FLAGS, unsandboxedFlag } from '../kit/sandbox-flags.ts';
import { withDescription } from '../kit/usage.ts';
import { createLogger } from '../../engines/terminal/log.ts';
import { MODEL_FLAGS, modelRequestOf } from '../kit/model-flags.ts';
import { parseDuration } from '../watch/duration.ts';
import type { Role } from '../../engines/config/schema.ts';

/** --timeout: a bare number is minutes (the queue thinks in minutes); else a duration with its unit. */
function issueTimeoutMs(value: string): number {
  return /^\s*\d+(\.\d+)?\s*$/.test(value) ? parseDuration('timeout', `${value.trim()}m`, 1000) : parseDuration('timeout', value, 1000);
}

const OPTIONS = {
  issue: { type: 'string', multiple: true, arg: '<N>', description: 'fix this issue (repeat for more); default: the labelled queue' },
  limit: { type: 'string', arg: '<n>', description: `at most this many queued issues (default ${DEFAULT_LIMIT})` },
  'dry-run': { type: 'boolean', description: 'fix and prove locally, print what it would push and open; no write to GitHub or origin' },
  repo: { type: 'string', arg: '<owner/name>', description: "repository (default: the origin remote; its host must be GitHub's)" },
  from: { type: 'string', arg: '<dir>', description: 'artifact folder holding scan-report.json (default <target>/.bug-hunter); reports go there' },
  timeout: {
    type: 'string',
    arg: '<duration>',
    description: "time limit per issue (default 90 minutes; a bare number is minutes, or 45s, 2h): at the limit the fixer's and the sandbox's processes are killed and the issue is a systemic timeout",
  },
  concurrency: { type: 'string', arg: '<n>', description: 'issues worked at the same time, each in its own worktree (default 1)' },
  at: { type: 'string', arg: '<HH:MM>', description: "wait (holding the queue's lock) until this local time, then start" },
  ...SANDBOX_FLAGS,
  ...unsandboxedFlag("the target's tests"),
  ...withDescription(
    MODEL_FLAGS,
    "the fixer's model, as for scan (a model for the 'fixer' role is required; one for 'tester' reproduces issues filed without a fingerprint; a command provider makes the fixer an agent CLI; the 'referee' role's model runs the panel's model reviewers and the self-review, which without it do not run)",
  ),
  json: common('json', 'print work-report.json'),
} as const;

export const workCommand: Command = defineCommand({
  name: 'work',
  help: {
    synopsis: ['bug-hunter work [target] [flags]'],
    about: `The fix queue. Takes the open issues labelled nightshift and auto-ready (most urgent priority:* first, then the
oldest), or exactly the issues named with --issue. For each issue filed by 'bug-hunter publish' it finds the
finding (by the fingerprint marker) in the last scan; an issue without a marker is first reproduced like
'bug-hunter repro --issue N' when the 'tester' role has a model, and only a reproduced one is fixed. Then, in a git worktree at the head of origin's default
branch runs the fixer inside the finding's scope (up to 3 attempts, each from the base), proves the reproduction
red -> green and the suite green in the sandbox, applies the gates (files <= 15, lines <= 500, deletions, no
dependency change unless the issue asks), and has a review panel check it (rule reviewers for scope, spec and
test coverage; with a model for the 'referee' role also code-reviewer, spec-compliance, test-coverage,
scope-checker and, on security-sensitive changes, red-team, in parallel). A fixer role bound to a command
provider (an agent CLI such as 'claude -p') edits the worktree itself, held to the same scope and gates. A fix that
passes is pushed to bug-hunter/gh-<N>-<slug> on origin and opened as a DRAFT pull request (Closes #N, the proof,
the gates, the review); the issue moves from auto-ready/nightshift to auto-pr-ready. A gate, review or fix
failure labels the issue auto-failed with a comment naming the phase; an empty diff closes it only when a
rescan of the finding's file at the base no longer reports it (else auto-failed, with what the fixer said). Three systemic
failures in a row (crash, timeout, setup) halt the queue. Afterwards, issues that say "Depends on #M" are
labelled auto-ready once their dependencies are closed or auto-pr-ready. Records everything in work-report.json
(rewritten after each issue), work-report.md and work-report.html (the same summary as a self-contained page).`,
    sections: [{ flags: OPTIONS }],
    after: `Environment: GITHUB_TOKEN (or GH_TOKEN), GITHUB_API_URL, GITHUB_SERVER_URL as for publish.
Exit codes: 0 the queue ran (whatever each issue's outcome); 2 usage or setup (no token, no scan report, no
fixer model, bad flag); 3 a GitHub call failed or the queue halted (work-report.json says how far it got).`,
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('work', argv, OPTIONS);
    atMostPositionals('work', positionals, 1, 'at most one target');
    if (values.repo !== undefined) parseRepoFlag(values.repo);
    const only = (values.issue ?? []).map((v) => positiveInt('issue', v)!);
    const limit = positiveInt('limit', values.limit) ?? DEFAULT_LIMIT;
    const timeoutMs = values.timeout === undefined ? undefined : issueTimeoutMs(values.timeout);
    const concurrency = positiveInt('concurrency', values.concurrency);
    const startAt = values.at === undefined ? undefined : parseStartAt(values.at);
    if (only.length > 0 && values.limit !== undefined) throw new UsageError('--limit caps the labelled queue; with --issue the issues named are the queue. Leave one of them out.');
    const backend = oneOf('sandbox', values.sandbox, SANDBOX_CHOICES, 'auto');
    const dependencies = values.deps === undefined ? undefined : oneOf('deps', values.deps, DEPENDENCY_STRATEGIES, 'off');
    const target = resolveTarget(positionals[0], io.cwd);
    const artifactDir = resolveOutDir(target, values.from, io.cwd);
    if (values.out !== undefined) throw new UsageError('work writes its reports next to the scan it fixes from; pass --from <dir> to choose that folder.');

    // The model layer, the sandbox and Octokit load only here, so --help never pays for them.
    const { resolveModels, openModelSession } = await import('../../driver/model-setup.ts');
    const { modelProposer } = await import('../../engines/fix/propose.ts');
    const { agentProposer } = await import('../../engines/fix/agent-propose.ts');
    const { providerFor } = await import('../../engines/config/resolve.ts');
    const { modelSelfReviewer, unreviewed } = await import('./self-review-run.ts');
    const { modelPanel, rulesOnlyPanel } = await import('./model-panel.ts');
    const { selectBackend } = await import('../../engines/sandbox/select.ts');
    const { runWork } = await import('./work.ts');
    const { renderSummary } = await import('./report.ts');
    const models = resolveModels(target, modelRequestOf(values, io.cwd));
    for (const warning of models.warnings) io.stderr(`warning: ${warning}\n`);
    if (!models.modelRoles.has('fixer' satisfies Role)) {
      throw new UsageError("work needs a model for the 'fixer' role: the static engine finds bugs but does not write fixes. Configure one in a config file (--config, see 'bug-hunter init') or pass --provider and --model.");
    }
    let sandbox;
    try {
      sandbox = selectBackend({ backend, allowUnsandboxed: Boolean(values[UNSANDBOXED_OPTION]) });
    } catch (error) {
      // Without a sandbox no fix can be proven: a setup problem, before anything is fixed or any issue touched.
      throw new UsageError(`work proves every fix in a sandbox: ${(error as Error).message}`);
    }
    const log = createLogger({ quiet: Boolean(values.quiet) });
    const started = Date.now();
    const session = openModelSession(models, artifactDir, `work-${new Date(started).toISOString().replace(/[:.]/g, '-')}`, log, values.record);
    let outcome;
    try {
      outcome = await runWork({
        target,
        artifactDir,
        repoFlag: values.repo,
        only,
        limit,
        dryRun: Boolean(values['dry-run']),
        ...(timeoutMs !== undefined ? { timeLimitMs: timeoutMs } : {}),
        ...(concurrency !== undefined ? { concurrency } : {}),
        ...(startAt ? { startInMs: delayUntil(startAt, new Date()) } : {}),
        env: process.env,
        // An agent CLI (the command backend) edits the worktree itself; a model answers with search/replace edits.
        proposer: providerFor(models.config, 'fixer' satisfies Role).provider.type === 'command' ? agentProposer(session.client) : modelProposer(session.client),
        // The reviewers are the referee role's model (the judge), never the fixer's.
        panel: models.modelRoles.has('referee' satisfies Role) ? modelPanel(session.client) : rulesOnlyPanel,
        reviewer: models.modelRoles.has('referee' satisfies Role) ? modelSelfReviewer(session.client) : unreviewed,
        // The fix worktrees are made from the target: its installed (gitignored) node_modules are the ones a run binds.
        proof: { backend: sandbox, signal: io.signal, installedFrom: target, ...(dependencies ? { dependencies } : {}) },
        // With a tester model, an issue without a bug-hunter fingerprint is reproduced first (as `repro --issue`).
        ...(models.modelRoles.has('tester') ? { reproduce: (await import('./queue-repro.ts')).queueReproducer({ target, artifactDir, client: session.client, backend: sandbox, signal: io.signal, ...(dependencies ? { dependencies } : {}) }) } : {}),
        notice: (line) => io.stderr(`${line}\n`),
      });
    } finally {
      await session.close(Date.now() - started);
    }
    const { report, reportPath } = outcome;
    if (values.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    else if (!values.quiet) io.stdout(renderSummary(report, reportPath));
    if (report.status === 'failed') {
      io.stderr(`bug-hunter: ${report.error}\n`);
      return ExitCode.failed;
    }
    return report.status === 'halted' ? ExitCode.failed : ExitCode.ok;
  },
});
