// The one place a phase's context is built, for `scan`, `scan --resume` and `phase <name>` alike: the run's
// identity, options and scope, its model session (client, roles, token budget) and its evidence cache. A phase
// run by hand therefore runs with exactly what it had inside the scan, and can say which engine served it.
import type { Logger } from '../foundations/logger.ts';
import { openEvidenceCache, type CacheRequest } from '../engines/cache/location.ts';
import { DISABLED_CACHE, type EvidenceCache } from '../engines/cache/store.ts';
import { forgetSharedArtifacts } from '../artifacts/store.ts';
import { openModelSession, type ModelSetup } from './model-setup.ts';
import { createPoolLender } from '../engines/workers/lender.ts';
import { runAnalysisStore } from '../engines/cache/static-analysis.ts';
import type { Budget } from '../engines/budget/budget.ts';
import type { OptIn, PhaseContext } from '../phase-kit/types.ts';
import type { RunOptions, ScopeOptions } from '../engines/run/options.ts';
import type { StateStore } from '../engines/run/state.ts';
import { PIPELINE } from './registry.ts';

export interface PhaseSessionInput {
  target: string;
  outDir: string;
  /** The target's artifact folder, where the default evidence cache lives (an estimate works in a subfolder). */
  runsDir: string;
  store: StateStore;
  options: RunOptions;
  scope: ScopeOptions;
  log: Logger;
  signal: AbortSignal;
  models: ModelSetup;
  /** --record; undefined means as config.json says. */
  record?: boolean;
  /** --no-cache / --cache-dir; `off` for work that must not touch the cache (an estimate). */
  cache: CacheRequest | 'off';
  /** An estimate calls no model: no session, no budget. */
  withoutModels?: boolean;
}

export interface PhaseSession {
  ctx: PhaseContext;
  store: StateStore;
  /** What the run prints as its engine: the static engine, or which models serve which roles. */
  engine: string;
  cache: EvidenceCache;
  budget?: Budget;
  /** Closes the model session (its budget records the wall time), packs the cache entries still held and stops the run's workers. */
  close(wallMs: number): Promise<void>;
}

export function openPhaseSession(input: PhaseSessionInput): PhaseSession {
  const { target, outDir, store, options, scope, log, signal, models } = input;
  const cache = input.cache === 'off' ? DISABLED_CACHE : openEvidenceCache(target, input.runsDir, input.cache, log);
  const pools = createPoolLender();
  const optInStarted = (optIn: OptIn) => PIPELINE.some((p) => p.optIn === optIn && store.phaseStatus(p.name) !== undefined);
  const ctx: PhaseContext = { target, outDir, identity: store.state.run, options, scope, log, signal, state: store, cache, pools, optInStarted, ...(cache.dir ? {} : { analyses: runAnalysisStore() }) };
  // What every session releases at its end: the cache entries still held, the artifacts it shared, its workers.
  const release = async () => {
    cache.flush();
    forgetSharedArtifacts(outDir);
    await pools.close();
  };
  if (!models.usesModels || input.withoutModels) return { ctx, store, engine: models.engine, cache, close: release };
  const session = openModelSession(models, outDir, store.state.run.runId, log, input.record, cache);
  ctx.models = session.client;
  ctx.modelRoles = models.modelRoles;
  ctx.budget = session.budget;
  const close = async (wallMs: number) => {
    try {
      await session.close(wallMs);
    } finally {
      await release();
    }
  };
  return { ctx, store, engine: models.engine, cache, budget: session.budget, close };
}
