// runScan: the pipeline end to end in one run (src/driver/open-run.ts), with state saved after every step so Ctrl-C
// can be resumed; an incomplete run is never a pass.
import { join } from 'node:path';
import { readArtifactIfPresent, writeArtifact } from '../artifacts/store.ts';
import type { EvidenceCache } from '../engines/cache/store.ts';
import { cacheUsageOf, describeCacheUse } from '../engines/cache/usage.ts';
import { silentLogger, type Logger } from '../foundations/logger.ts';
import { ExitCode, UsageError } from '../foundations/errors.ts';
import { PIPELINE, type PipelineEntry } from './registry.ts';
import { STATIC_ENGINE_VERSION } from '../engines/static/index.ts';
import { decideExit } from '../engines/report/exit-decision.ts';
import type { RunIdentity } from '../artifacts/schemas/common.ts';
import type { ScanReport } from '../artifacts/schemas/scan-report.ts';
import type { Role } from '../engines/config/schema.ts';
import { resumeCommandLine } from '../engines/terminal/command-line.ts';
import { DEFAULT_RUN_OPTIONS, DEFAULT_SCOPE, type RunOptions, type ScopeOptions } from '../engines/run/options.ts';
import { resolveOutDir, resolveTarget } from '../engines/run/target.ts';
import type { ScanRequest, ScanResult } from './scan-types.ts';
import { chunkPlanOf, estimateRun, recordRunTime } from './estimate.ts';
import type { ModelSetup } from './model-setup.ts';
import { openRun } from './open-run.ts';
import { runPhases, type InputMakers, type PhasesRun } from './run-phases.ts';
import { ensureBaseline } from './baseline.ts';
import { resolveCommit, resolveDiff } from '../engines/scope/refs.ts';
import { scanSettingsOf } from './scan-settings.ts';

/** The model role that refines the threat model (--refine-threat-model). */
const REFINING_ROLE = 'recon' satisfies Role;

export interface ScanSelection {
  verify?: boolean;
  repro?: boolean;
  fix?: boolean;
  depScan?: boolean;
  leads?: boolean;
}

/** The phases scan runs: every phase that is not opt-in, and the opt-in ones asked for. */
export function selectPhases(selection: ScanSelection): PipelineEntry[] {
  return PIPELINE.filter((p) => !p.optIn || selection[p.optIn]);
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
  const phases = request.estimate ? PIPELINE.filter((p) => p.estimate) : selectPhases(request);
  const run = await openRun({
    mode: request.resume ? 'resume' : 'new',
    target,
    outDir,
    runsDir,
    command: request.command ?? `bug-hunter scan ${target}`,
    ...(request.models ? { models: request.models } : {}),
    phases: phases.map((p) => p.name),
    settings: (models) => scanSettings(target, request, models),
    gitignore: true,
    engineLine: true,
    log,
    signal,
    // An estimate does no per-file work: nothing to look up, and it must not touch the cache's counters.
    cache: request.estimate ? 'off' : (request.cache ?? {}),
    withoutModels: Boolean(request.estimate),
  });
  const { store, session, models } = run;
  const identity = store.state.run;
  try {
    const makers: InputMakers = { baseline: () => ensureBaseline(session.ctx, request, runScan) };
    let outcome: PhasesRun;
    try {
      outcome = await runPhases(run, phases, makers);
    } catch (error) {
      store.setRunStatus('failed');
      throw error;
    }

    if (outcome.interrupted) {
      store.setRunStatus('interrupted');
      const resumeCommand = resumeCommandLine(store.state.command);
      log.info(`Interrupted. State saved in ${outDir}/state.json.`);
      return { exitCode: ExitCode.failed, exitReason: 'the run was interrupted', outDir, report: null, durationMs: Date.now() - started, resumeCommand };
    }
    if (request.estimate) {
      store.setRunStatus('completed');
      return { exitCode: ExitCode.ok, exitReason: 'estimate only; nothing was scanned', outDir, report: null, durationMs: Date.now() - started, estimate: estimateRun(outDir, models, runsDir) };
    }
    store.setRunStatus('completed');
    // Runs with a model session record their time as they close; a run without one records it here, for estimates.
    if (!session.budget) await recordRunTime(outDir, identity.runId, () => chunkPlanOf(outDir, models), Date.now() - started, log);
    // The report this process wrote (as written), else the one a resumed run kept.
    const madeReport = [...outcome.written.values()].map((w) => (w as { 'scan-report'?: ScanReport } | undefined)?.['scan-report']).find((r) => r !== undefined);
    const report = madeReport ?? readArtifactIfPresent(outDir, 'scan-report') ?? null;
    const fixes = request.fix ? fixSummary(readArtifactIfPresent(outDir, 'fix-report')) : undefined;
    const decision = decideExit(report, { failOn: run.options.failOn, ...request.exitPolicy });
    return { exitCode: decision.code, exitReason: decision.reason, outDir, report, durationMs: Date.now() - started, ...(fixes ? { fixes } : {}) };
  } finally {
    await run.close(Date.now() - started, () => {
      if (!request.estimate) recordCacheUsage(outDir, identity, session.cache, log);
    });
  }
}

/** The run's options and scope from the request and the resolved models; refs resolved here, so a bad one is a usage
 * error before anything runs (the commits are part of the identity). */
function scanSettings(target: string, request: ScanRequest & ScanSelection, models: ModelSetup): { options: RunOptions; scope: ScopeOptions } {
  const options: RunOptions = { ...DEFAULT_RUN_OPTIONS, ...request.options, engine: models.engine, staticEngine: STATIC_ENGINE_VERSION, ...(request.loop ? { loop: true } : {}) };
  // Only a tester model writes reproductions: without one --repro would reproduce nothing, after all the work.
  if (request.repro && !request.estimate && !models.modelRoles.has('tester')) {
    throw new UsageError("--repro needs a model for the tester role, which writes the failing tests: configure one (roles.tester or roles.default in the config, or --role-model tester=<model>), or leave --repro out.");
  }
  if (options.refineThreatModel && !models.modelRoles.has(REFINING_ROLE)) {
    throw new UsageError("--refine-threat-model needs a model for the recon role: configure one (roles.recon or roles.default in the config, or --role-model recon=<model>), or leave the flag out.");
  }
  // Refinement is the default with a recon model: the explicit flag asks nothing more, so it must not change the run's identity.
  if (options.refineThreatModel) delete options.refineThreatModel;
  if (request.baseline) options.baseline = { ref: request.baseline, commit: resolveCommit(target, '--baseline', request.baseline) };
  const scope: ScopeOptions = { ...DEFAULT_SCOPE, ...request.scope };
  if (request.diff) scope.diff = request.changedPaths ? { ...request.diff, changedPaths: [...request.changedPaths].sort() } : resolveDiff(target, request.diff);
  applyScanSettings(target, request, models, options, scope);
  return { options, scope };
}

// Rules, include, exclude and maxFileBytes from every config layer and the flags; set only when there are any, so a
// run without them keeps the identity it always had.
function applyScanSettings(target: string, request: ScanRequest, models: ModelSetup, options: RunOptions, scope: ScopeOptions): void {
  const settings = scanSettingsOf({
    config: models.config,
    target,
    ignoreRepository: Boolean(options.noRepoSuppressions),
    ...(scope.diff ? { diffBase: scope.diff.from ?? null } : {}),
    flags: {
      ...(request.rules ? { rules: request.rules } : {}),
      ...(request.scope?.include ? { include: request.scope.include } : {}),
      ...(request.scope?.exclude ? { exclude: request.scope.exclude } : {}),
      ...(request.scope?.maxFileBytes !== undefined ? { maxFileBytes: request.scope.maxFileBytes } : {}),
    },
  });
  for (const key of ['include', 'exclude', 'repositoryInclude', 'repositoryExclude', 'maxFileBytes'] as const) {
    if (settings[key] === undefined) delete scope[key];
    else (scope as Record<string, unknown>)[key] = settings[key];
  }
  if (settings.listed.length > 0) options.settings = settings.listed;
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

/** "1 fixed-proven, 1 rolled-back" from fix-report.json, or "none attempted". */
export function fixSummary(report: { fixes: { status: string }[] } | undefined): string {
  if (!report || report.fixes.length === 0) return 'none attempted';
  const counts = new Map<string, number>();
  for (const f of report.fixes) counts.set(f.status, (counts.get(f.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} ${status}`).join(', ');
}
