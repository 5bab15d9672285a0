// `bug-hunter scan [target]`: the whole pipeline. Prints a summary (or --json) and exits 0/1/2/3.
import { join, resolve } from 'node:path';
import type { Severity } from '../artifacts/schemas/common.ts';
import { SEVERITY_ORDER } from '../artifacts/schemas/common.ts';
import { UsageError } from '../foundations/errors.ts';
// Only the flag's name: the sandbox itself loads when a run verifies or reproduces.
import { UNSANDBOXED_OPTION } from '../engines/sandbox/none.ts';
import { DEPENDENCY_STRATEGIES, PROFILE_CHOICES, SANDBOX_CHOICES, type ProfileChoice, type RunOptions } from '../engines/run/options.ts';
import { atMostPositionals, common, oneOf, parseCommandArgs, positiveInt } from './kit/args.ts';
import { scanCommandLine } from '../engines/terminal/command-line.ts';
import { checkRef, diffRequestOf } from '../engines/scope/spec.ts';
import { badGlob } from '../engines/scope/exclusions.ts';
import { defineCommand, type Command } from './kit/command.ts';
import { DEP_SCAN_FLAGS, depScanOptions } from './kit/dep-scan-flags.ts';
import { createLogger, PROGRESS_FORMATS } from '../engines/terminal/log.ts';
import { MODEL_FLAGS, modelRequestOf } from './kit/model-flags.ts';
import { summariseScan } from './kit/summary.ts';
import { printableDeep } from '../engines/report/printable.ts';
import { parseShard } from '../engines/shard/assign.ts';
import { CACHE_FLAGS, cacheRequestOf } from './kit/cache-flags.ts';
import { LEADS_FLAGS, leadsOptions } from './kit/leads-flags.ts';
import { REPORT_FORMATS, renderFormat } from './kit/formats.ts';
import { writeOutputFile } from './kit/output-file.ts';
import { appendStepSummary } from '../engines/terminal/step-summary.ts';
import { SANDBOX_FLAGS, unsandboxedFlag } from './kit/sandbox-flags.ts';

const OPTIONS = {
  loop: { type: 'boolean', description: 'keep going until every chunk is covered (retries failed chunks once)' },
  resume: {
    type: 'boolean',
    description: 'continue the interrupted run with the same flags (printed after Ctrl-C); refused, naming what differs, if target, flags or scope changed',
  },
  profile: { type: 'string', arg: '<p>', description: 'auto (default), fast, balanced, assurance' },
  'fail-on': { type: 'string', arg: '<severity>', description: 'exit 1 when a confirmed finding is at or above: critical, high, medium, low (default), info' },
  ...MODEL_FLAGS,
  estimate: {
    type: 'boolean',
    description: 'triage and plan only, then predict tokens, cost and wall time; calls no model, works in <out>/estimate/ (the last run is left as it was)',
  },
  concurrency: { type: 'string', arg: '<n>', description: 'chunks in flight (overrides the plan)' },
  'chunk-tokens': { type: 'string', arg: '<n>', description: 'source-token budget per chunk (overrides the plan)' },
  'max-chunks': { type: 'string', arg: '<n>', description: 'scan at most n chunks, highest risk first (overrides the plan; the rest is reported uncovered)' },
  shard: {
    type: 'string',
    arg: '<i/n>',
    description: "hunt only shard i of n: the chunks a hash of their first file assigns to it (for a CI matrix); the other chunks are left to the other shards, and 'bug-hunter merge' joins the runs",
  },
  since: {
    type: 'string',
    arg: '<ref>',
    description: 'diff-aware: scan only files changed since <ref> (working tree and untracked files included) and the files that import them (see --radius)',
  },
  diff: {
    type: 'string',
    arg: '<base>...<head>',
    description: 'diff-aware: what a pull request changes (from the merge base; <base>..<head> diffs from <base> itself); <head> must be the checked-out commit',
  },
  staged: { type: 'boolean', description: 'diff-aware: what is staged in the index against HEAD (for a pre-commit hook)' },
  radius: {
    type: 'string',
    arg: '<n>',
    description: 'with --since/--diff/--staged: also scan files importing a changed file, up to n hops (default 1; 0 = only the changed files)',
  },
  baseline: {
    type: 'string',
    arg: '<ref>',
    description: 'findings that already exist at <ref> (scanned in a temporary worktree with the same flags) are marked pre-existing and do not fail the run; only new ones count for the exit code',
  },
  'include-tests': { type: 'boolean', description: 'also hunt in test, fixture, example and benchmark code' },
  'include-generated': { type: 'boolean', description: 'also scan build output (dist/, build/ …) and generated file names, e.g. a package shipped as dist/ only' },
  'no-gitignore': { type: 'boolean', description: 'scan files .gitignore leaves out, also when an enclosing repository ignores the whole target' },
  'no-repo-suppressions': {
    type: 'boolean',
    description: "ignore every suppression the repository supplies: the committed .bug-hunter/suppressions.json, bug-hunter-ignore comments, .bug-hunterignore and its config's rules, include, exclude and maxFileBytes (your own uncommitted dismissals and config still apply); for untrusted changes",
  },
  include: {
    type: 'string',
    multiple: true,
    arg: '<glob>',
    description: 'only files matching the glob (gitignore syntax, relative to the target; repeatable; config key include) are in scope; the others are listed as excluded',
  },
  exclude: {
    type: 'string',
    multiple: true,
    arg: '<glob>',
    description: "leave files matching the glob (gitignore syntax; repeatable; config key exclude) out on purpose: listed as excluded, never read, not a coverage gap (the repository's own list: .bug-hunterignore)",
  },
  'max-file-bytes': { type: 'string', arg: '<n>', description: 'read source files up to n bytes (default 1048576; config key maxFileBytes); a larger file in scope is not read, and the run exits 3 naming it' },
  rule: {
    type: 'string',
    multiple: true,
    arg: '<id>=<s>',
    description: "turn a static rule off (<id>=off) or give its findings a severity (<id>=high …), over the CVSS band and the config files' \"rules\"; shown as an override; repeatable ('bug-hunter rules' lists the ids)",
  },
  'allow-uncovered': {
    type: 'boolean',
    description: 'exit 0 even when nothing was checked or read, or in-scope files (or lockfiles) had no scanner (default: exit 3); a file a configured engine reads but could not (too large, a link out) still exits 3',
  },
  'require-coverage': {
    type: 'boolean',
    description: 'exit 3 when in-scope files are in a language no configured engine reads (default: listed by language, not counted; never Clean)',
  },
  'fail-on-review': { type: 'boolean', description: 'manual-review findings at or above --fail-on also exit 1 (default: listed, not counted)' },
  'show-suspected': { type: 'boolean', description: 'also report T3 (suspected) findings' },
  verify: { type: 'boolean', description: "run the target's checks (baseline suite, typecheck, lint, build) in the sandbox" },
  repro: { type: 'boolean', description: 'write and run a failing test per confirmed finding in the sandbox (tier T1); needs a model for the tester role' },
  fix: { type: 'boolean', description: 'fix confirmed findings inside a recorded scope, in a git worktree, with red-to-green proof' },
  'auto-commit': { type: 'boolean', description: 'with --fix: commit proven fixes to a new branch bug-hunter/fix-<runId> (never the current one)' },
  'dep-scan': {
    type: 'boolean',
    description: "scan lockfiles (npm, pnpm, Yarn, Bun) for dependencies with known advisories, with reachability from the code (dep-findings.json; listed in the report); other ecosystems' lockfiles are scanner-unsupported",
  },
  ...DEP_SCAN_FLAGS,
  'no-refine-threat-model': {
    type: 'boolean',
    description: 'keep the deterministic threat model: by default, whenever a model serves the recon role, it refines the model (missed flows, wrong or missing STRIDE entries; entries whose cited line does not hold are dropped and counted; a failed answer or a spent budget leaves the deterministic model)',
  },
  'refine-threat-model': { type: 'boolean', description: 'insist on that refinement: exit 2 when no model serves the recon role' },
  ...LEADS_FLAGS,
  'verify-plan': { type: 'string', arg: '<file>', description: 'checks to run instead of detecting them' },
  ...SANDBOX_FLAGS,
  ...unsandboxedFlag('untrusted code', ' (never on code you do not trust)'),
  ...CACHE_FLAGS,
  out: common('out', 'artifact folder (default <target>/.bug-hunter)'),
  json: common('json', 'print the scan result as one JSON document on stdout (progress stays on stderr)'),
  progress: { type: 'string', arg: '<format>', description: 'progress on stderr: text (default), json (one JSON object per line), none' },
  format: {
    type: 'string',
    arg: '<f>',
    description: "also render the finished report as md, json, sarif, github-review, pr-comment, junit or html (as 'report --format'): to --output <file>, or on stdout instead of the summary",
  },
  output: { type: 'string', arg: '<file>', description: 'with --format: write that format to <file> (atomically); the summary still goes to stdout' },
  quiet: common('quiet', 'no progress lines'),
} as const;

function globs(flag: string, given: readonly string[] | undefined): string[] | undefined {
  if (!given?.length) return undefined;
  for (const glob of given) {
    const bad = badGlob(glob);
    if (bad) throw new UsageError(`${flag} ${JSON.stringify(glob)}: ${bad}.`);
  }
  return [...given];
}

export const scanCommand: Command = defineCommand({
  name: 'scan',
  help: {
    synopsis: ['bug-hunter scan [target] [flags]'],
    about: 'Scans target (default: the current folder) and writes artifacts to <target>/.bug-hunter/.',
    sections: [{ title: 'Flags:', flags: OPTIONS }],
    after: `Exit codes: 0 nothing confirmed at or above --fail-on; 1 confirmed findings (and manual-review ones with --fail-on-review;
            with --dep-scan, a reachable vulnerable production dependency at or above --fail-on);
            2 usage error (also --repro without a tester model); 3 could not check what was asked: a failed or incomplete
            run, a check asked for (--verify, --repro) that could not run, nothing checked or read, an in-scope file a
            configured engine reads left unread (too large …), with --dep-scan advisories or a lockfile not checked;
            files in a language no configured engine reads are listed by language, and count only with --require-coverage.`,
  },
  async run(argv, io) {
    const { values, positionals, tokens } = parseCommandArgs('scan', argv, OPTIONS);
    atMostPositionals('scan', positionals, 1, 'at most one target');
    const format = values.format === undefined ? undefined : oneOf('format', values.format, REPORT_FORMATS, 'md');
    if (values.output !== undefined && !format) throw new UsageError('--output writes a --format; name one, e.g. --format sarif --output report.sarif.');
    if (format && values.json && values.output === undefined) throw new UsageError('--json and --format both print on stdout: give one, or write the format to a file with --output <file>.');
    const target = resolve(io.cwd, positionals[0] ?? '.');
    const options: Partial<RunOptions> = {
      profile: oneOf<ProfileChoice>('profile', values.profile, PROFILE_CHOICES, 'auto'),
      failOn: oneOf<Severity>('fail-on', values['fail-on'], SEVERITY_ORDER, 'low'),
      showSuspected: Boolean(values['show-suspected']),
    };
    const diff = diffRequestOf({ since: values.since, diff: values.diff, staged: values.staged, radius: values.radius });
    const baseline = values.baseline === undefined ? undefined : checkRef('--baseline', values.baseline);
    const concurrency = positiveInt('concurrency', values.concurrency);
    const chunkTokens = positiveInt('chunk-tokens', values['chunk-tokens']);
    const maxChunks = positiveInt('max-chunks', values['max-chunks']);
    if (concurrency !== undefined) options.concurrency = concurrency;
    if (chunkTokens !== undefined) options.chunkTokens = chunkTokens;
    if (maxChunks !== undefined) options.maxChunks = maxChunks;
    if (values.shard !== undefined) options.shard = parseShard(values.shard);
    if (values['verify-plan']) options.verifyPlan = resolve(io.cwd, values['verify-plan']);
    if (values.sandbox) options.sandboxBackend = oneOf('sandbox', values.sandbox, SANDBOX_CHOICES, 'auto');
    if (values.deps) options.dependencies = oneOf('deps', values.deps, DEPENDENCY_STRATEGIES, 'off');
    if (values[UNSANDBOXED_OPTION]) options.allowUnsandboxed = true;
    if (values['auto-commit'] && !values.fix) throw new UsageError('--auto-commit needs --fix: there is nothing to commit without fixing.');
    if ((values.advisories !== undefined || values.registry !== undefined) && !values['dep-scan']) {
      throw new UsageError('--advisories and --registry need --dep-scan: they feed the dependency scan.');
    }
    if (values['dep-scan']) options.depScan = depScanOptions(values, io.cwd);
    if (values.fix) options.fix = true;
    if (values['no-repo-suppressions']) options.noRepoSuppressions = true;
    if (values['require-coverage'] && values['allow-uncovered']) throw new UsageError('--require-coverage and --allow-uncovered contradict each other: give one.');
    const maxFileBytes = positiveInt('max-file-bytes', values['max-file-bytes']);
    const include = globs('--include', values.include);
    const exclude = globs('--exclude', values.exclude);
    if (values['refine-threat-model'] && values['no-refine-threat-model']) throw new UsageError('--refine-threat-model and --no-refine-threat-model contradict each other: give one.');
    if (values['refine-threat-model']) options.refineThreatModel = true;
    if (values['no-refine-threat-model']) options.refineThreatModel = false;
    const leads = leadsOptions(values, io.cwd);
    if (leads) options.leads = leads;
    if (values['auto-commit']) options.autoCommit = true;
    // The pipeline (static engine, models, sandbox) loads only when a scan actually runs, not for --help.
    const { runScan } = await import('../driver/scan.ts');
    const result = await runScan({
      target,
      ...(values.out ? { outDir: resolve(io.cwd, values.out) } : {}),
      options,
      scope: {
        includeTests: Boolean(values['include-tests']),
        // Set only when asked, so runs without them keep the scope hash they always had.
        ...(values['include-generated'] ? { includeGenerated: true } : {}),
        ...(values['no-gitignore'] ? { noGitignore: true } : {}),
        ...(maxFileBytes !== undefined ? { maxFileBytes } : {}),
        ...(include ? { include } : {}),
        ...(exclude ? { exclude } : {}),
      },
      cache: cacheRequestOf(values['no-cache'], values['cache-dir'], io.cwd),
      exitPolicy: { allowUncovered: Boolean(values['allow-uncovered']), requireCoverage: Boolean(values['require-coverage']), failOnReview: Boolean(values['fail-on-review']) },
      ...(diff ? { diff } : {}),
      ...(baseline ? { baseline } : {}),
      ...(values.rule?.length ? { rules: values.rule } : {}),
      resume: Boolean(values.resume),
      loop: Boolean(values.loop),
      verify: Boolean(values.verify),
      repro: Boolean(values.repro),
      fix: Boolean(values.fix),
      depScan: Boolean(values['dep-scan']),
      leads: Boolean(leads),
      estimate: Boolean(values.estimate),
      models: modelRequestOf(values, io.cwd),
      log: createLogger({ quiet: Boolean(values.quiet), format: oneOf('progress', values.progress, PROGRESS_FORMATS, 'text') }),
      signal: io.signal,
      command: scanCommandLine(target, tokens),
    });
    appendStepSummary(process.env, result.report, { command: 'scan', out: values.out }, io.stderr);
    const summary = values.json ? `${JSON.stringify(result, null, 2)}\n` : summariseScan(printableDeep(result), Boolean(values['show-suspected']));
    if (!format) {
      io.stdout(summary);
      return result.exitCode;
    }
    if (!result.report) {
      // An estimate or an interrupted run has no report to render: say so rather than write an empty file.
      io.stdout(summary);
      io.stderr(`No ${format} written: this run produced no scan report (${result.exitReason}).\n`);
      return result.exitCode;
    }
    const text = await renderFormat(format, result.report, result.report, { out: values.out, outDir: values.out ? resolve(io.cwd, values.out) : join(target, '.bug-hunter') });
    if (values.output === undefined) {
      io.stdout(text);
      return result.exitCode;
    }
    const written = writeOutputFile(values.output, text, io.cwd);
    io.stdout(summary);
    if (!values.quiet) io.stderr(`Wrote ${format} to ${written}\n`);
    return result.exitCode;
  },
});
