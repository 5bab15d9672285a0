// `bug-hunter watch [target]` follows a branch commit by commit; `watch status [target]` is its morning summary.
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { UsageError } from '../../foundations/errors.ts';
import { atMostPositionals, common, oneOf, parseCommandArgs, positiveInt } from '../kit/args.ts';
import { defineCommand, type Command, type CommandIO } from '../kit/command.ts';
import { writeOutputFile } from '../kit/output-file.ts';
import { withDescription } from '../kit/usage.ts';
import { createLogger, PROGRESS_FORMATS } from '../../engines/terminal/log.ts';
import { MODEL_FLAGS, modelRequestOf } from '../kit/model-flags.ts';
import { PROFILE_CHOICES, type ProfileChoice } from '../../engines/run/options.ts';
import { resolveTarget } from '../../engines/run/target.ts';
import { parseDuration, positiveNumber } from './duration.ts';
import type { WatchRequest } from './watcher.ts';

const WATCH_OPTIONS = {
  once: { type: 'boolean', description: 'process what is pending, then exit (for cron or a CI schedule)' },
  branch: { type: 'string', arg: '<name>', description: 'branch to follow (default: the current one)' },
  remote: { type: 'string', arg: '<name>', description: "fetch <name>'s copy of the branch before each cycle and follow refs/remotes/<name>/<branch>" },
  interval: { type: 'string', arg: '<duration>', description: 'time between polls (default 5m; e.g. 30s, 5m, 1h)' },
  'per-cycle-tokens': { type: 'string', arg: '<n>', description: "token cap for one commit's investigation (config: budgets.perRunTokens)" },
  'per-day-tokens': {
    type: 'string',
    arg: '<n>',
    description: 'token cap per UTC day (config: budgets.perDayTokens); past budgets.warnAt (0.7) cycles degrade (no sweep), when spent no investigation starts until the day rolls over',
  },
  'per-cycle-seconds': {
    type: 'string',
    arg: '<s>',
    description: 'CPU seconds one cycle may use (the budget of the static engine; config: budgets.perCycleSeconds); past it no new chunk starts and the rest is unreviewed',
  },
  'per-day-seconds': { type: 'string', arg: '<s>', description: 'CPU seconds per UTC day (config: budgets.perDaySeconds), with the same degrade-then-stop rule' },
  'sweep-chunks': {
    type: 'string',
    arg: '<n>',
    description: 'chunks of the plan (the whole tree cut as a full scan would) the slow sweep re-examines per cycle, least recently reviewed first (default 2)',
  },
  'no-sweep': { type: 'boolean', description: 'no slow sweep' },
  profile: { type: 'string', arg: '<p>', description: 'auto (default), fast, balanced, assurance' },
  'include-tests': { type: 'boolean', description: 'also hunt in test, fixture, example and benchmark code' },
  ...withDescription(MODEL_FLAGS, 'as for scan'),
  json: common('json', 'print the result (or the status) as JSON on stdout'),
  progress: { type: 'string', arg: '<format>', description: 'text (default), json, none' },
  quiet: common('quiet', 'no progress lines'),
} as const;

const DEFAULT_SWEEP_CHUNKS = 2;

const STATUS_OPTIONS = {
  since: { type: 'string', arg: '<duration>', description: 'what changed in this window (default 24h)' },
  html: { type: 'string', arg: '<file>', description: 'also write the summary as a self-contained page to <file>: open findings, opened and closed per commit, the changes' },
} as const;

export const watchCommand: Command = defineCommand({
  name: 'watch',
  help: {
    synopsis: ['bug-hunter watch [target] [flags]', 'bug-hunter watch status [target] [--since 24h] [--json] [--html <file>]'],
    about: `Follows a branch of the git repository at target (default: the current folder): for each new commit since the last
one processed (oldest first) it investigates the commit's tree, re-verifies open findings whose code changed,
closes the ones the commit fixed (with its id) and appends what happened to <target>/.bug-hunter/events.jsonl.
The first commit it sees (the branch tip) is the baseline. State: <target>/.bug-hunter/watch.db (SQLite);
each commit's artifacts: <target>/.bug-hunter/watch/runs/<commit>/; the ledger: <target>/.bug-hunter/ledger.json.
One watcher per repository (the run lock). Ctrl-C or SIGTERM stops it cleanly; an interrupted commit is
processed again at the next start.`,
    sections: [
      { title: 'Flags:', flags: WATCH_OPTIONS },
      { title: 'watch status flags:', flags: STATUS_OPTIONS },
    ],
    after: `Exit codes: 0 done (or stopped by a signal); 2 usage error; 3 three systemic failures in a row (git, crash,
            model provider unreachable; with --once: one), or with --once the daily budget is spent.`,
  },
  run: (argv, io) => runWatchCommand(argv, io),
});

/** `watch` and `watch status`; `deps.checkpoint` is handed to the watcher (see WatchRequest.checkpoint). */
export async function runWatchCommand(argv: string[], io: CommandIO, deps: Pick<WatchRequest, 'checkpoint'> = {}): Promise<number> {
  if (argv[0] === 'status') return status(argv.slice(1), io);
  const { values, positionals } = parseCommandArgs('watch', argv, WATCH_OPTIONS);
  atMostPositionals('watch', positionals, 1, 'at most one target');
  const limits = {
    ...defined('perCycleTokens', positiveInt('per-cycle-tokens', values['per-cycle-tokens'])),
    ...defined('perDayTokens', positiveInt('per-day-tokens', values['per-day-tokens'])),
    ...defined('perCycleSeconds', positiveNumber('per-cycle-seconds', values['per-cycle-seconds'])),
    ...defined('perDaySeconds', positiveNumber('per-day-seconds', values['per-day-seconds'])),
  };
  const { runWatch } = await import('./watcher.ts');
  const result = await runWatch({
    target: resolve(io.cwd, positionals[0] ?? '.'),
    ...(values.branch !== undefined ? { branch: values.branch } : {}),
    ...(values.remote !== undefined ? { remote: remoteName(values.remote) } : {}),
    intervalMs: values.interval === undefined ? 5 * 60_000 : parseDuration('interval', values.interval, 1000),
    once: Boolean(values.once),
    sweepChunks: values['no-sweep'] ? 0 : (positiveInt('sweep-chunks', values['sweep-chunks']) ?? DEFAULT_SWEEP_CHUNKS),
    limits,
    options: { profile: oneOf<ProfileChoice>('profile', values.profile, PROFILE_CHOICES, 'auto') },
    scope: { includeTests: Boolean(values['include-tests']) },
    models: modelRequestOf(values, io.cwd),
    log: createLogger({ quiet: Boolean(values.quiet), format: oneOf('progress', values.progress, PROGRESS_FORMATS, 'text') }),
    signal: io.signal,
    ...(deps.checkpoint ? { checkpoint: deps.checkpoint } : {}),
  });
  if (values.json) io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else io.stdout(`watch: ${result.reason}.\n${result.processed.map((p) => `  ${p.sha.slice(0, 12)} ${p.status}${p.detail ? `: ${p.detail}` : ''}`).join('\n')}${result.processed.length ? '\n' : ''}`);
  if (result.exitCode !== 0 && !values.json) io.stderr(`bug-hunter: watch: ${result.reason}\n`);
  return result.exitCode;
}

async function status(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('watch status', argv, STATUS_OPTIONS);
  atMostPositionals('watch status', positionals, 1, 'at most one target');
  const target = resolveTarget(positionals[0], io.cwd);
  const sinceMs = parseDuration('since', values.since ?? '24h');
  const path = join(target, '.bug-hunter', 'watch.db');
  if (!existsSync(path)) throw new UsageError(`${target} has no watch state (${path}); run 'bug-hunter watch --once ${target}' first.`);
  const { WatchDb } = await import('./db.ts');
  const { readStatus, renderStatus } = await import('./status.ts');
  const db = WatchDb.open(path);
  try {
    const now = new Date();
    const report = readStatus(db, new Date(now.getTime() - sinceMs), now);
    io.stdout(values.json ? `${JSON.stringify(report, null, 2)}\n` : renderStatus(report));
    if (values.html !== undefined) writeOutputFile(values.html, (await import('./status-html.ts')).renderStatusHtml(report), io.cwd);
  } finally {
    db.close();
  }
  return 0;
}

function defined<K extends string>(key: K, value: number | undefined): { [P in K]?: number } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: number };
}

function remoteName(value: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value)) throw new UsageError(`--remote takes a remote's name, such as origin (got '${value}').`);
  return value;
}
