// `bug-hunter watch`: follows a branch, one cycle per new commit (oldest first), under the target's run lock.
// A cycle investigates the commit, folds the result into the ledger and writes everything in one transaction;
// the outbox (events.jsonl, ledger.json) is derived afterwards. A failure of one commit is recorded and skipped;
// three systemic failures in a row (git, crash, a provider-unavailable coverage cause) stop the watcher with exit 3.
import { join, relative } from 'node:path';
import { ExitCode, InfrastructureError, IntegrityError, PhaseError, UsageError } from '../../foundations/errors.ts';
import type { Logger } from '../../foundations/logger.ts';
import { gitTopLevel } from '../../engines/git/git.ts';
import { resolveModels, type ModelRequest } from '../../driver/model-setup.ts';
import { acquireRunLock } from '../../engines/run/lock.ts';
import type { RunOptions, ScopeOptions } from '../../engines/run/options.ts';
import { resolveOutDir, resolveTarget } from '../../engines/run/target.ts';
import { readMemory } from '../../engines/suppress/lock.ts';
import { emptySuppressions } from '../../engines/suppress/suppressions.ts';
import { readArtifactIfPresent } from '../../artifacts/store.ts';
import { budgetFor, cpuStopFor, cycleHasRoom, dayOf, investigationBudget, type WatchLimits } from './budget.ts';
import { checkBranch, currentBranch, fetchRemote, pendingCommits, tipOf, type PendingCommit } from './commits.ts';
import { WatchDb, type DayUsage } from './db.ts';
import { commitFocus, sweepFocus } from './focus.ts';
import { investigate } from './investigate.ts';
import { staleChunks, treeChunks } from './sweep-chunks.ts';
import { inWatchTerms, pathList } from './advice.ts';
import { chunkBudgetFor } from '../../engines/modes/profile.ts';
import { loadModes } from '../../engines/modes/load.ts';
import { syncOutbox, watchLedger } from './outbox.ts';
import { reconcile } from './reconcile.ts';
import { sleep } from '../../foundations/sleep.ts';
import { failedAgain, HALT_AFTER, mustHalt, noFailures } from '../../engines/halt/halt.ts';

export const MAX_SYSTEMIC_FAILURES = HALT_AFTER;

/** A failure that is not the commit's: the watcher retries it and stops after MAX_SYSTEMIC_FAILURES in a row. */
export class SystemicFailure extends InfrastructureError {
  override readonly name: string = 'SystemicFailure';
}
export const WATCH_DB_FILE = 'watch.db';

export interface WatchRequest {
  target: string;
  branch?: string;
  /** Fetch this remote's branch before each cycle (--remote). */
  remote?: string;
  intervalMs: number;
  once: boolean;
  /** The plan's chunks the slow sweep examines per cycle (0: no sweep). */
  sweepChunks: number;
  /** From the flags; the config's budgets.perRunTokens (per cycle), perDayTokens, perCycleSeconds, perDaySeconds and warnAt fill the gaps. */
  limits: Partial<WatchLimits>;
  options: Partial<RunOptions>;
  scope: Partial<ScopeOptions>;
  models: ModelRequest;
  log: Logger;
  signal: AbortSignal;
  /** Called at the two points of a commit's cycle where a crash must leave a consistent state: before-record (the
   * investigation done, nothing of it in watch.db yet) and before-outbox (the transaction committed, events.jsonl and
   * ledger.json not yet written). The CLI passes none; the crash tests pass one that stops the process there. */
  checkpoint?: (point: WatchCheckpoint, commit: string) => void;
}

export type WatchCheckpoint = 'before-record' | 'before-outbox';

export interface WatchResult {
  exitCode: number;
  reason: string;
  /** Commits recorded by this invocation, in order. */
  processed: { sha: string; status: string; detail?: string }[];
}

type CommitOutcome = 'done' | 'partial' | 'failed' | 'budget' | 'interrupted';

export async function runWatch(request: WatchRequest): Promise<WatchResult> {
  const target = resolveTarget(request.target);
  const top = gitTopLevel(target);
  if (top === null) throw new UsageError(`${target} is not a git repository: watch follows a branch's commits.`);
  if (resolveTarget(top) !== target) throw new UsageError(`watch follows a whole repository: pass its top folder ${top}, not ${target}.`);
  const memory = resolveOutDir(target, undefined);
  const branch = request.branch ?? currentBranch(target);
  const ref = checkBranch(target, branch, request.remote);
  // The user's model configuration is checked once, up front: a mistake there is exit 2, not a failing cycle.
  const setup = resolveModels(target, request.models);
  for (const warning of setup.warnings) request.log.warn(warning);
  const limits = limitsOf(request.limits, setup.config.budgets);
  const lock = acquireRunLock(memory, `bug-hunter watch ${target}`);
  const db = WatchDb.open(join(memory, WATCH_DB_FILE));
  const { log, signal } = request;
  const processed: WatchResult['processed'] = [];
  try {
    db.setLimits(limits, branch);
    // A kill -9 after a cycle committed but before its outbox was written is repaired here.
    await syncOutbox(db, target);
    let failures = noFailures();
    for (;;) {
      if (signal.aborted) return stopped(request, processed);
      const started = new Date().toISOString();
      let outcome: CommitOutcome | 'idle';
      try {
        outcome = await cycleBatch({ ...request, limits }, target, ref, branch, db, processed);
        failures = noFailures();
      } catch (error) {
        if (signal.aborted) return stopped(request, processed);
        if (error instanceof UsageError) throw error;
        const message = (error as Error).message;
        failures = failedAgain(failures, message);
        db.logFailure(started, 'systemic-failure', message, dayOf(new Date()));
        log.warn(`watch: cycle failed (${failures.count}/${MAX_SYSTEMIC_FAILURES} in a row): ${message}`);
        if (request.once || mustHalt(failures, MAX_SYSTEMIC_FAILURES)) {
          const reason = request.once ? `the cycle failed: ${message}` : `stopped after ${failures.count} systemic failures in a row; the last: ${message}`;
          return { exitCode: ExitCode.failed, reason, processed };
        }
        await sleep(request.intervalMs, signal).catch(() => undefined); // a stop ends the wait; the loop sees it
        continue;
      }
      if (outcome === 'interrupted') return stopped(request, processed);
      if (request.once) {
        if (outcome === 'budget') return { exitCode: ExitCode.failed, reason: 'the daily budget is spent; commits are left pending until the day rolls over (UTC)', processed };
        return { exitCode: ExitCode.ok, reason: processed.length === 0 ? 'nothing new to process' : `processed ${processed.length} commit(s)`, processed };
      }
      await sleep(request.intervalMs, signal).catch(() => undefined); // a stop ends the wait; the loop sees it
    }
  } finally {
    db.close();
    lock.release();
  }
}

/** Flags first, then the config's budgets (a cycle's investigation is one run: budgets.perRunTokens). */
export function limitsOf(flags: Partial<WatchLimits>, config: { perRunTokens?: number; perDayTokens?: number; perCycleSeconds?: number; perDaySeconds?: number; warnAt: number }): WatchLimits {
  const out: WatchLimits = { warnAt: flags.warnAt ?? config.warnAt };
  const perCycleTokens = flags.perCycleTokens ?? config.perRunTokens;
  const perDayTokens = flags.perDayTokens ?? config.perDayTokens;
  if (perCycleTokens !== undefined) out.perCycleTokens = perCycleTokens;
  if (perDayTokens !== undefined) out.perDayTokens = perDayTokens;
  const perCycleSeconds = flags.perCycleSeconds ?? config.perCycleSeconds;
  const perDaySeconds = flags.perDaySeconds ?? config.perDaySeconds;
  if (perCycleSeconds !== undefined) out.perCycleSeconds = perCycleSeconds;
  if (perDaySeconds !== undefined) out.perDaySeconds = perDaySeconds;
  return out;
}

function stopped(request: WatchRequest, processed: WatchResult['processed']): WatchResult {
  request.log.info('watch: stopped; an interrupted commit is processed again at the next start.');
  return { exitCode: request.once ? ExitCode.failed : ExitCode.ok, reason: 'stopped by a signal', processed };
}

/** Fetch when asked, then every pending commit in order; stops early when the budget is spent or on a signal. */
type Resolved = WatchRequest & { limits: WatchLimits };

async function cycleBatch(request: Resolved, target: string, ref: string, branch: string, db: WatchDb, processed: WatchResult['processed']): Promise<CommitOutcome | 'idle'> {
  if (request.remote) fetchRemote(target, request.remote, branch);
  const tip = tipOf(target, ref);
  if (!tip) throw new PhaseError(`${ref} names no commit in ${target}${request.remote ? ` (fetched from ${request.remote})` : ''}.`);
  const pending = pendingCommits(target, tip, db.lastCommit()?.sha ?? null).filter((c) => !db.hasCommit(c.sha));
  if (pending.length > 0) request.log.info(`watch: ${pending.length} new commit(s) on ${branch}`);
  let last: CommitOutcome | 'idle' = 'idle';
  const used = { cpuMs: 0, tokens: 0 };
  for (const commit of pending) {
    last = await processCommit(request, target, db, commit);
    if (last === 'budget' || last === 'interrupted') return last;
    const row = db.commit(commit.sha);
    if (row) {
      processed.push(row);
      used.cpuMs += row.cpuMs;
      used.tokens += row.tokens;
    }
  }
  // Right after a baseline the whole tree was just reviewed: the sweep starts at the next cycle.
  const baselineNow = pending.some((c) => c.kind === 'baseline');
  if (request.sweepChunks > 0 && !baselineNow && (await sweep(request, target, db, used)) === 'interrupted') return 'interrupted';
  return last;
}

/** The slow sweep: a few of the plan's chunks at the last investigated commit, least recently reviewed first, while the budget allows. */
async function sweep(request: Resolved, target: string, db: WatchDb, used: { cpuMs: number; tokens: number }): Promise<'done' | 'skipped' | 'interrupted'> {
  const { log, limits } = request;
  const last = db.lastInvestigation();
  const triage = last ? readArtifactIfPresent(last.outDir, 'triage') : undefined;
  if (!last || !triage) return 'skipped';
  const day = dayOf(new Date());
  const verdict = budgetFor(limits, db.day(day));
  if (!verdict.sweep) {
    log.info(`watch: sweep skipped: ${verdict.note}.`);
    db.noteBudget(day, verdict.level, verdict.note!);
    return 'skipped';
  }
  if (!cycleHasRoom(limits, used)) {
    log.info('watch: sweep skipped: this cycle used its per-cycle budget on new commits.');
    return 'skipped';
  }
  // The whole tree (as the last investigation's triage listed it) in the chunks a full scan would make.
  const universe = triage.files.filter((f) => request.scope.includeTests || !f.isTest);
  const size = { tokens: universe.reduce((n, f) => n + f.tokens, 0), topRisk: universe[0]?.risk ?? 0 };
  const chunks = staleChunks(treeChunks(universe, chunkBudgetFor(request.options.profile ?? 'auto', request.options.chunkTokens, size, loadModes())), db.reviewedAt(), request.sweepChunks);
  const picked = chunks.flatMap((c) => c.files);
  if (picked.length === 0) return 'skipped';
  const previous = watchLedger(db, target);
  const startedAt = new Date().toISOString();
  const commit: PendingCommit = { sha: last.sha, parent: null, kind: 'commit' };
  const runsDir = join(resolveOutDir(target, undefined), 'watch', 'runs');
  const outcome = await investigate(
    { repo: target, commit, runsDir, label: `sweep-${last.sha}`, focus: sweepFocus(last.sha, picked), options: withCpuStop(request.options, limits, db.day(day), used.cpuMs), scope: request.scope, models: { ...request.models, budgets: investigationBudget(limits, db.day(day), used.tokens) }, log: quiet(log), signal: request.signal },
    (inv, read) => {
      if (inv.interrupted) return 'interrupted' as const;
      if (!inv.report) {
        db.logFailure(startedAt, 'sweep-failed', inv.exitReason, day);
        log.warn(`watch: sweep of ${chunks.length} chunk(s) failed: ${inv.exitReason}`);
        return 'skipped' as const;
      }
      const suppressions = readMemory(target, 'suppressions') ?? emptySuppressions();
      const result = reconcile({ previous, report: inv.report, scanned: inv.scanned, suppressions, read, commit: last.sha, now: new Date() });
      db.recordCycle({
        startedAt,
        finishedAt: new Date().toISOString(),
        day,
        budgetLevel: verdict.level,
        sha: last.sha,
        usage: { cpuMs: inv.cpuMs, tokens: inv.tokens },
        ledger: result.ledger,
        events: result.events,
        reverifications: result.reverifications,
        renamed: result.renamed,
        // Only what was examined to the end: a chunk the budget cut short stays the oldest for the next sweep.
        reviewedFiles: picked.filter((p) => inv.scanned.has(p)),
        swept: chunks.length,
        outcome: 'sweep',
        detail: pathList(picked, relative(target, join(inv.outDir, 'triage.json'))),
      });
      log.info(`watch: swept ${chunks.length} chunk(s) (${pathList(picked, relative(target, join(inv.outDir, 'triage.json')))}) at ${last.sha.slice(0, 12)}: ${countKinds(result.events.map((e) => e.kind)) || 'no change'}`);
      return 'done' as const;
    },
  );
  if (outcome === 'done') await syncOutbox(db, target);
  return outcome;
}

async function processCommit(request: Resolved, target: string, db: WatchDb, commit: PendingCommit): Promise<CommitOutcome> {
  const { log, limits } = request;
  const startedAt = new Date().toISOString();
  const day = dayOf(new Date());
  const verdict = budgetFor(limits, db.day(day));
  if (verdict.level === 'exhausted') {
    log.warn(`watch: ${verdict.note}; ${commit.sha.slice(0, 12)} waits.`);
    db.noteBudget(day, verdict.level, verdict.note!);
    return 'budget';
  }
  if (verdict.note) log.warn(`watch: ${verdict.note}.`);
  // Read before the investigation: a broken ledger.json is not this commit's fault (it fails the cycle, systemic).
  const previous = watchLedger(db, target);
  const short = commit.sha.slice(0, 12);
  const models: ModelRequest = { ...request.models, budgets: investigationBudget(limits, db.day(day)) };
  const record = (status: 'done' | 'partial' | 'failed', detail: string, extra: Partial<Parameters<WatchDb['recordCycle']>[0]> = {}, usage = { cpuMs: 0, tokens: 0 }, outDir?: string) => {
    request.checkpoint?.('before-record', commit.sha);
    db.recordCycle({
      startedAt,
      finishedAt: new Date().toISOString(),
      day,
      budgetLevel: verdict.level,
      ...(verdict.note ? { budgetNote: verdict.note } : {}),
      commit: { sha: commit.sha, parent: commit.parent, kind: commit.kind, status, detail, cpuMs: usage.cpuMs, tokens: usage.tokens, ...(outDir ? { outDir } : {}) },
      outcome: status === 'failed' ? 'commit-failed' : 'investigated',
      detail,
      ...extra,
    });
  };
  let outcome: CommitOutcome;
  try {
    outcome = await investigate(
      { repo: target, commit, runsDir: join(resolveOutDir(target, undefined), 'watch', 'runs'), focus: commitFocus(commit), options: withCpuStop(request.options, limits, db.day(day), 0), scope: request.scope, models, log: quiet(log), signal: request.signal },
      (inv, read): CommitOutcome => {
        if (inv.interrupted) return 'interrupted';
        const usage = { cpuMs: inv.cpuMs, tokens: inv.tokens };
        if (!inv.report) {
          record('failed', `no report: ${inv.exitReason}`, {}, usage, inv.outDir);
          log.warn(`watch: ${short} failed (${inv.exitReason}); recorded and skipped.`);
          return 'failed';
        }
        const failed = (inv.coverage?.files ?? []).filter((f) => f.status === 'failed');
        // Files the budget (or a cut-short cycle) left unexamined: not reviewed, never clean; the sweep comes back to them.
        const unreviewed = (inv.coverage?.files ?? []).filter((f) => f.status === 'unreviewed' || f.status === 'not-covered');
        // A provider or sandbox that is down fails every chunk of every commit: not this commit's fault, so it is not
        // recorded (it is tried again) and counts toward the watcher's systemic-failure stop.
        const down = failed.find((f) => f.cause === 'provider-unavailable');
        if (down) throw new SystemicFailure(`the investigation of ${short} could not run: ${down.reason}`);
        const suppressions = readMemory(target, 'suppressions') ?? emptySuppressions();
        const result = reconcile({ previous, report: inv.report, scanned: inv.scanned, suppressions, read, commit: commit.sha, now: new Date() });
        const counts = countKinds(result.events.map((e) => e.kind));
        // Chunks that failed on this commit's own content: what was examined counts, the commit is marked failed.
        const status = failed.length > 0 ? 'failed' : unreviewed.length > 0 ? 'partial' : 'done';
        // One short line in watch's terms, however large the tree: the full list stays in the run's coverage.json.
        const sweep = request.sweepChunks > 0;
        const fullList = relative(target, join(inv.outDir, 'coverage.json'));
        const detail =
          failed.length > 0
            ? `incomplete: ${failed.length} file(s) failed (${inWatchTerms(failed[0]!.reason ?? 'no reason', sweep)}); ${counts || 'no change'}`
            : unreviewed.length > 0
              ? `incomplete: ${unreviewed.length} file(s) unreviewed (${inWatchTerms(unreviewed[0]!.reason ?? 'no reason', sweep)}): ${pathList(unreviewed.map((f) => f.path), fullList)}; ${counts || 'no change'}`
              : counts || 'no change';
        record(status, detail, { ledger: result.ledger, events: result.events, reverifications: result.reverifications, renamed: result.renamed, reviewedFiles: [...inv.scanned] }, usage, inv.outDir);
        log.info(`watch: ${short} ${commit.kind === 'baseline' ? '(baseline, whole tree)' : ''} ${detail}`.replace(/\s+/g, ' '));
        return status;
      },
    );
  } catch (error) {
    if (request.signal.aborted) return 'interrupted';
    // Something about this commit's content (a phase, integrity check or its own config failed): record it, move on.
    if (error instanceof PhaseError || error instanceof IntegrityError || error instanceof UsageError) {
      record('failed', (error as Error).message);
      log.warn(`watch: ${short} failed (${(error as Error).message}); recorded and skipped.`);
      outcome = 'failed';
    } else {
      throw error;
    }
  }
  if (outcome === 'done' || outcome === 'partial' || outcome === 'failed') {
    request.checkpoint?.('before-outbox', commit.sha);
    await syncOutbox(db, target);
  }
  return outcome;
}

/** The run options of one investigation: the caller's, with the cycle's (or the day's) CPU stop when one is capped. */
function withCpuStop(options: Partial<RunOptions>, limits: WatchLimits, today: DayUsage, usedMs: number): Partial<RunOptions> {
  const now = process.cpuUsage();
  const cpuStop = cpuStopFor(limits, today, usedMs, now.user + now.system);
  return cpuStop ? { ...options, cpuStop } : options;
}

function countKinds(kinds: string[]): string {
  const counts = new Map<string, number>();
  for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${n} ${k}`).join(', ');
}

// The investigations' own progress lines would drown the watcher's; their warnings still show.
function quiet(log: Logger): Logger {
  return { info() {}, progress() {}, warn: (m) => log.warn(m) };
}
