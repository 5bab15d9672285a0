// runScan: the pipeline end to end under one lock, with state saved after every step so Ctrl-C can be resumed.
// Phases that are not built yet are listed, never silently skipped; an incomplete run is never a pass.
import { ensureOutDirGitignore } from '../engines/run/outdir-gitignore.ts';
import { join } from 'node:path';
import { hasArtifact, readArtifactIfPresent, writeArtifact } from '../artifacts/store.ts';
import type { EvidenceCache } from '../engines/cache/store.ts';
import { cacheUsageOf, describeCacheUse } from '../engines/cache/usage.ts';
import { silentLogger, type Logger } from '../foundations/logger.ts';
import { ExitCode, IntegrityError, UsageError } from '../foundations/errors.ts';
import { PIPELINE, type PipelineEntry } from './registry.ts';
import { STATIC_ENGINE_VERSION } from '../engines/static/index.ts';
import { clearChunkWork } from '../engines/chunks/work.ts';
import { decideExit } from '../engines/report/exit-decision.ts';
import type { RunIdentity } from '../artifacts/schemas/common.ts';
import type { ScanReport } from '../artifacts/schemas/scan-report.ts';
import type { RunState } from '../artifacts/schemas/state.ts';
import { resumeCommandLine } from '../engines/terminal/command-line.ts';
import { createIdentity, identityMismatches } from '../engines/run/identity.ts';
import { optionDifferences } from '../engines/run/option-diff.ts';
import { acquireRunLock } from '../engines/run/lock.ts';
import { DEFAULT_RUN_OPTIONS, DEFAULT_SCOPE, type RunOptions, type ScopeOptions } from '../engines/run/options.ts';
import { StateStore } from '../engines/run/state.ts';
import { resolveOutDir, resolveTarget } from '../engines/run/target.ts';
import type { ScanRequest, ScanResult } from './scan-types.ts';
import { chunkPlanOf, estimateRun, recordRunTime } from './estimate.ts';
import { resolveModels } from './model-setup.ts';
import { openPhaseSession, type PhaseSession } from './session.ts';
import { runPhaseStep } from './run-phase.ts';
import { checkPreconditions } from './preconditions.ts';
import { SUPERSEDED_DIR, supersedeOlderRuns } from './run-artifacts.ts';
import { ensureBaseline } from './baseline.ts';
import { resolveCommit, resolveDiff } from '../engines/scope/refs.ts';

export interface ScanSelection {
  verify?: boolean;
  repro?: boolean;
  fix?: boolean;
  depScan?: boolean;
  leads?: boolean;
}

/** Phases scan will run, and those it would run but cannot because they are not built yet. */
export function selectPhases(selection: ScanSelection): { run: PipelineEntry[]; notBuilt: string[] } {
  const wanted = PIPELINE.filter((p) => !p.optIn || selection[p.optIn]);
  return { run: wanted.filter((p) => p.load), notBuilt: wanted.filter((p) => !p.load).map((p) => p.name) };
}

export async function runScan(request: ScanRequest & ScanSelection & { command?: string }): Promise<ScanResult> {
  const started = Date.now();
  const log = request.log ?? silentLogger;
  const signal = request.signal ?? new AbortController().signal;
  const target = resolveTarget(request.target);
  const runsDir = resolveOutDir(target, request.outDir);
  // An estimate works in a folder of its own: the last real run's state, triage, chunk work and report stay as they
  // were, so a later `report` or `--resume` never mistakes the estimate for the last run.
  const outDir = request.estimate ? resolveOutDir(target, join(runsDir, 'estimate')) : runsDir;
  const models = resolveModels(target, request.models);
  for (const warning of models.warnings) log.warn(warning);
  const options: RunOptions = { ...DEFAULT_RUN_OPTIONS, ...request.options, engine: models.engine, staticEngine: STATIC_ENGINE_VERSION, ...(request.loop ? { loop: true } : {}) };
  if (options.refineThreatModel && !models.modelRoles.has('recon')) {
    throw new UsageError("--refine-threat-model needs a model for the recon role: configure one (roles.recon or roles.default in the config, or --role-model recon=<model>), or leave the flag out.");
  }
  // Refinement is the default with a recon model: the explicit flag asks nothing more, so it must not change the run's identity.
  if (options.refineThreatModel) delete options.refineThreatModel;
  // Refs are resolved once, here: a bad one is a usage error before anything runs, and the commits are part of the identity.
  if (request.baseline) options.baseline = { ref: request.baseline, commit: resolveCommit(target, '--baseline', request.baseline) };
  const scope: ScopeOptions = { ...DEFAULT_SCOPE, ...request.scope };
  if (request.diff) scope.diff = request.changedPaths ? { ...request.diff, changedPaths: [...request.changedPaths].sort() } : resolveDiff(target, request.diff);
  const command = request.command ?? `bug-hunter scan ${target}`;
  let identity = createIdentity(target, scope, options);
  const { run, notBuilt } = request.estimate ? { run: PIPELINE.filter((p) => p.name === 'triage' || p.name === 'plan'), notBuilt: [] } : selectPhases(request);

  // What the chosen phases need (git for --fix, a sandbox for --verify), before the first phase runs.
  checkPreconditions(target, run.map((p) => p.name), options);
  const lock = acquireRunLock(outDir, command);
  // The first scan leaves <target>/.bug-hunter/.gitignore keeping run artifacts out of git (never replacing one the
  // user has); an --out folder elsewhere, or a watch run's folder inside .bug-hunter/, is left as it is.
  if (runsDir === join(target, '.bug-hunter') && ensureOutDirGitignore(runsDir)) log.info(`wrote ${join(runsDir, '.gitignore')}: commit suppressions.json and config.json, the rest stays out of git`);
  if (lock.recovered) log.warn(`recovered a stale lock left by pid ${lock.recovered.pid} (${lock.recovered.command}, since ${lock.recovered.since}).`);
  let session: PhaseSession | undefined;
  try {
    // A corrupt state.json throws here (exit 3) and nothing is overwritten.
    const previous = readArtifactIfPresent(outDir, 'state');
    let store: StateStore;
    if (request.resume) {
      if (!previous) throw new UsageError(`There is no run to resume in ${outDir}. Run 'bug-hunter scan' without --resume.`);
      const differences = resumeDifferences(previous, identity, options, scope);
      if (differences.length > 0) {
        throw new IntegrityError(
          `Cannot resume run ${previous.run.runId}: ${differences.join('; ')}. ` +
            `To continue it, repeat its flags: ${resumeCommandLine(previous.command)} — or start a new run without --resume.`,
        );
      }
      identity = previous.run;
      store = new StateStore(outDir, previous);
      store.state.status = 'running';
      log.info(`resuming run ${identity.runId}`);
    } else {
      if (previous && previous.status !== 'completed') log.info(`starting a new run; the unfinished run ${previous.run.runId} is replaced.`);
      clearChunkWork(outDir);
      // No artifact of an earlier run (a verification report, a baseline …) may stand in for this one's.
      const moved = await supersedeOlderRuns(outDir);
      if (moved.length > 0) log.info(`moved ${moved.length} artifact(s) of the previous run to ${join(outDir, SUPERSEDED_DIR)}`);
      store = StateStore.fresh(outDir, identity, command, options, scope);
    }
    store.save();
    if (notBuilt.length > 0) log.info(`not built yet, so not run: ${notBuilt.join(', ')}`);
    log.info(`engine: ${models.engine}`);

    session = openPhaseSession({
      target,
      outDir,
      runsDir,
      store,
      options,
      scope,
      log,
      signal,
      models,
      ...(request.models?.record === undefined ? {} : { record: request.models.record }),
      // An estimate does no per-file work: nothing to look up, and it must not touch the cache's counters.
      cache: request.estimate ? 'off' : (request.cache ?? {}),
      withoutModels: Boolean(request.estimate),
    });
    const { ctx } = session;
    const order = run.map((p) => p.name);
    let madeReport: ScanReport | undefined;
    for (const entry of run) {
      // A turn of the event loop first, so a Ctrl-C during the last phase is seen before the next starts: loaded phases
      // whose work the cache answers may otherwise run to the end without waiting on I/O once.
      await new Promise((resolveTurn) => setImmediate(resolveTurn));
      if (signal.aborted) break;
      const phase = await entry.load!();
      // A phase done in the interrupted run is kept only while every artifact it wrote is still there.
      if (request.resume && store.phaseStatus(entry.name) === 'done' && phase.writes.every((name) => hasArtifact(outDir, name))) {
        log.info(`${entry.name}: done in the interrupted run, kept`);
        continue;
      }
      try {
        const prepare = entry.name === 'report' ? () => ensureBaseline(ctx, request, runScan) : undefined;
        const written = await runPhaseStep(phase, session, models, prepare);
        if (entry.name === 'report') madeReport = (written as { 'scan-report'?: ScanReport })['scan-report'];
      } catch (error) {
        if (signal.aborted) break;
        store.setRunStatus('failed');
        throw error;
      } finally {
        // One pack per kind per phase: what a phase computed survives a crash in a later one.
        ctx.cache?.flush();
      }
      store.resetPhasesAfter(order, entry.name);
    }

    if (signal.aborted) {
      store.setRunStatus('interrupted');
      const resumeCommand = resumeCommandLine(store.state.command);
      log.info(`Interrupted. State saved in ${outDir}/state.json.`);
      return { exitCode: ExitCode.failed, exitReason: 'the run was interrupted', outDir, report: null, notBuilt, durationMs: Date.now() - started, resumeCommand };
    }
    if (request.estimate) {
      store.setRunStatus('completed');
      return { exitCode: ExitCode.ok, exitReason: 'estimate only; nothing was scanned', outDir, report: null, notBuilt, durationMs: Date.now() - started, estimate: estimateRun(outDir, models, runsDir) };
    }
    store.setRunStatus('completed');
    // Runs with a model session record their time as they close; a run without one records it here, for estimates.
    if (!session.budget) await recordRunTime(outDir, identity.runId, () => chunkPlanOf(outDir, models), Date.now() - started, log);
    // The report this process wrote (as written), else the one a resumed run kept.
    const report = madeReport ?? readArtifactIfPresent(outDir, 'scan-report') ?? null;
    const fixes = request.fix ? fixSummary(readArtifactIfPresent(outDir, 'fix-report')) : undefined;
    const decision = decideExit(report, { failOn: options.failOn, ...request.exitPolicy });
    return { exitCode: decision.code, exitReason: decision.reason, outDir, report, notBuilt, durationMs: Date.now() - started, ...(fixes ? { fixes } : {}) };
  } finally {
    await session?.close(Date.now() - started);
    if (session && !request.estimate) recordCacheUsage(outDir, identity, session.cache, log);
    lock.release();
  }
}

// Written for failed and interrupted runs too (what the cache answered is still true); a failure to write it is
// a warning, so it never hides the run's own error.
function recordCacheUsage(outDir: string, identity: RunIdentity, cache: EvidenceCache, log: Logger): void {
  try {
    const usage = cacheUsageOf(identity, cache);
    writeArtifact(outDir, 'cache-usage', usage);
    if (usage.enabled) log.info(`evidence cache: ${describeCacheUse(usage)}`);
  } catch (error) {
    log.warn(`could not write cache-usage.json: ${(error as Error).message}`);
  }
}

/** What differs between the stored run and this one, in flags ("--loop: was on, now off"); empty when a resume may attach. */
export function resumeDifferences(previous: RunState, identity: RunIdentity, options: RunOptions, scope: ScopeOptions): string[] {
  const out: string[] = [];
  if (previous.run.repoRoot !== identity.repoRoot) out.push(`target: was ${previous.run.repoRoot}, now ${identity.repoRoot}`);
  if (previous.run.baseCommit !== identity.baseCommit) out.push(`base commit: was ${previous.run.baseCommit ?? 'none'}, now ${identity.baseCommit ?? 'none'} (the tree changed)`);
  const flags = [...optionDifferences(previous.scope, { ...scope }), ...optionDifferences(previous.options, { ...options })];
  out.push(...flags);
  // A stored run from an older layout may differ only in its hashes: say so rather than nothing.
  if (flags.length === 0 && (previous.run.scopeHash !== identity.scopeHash || previous.run.optionsHash !== identity.optionsHash)) {
    out.push(...identityMismatches(previous.run, identity).filter((m) => m.startsWith('scope') || m.startsWith('options')));
  }
  return out;
}

/** "1 fixed-proven, 1 rolled-back" from fix-report.json, or "none attempted". */
export function fixSummary(report: { fixes: { status: string }[] } | undefined): string {
  if (!report || report.fixes.length === 0) return 'none attempted';
  const counts = new Map<string, number>();
  for (const f of report.fixes) counts.set(f.status, (counts.get(f.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} ${status}`).join(', ');
}
