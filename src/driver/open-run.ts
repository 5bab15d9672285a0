// openRun: the one way a run is opened, for `scan`, `scan --resume`, `phase <name>`, and (through runScan) watch's
// investigations and the --baseline scan of the base commit. It resolves the models, checks what the phases about
// to run need from the machine, takes the run lock, then starts a new run (the older run's artifacts moved aside),
// resumes the interrupted one (refused when its flags or tree differ), or attaches to the run in state.json (refused
// when the tree, the models or the inputs of the phase are not that run's), and opens the phase session.
// `close` closes the session and releases the lock; an error while opening releases the lock too.
import { join } from 'node:path';
import { readArtifactIfPresent } from '../artifacts/store.ts';
import type { RunState } from '../artifacts/schemas/state.ts';
import type { CacheRequest } from '../engines/cache/location.ts';
import { clearChunkWork } from '../engines/chunks/work.ts';
import { createIdentity, identityMismatches } from '../engines/run/identity.ts';
import { acquireRunLock } from '../engines/run/lock.ts';
import { DEFAULT_RUN_OPTIONS, DEFAULT_SCOPE, type RunOptions, type ScopeOptions } from '../engines/run/options.ts';
import { ensureOutDirGitignore } from '../engines/run/outdir-gitignore.ts';
import { StateStore } from '../engines/run/state.ts';
import { resumeCommandLine } from '../engines/terminal/command-line.ts';
import { IntegrityError, UsageError } from '../foundations/errors.ts';
import type { Logger } from '../foundations/logger.ts';
import { enginesAgree } from '../engines/models/engines-agree.ts';
import { resolveModels, type ModelRequest, type ModelSetup } from './model-setup.ts';
import { checkPreconditions } from './preconditions.ts';
import { firstPhase } from './registry.ts';
import { SUPERSEDED_DIR, supersedeOlderRuns } from './run-artifacts.ts';
import { resumeDifferences } from './resume-differences.ts';
import { openPhaseSession, type PhaseSession } from './session.ts';
import { phasesOfNewRun, phasesToRunFirst } from './stale-check.ts';
import type { StaleChain } from './stale-phases.ts';

export type RunMode = 'new' | 'resume' | 'attach';

/** The options and scope a run is made with (hashed into its identity). */
export interface RunSettings {
  options: RunOptions;
  scope: ScopeOptions;
}

export interface OpenRunRequest {
  /** new: a run of its own; resume: the interrupted run in outDir; attach: the run in outDir, for one more phase. */
  mode: RunMode;
  /** The resolved target folder. */
  target: string;
  outDir: string;
  /** The target's artifact folder, where the default evidence cache lives (an estimate works in a subfolder). */
  runsDir?: string;
  /** What state.json records as the command that started the run; the lock names it too. */
  command: string;
  models?: ModelRequest;
  /** The names of the phases about to run: their machine needs are checked before anything starts. */
  phases: readonly string[];
  /** The run's options and scope from the resolved models, before the lock. Absent: a new run takes the previous
   * run's (`phase <first>`); resume and attach take the stored run's. */
  settings?: (models: ModelSetup) => RunSettings;
  /** attach: the options this phase adds to the stored run's (phase deps --advisories …). */
  adjust?: (options: RunOptions) => RunOptions;
  /** attach: the refusal when the phase may not join the stored run (its inputs are another run's, or the tree changed). */
  refusal?: (runId: string, chain: StaleChain) => string;
  /** Leave <target>/.bug-hunter/.gitignore when outDir is that folder (the first scan does). */
  gitignore?: boolean;
  /** Print the run's engine line ("engine: static engine …") once the run is open (scan does). */
  engineLine?: boolean;
  log: Logger;
  signal: AbortSignal;
  /** --no-cache / --cache-dir; `off` for work that must not touch the cache (an estimate). */
  cache: CacheRequest | 'off';
  /** An estimate calls no model: no session, no budget. */
  withoutModels?: boolean;
}

export interface Run {
  mode: RunMode;
  target: string;
  outDir: string;
  models: ModelSetup;
  options: RunOptions;
  store: StateStore;
  session: PhaseSession;
  /** Closes the session (the budget records `wallMs`), runs `beforeRelease` (still under the lock), then releases the lock. */
  close(wallMs: number, beforeRelease?: () => void): Promise<void>;
}

export async function openRun(request: OpenRunRequest): Promise<Run> {
  const { target, outDir, log, mode } = request;
  const models = resolveModels(target, request.models);
  for (const warning of models.warnings) log.warn(warning);
  const settings = request.settings?.(models);
  // What the chosen phases need (git for --fix, a sandbox for --verify), before the lock is taken.
  if (settings) checkPreconditions(target, request.phases, settings.options);
  const lock = acquireRunLock(outDir, request.command);
  try {
    // The first scan leaves <target>/.bug-hunter/.gitignore keeping run artifacts out of git (never replacing one the
    // user has); an --out folder elsewhere, or a watch run's folder inside .bug-hunter/, is left as it is.
    const runsDir = request.runsDir ?? outDir;
    if (request.gitignore && runsDir === join(target, '.bug-hunter') && ensureOutDirGitignore(runsDir)) log.info(`wrote ${join(runsDir, '.gitignore')}: commit suppressions.json and config.json, the rest stays out of git`);
    if (lock.recovered) log.warn(`recovered a stale lock left by pid ${lock.recovered.pid} (${lock.recovered.command}, since ${lock.recovered.since}).`);
    // A corrupt state.json throws here (exit 3) and nothing is overwritten.
    const previous = readArtifactIfPresent(outDir, 'state');
    const store = mode === 'resume' ? resumeRun(request, previous, settings) : mode === 'attach' ? await attachRun(request, previous, models) : await newRun(request, previous, models, settings);
    const options = request.adjust ? request.adjust(store.state.options) : store.state.options;
    if (!settings) checkPreconditions(target, request.phases, options);
    store.save();
    if (request.engineLine) log.info(`engine: ${models.engine}`);
    const session = openPhaseSession({
      target,
      outDir,
      runsDir,
      store,
      options,
      scope: store.state.scope,
      log,
      signal: request.signal,
      models,
      ...(request.models?.record === undefined ? {} : { record: request.models.record }),
      cache: request.cache,
      ...(request.withoutModels ? { withoutModels: true } : {}),
    });
    const close = async (wallMs: number, beforeRelease?: () => void) => {
      try {
        await session.close(wallMs);
        beforeRelease?.();
      } finally {
        lock.release();
      }
    };
    return { mode, target, outDir, models, options, store, session, close };
  } catch (error) {
    lock.release();
    throw error;
  }
}

function resumeRun(request: OpenRunRequest, previous: RunState | undefined, settings: RunSettings | undefined): StateStore {
  const { outDir, log } = request;
  if (!previous) throw new UsageError(`There is no run to resume in ${outDir}. Run 'bug-hunter scan' without --resume.`);
  if (settings) {
    const differences = resumeDifferences(previous, createIdentity(request.target, settings.scope, settings.options), settings.options, settings.scope);
    if (differences.length > 0) {
      throw new IntegrityError(
        `Cannot resume run ${previous.run.runId}: ${differences.join('; ')}. ` +
          `To continue it, repeat its flags: ${resumeCommandLine(previous.command)} — or start a new run without --resume.`,
      );
    }
  }
  const store = new StateStore(outDir, previous);
  store.state.status = 'running';
  log.info(`resuming run ${previous.run.runId}`);
  return store;
}

async function newRun(request: OpenRunRequest, previous: RunState | undefined, models: ModelSetup, settings: RunSettings | undefined): Promise<StateStore> {
  const { outDir, log } = request;
  if (previous && previous.status !== 'completed') log.info(`starting a new run; the unfinished run ${previous.run.runId} is replaced.`);
  clearChunkWork(outDir);
  // No artifact of an earlier run (a verification report, a baseline …) may stand in for this one's.
  const moved = await supersedeOlderRuns(outDir);
  if (moved.length > 0) log.info(`moved ${moved.length} artifact(s) of the previous run to ${join(outDir, SUPERSEDED_DIR)}`);
  // Without settings (`phase <first>` by hand) the new run keeps the previous run's options; its engine is what the
  // model flags resolve to now.
  const options: RunOptions = settings?.options ?? { ...DEFAULT_RUN_OPTIONS, ...previous?.options, engine: models.engine };
  const scope: ScopeOptions = settings?.scope ?? { ...DEFAULT_SCOPE, ...previous?.scope };
  return StateStore.fresh(outDir, createIdentity(request.target, scope, options), request.command, options, scope);
}

async function attachRun(request: OpenRunRequest, previous: RunState | undefined, models: ModelSetup): Promise<StateStore> {
  const { outDir, target } = request;
  const [name = ''] = request.phases;
  if (!previous) throw new UsageError(`No run in ${outDir}. Run 'bug-hunter phase ${firstPhase().name}' on this target first.`);
  const refuse = (chain: StaleChain) => new IntegrityError(request.refusal ? request.refusal(previous.run.runId, chain) : chain.reason);
  const { options } = previous;
  const mismatches = identityMismatches(previous.run, createIdentity(target, previous.scope, options, previous.run.runId));
  if (mismatches.length > 0) throw refuse(await phasesOfNewRun(previous, name, `the run in ${outDir} was made for a different tree: ${mismatches.join(', ')}`));
  // Running a later phase with other models would overwrite the run's model findings with another engine's.
  if (!enginesAgree(options.engine, models)) {
    throw new UsageError(
      `Phase '${name}' would run with ${models.engine}, but run ${previous.run.runId} was made with ${options.engine}. ` +
        `Give the model flags the run was started with (it was started by: ${previous.command}).`,
    );
  }
  // A phase whose inputs another run wrote (or that are missing) would join two runs: refused, with the phases to run.
  const chain = await phasesToRunFirst(outDir, previous, name);
  if (chain) throw refuse(chain);
  return new StateStore(outDir, previous);
}
