// The contract between the orchestrator and a phase: a phase reads artifacts (and the source tree),
// writes only its own artifacts, and reports progress through the logger.
import type { RunIdentity } from '../artifacts/schemas/common.ts';
import type { ArtifactName } from '../artifacts/registry.ts';
import type { Logger } from '../foundations/logger.ts';
import type { RunOptions, ScopeOptions } from '../engines/run/options.ts';
import type { StateStore } from '../engines/run/state.ts';
import type { ModelClient, Role } from '../engines/models/types.ts';
import type { EvidenceCache } from '../engines/cache/store.ts';
import type { PoolLender } from '../engines/workers/lender.ts';
import type { AnalysisStore } from '../engines/static/engine.ts';

export interface PhaseContext {
  /** Canonical absolute path of the scanned folder. */
  target: string;
  /** Artifact folder, usually <target>/.bug-hunter. */
  outDir: string;
  identity: RunIdentity;
  options: RunOptions;
  scope: ScopeOptions;
  log: Logger;
  signal: AbortSignal;
  /** Run state, when run by the orchestrator; phases record chunk progress here so a resume can continue. */
  state?: StateStore;
  /** The model client when a model engine is configured; absent for the static engine. Use modelFor(ctx, role). */
  models?: ModelClient;
  /** Roles bound to a model; the others are served by the static engine. */
  modelRoles?: ReadonlySet<Role>;
  /** The token budget when models are used; past its warning threshold phases do less (fewer lenses, refuters). */
  budget?: { readonly degraded: boolean; /** Writes pending charges to usage.json now. */ flush(): Promise<void> };
  /** The evidence cache (absent or disabled: everything is computed afresh). Its answers are hints, re-checked. */
  cache?: EvidenceCache;
  /** The static engine's analyses of this run, when there is no evidence cache to keep them (--no-cache). */
  analyses?: AnalysisStore;
  /** The run's worker pool for per-file work (src/engines/workers/lender.ts); absent: a phase starts its own. */
  pools?: PoolLender;
  /** Set by the driver for a declared phase: `check` throws for a role the phase does not declare. */
  declaredRoles?: { phase: string; check(role: Role): void };
  /** Set by the driver: whether a phase asked for by `optIn` has started in this run (its status is in state.json). */
  optInStarted?: (optIn: OptIn) => boolean;
}

/** What asks `scan` for a phase that is not run by default: --verify, --repro, --fix, --dep-scan, --leads. */
export type OptIn = 'verify' | 'repro' | 'fix' | 'depScan' | 'leads';

/** Whether a phase asked for by `optIn` has started in this run; false outside a run. */
export function optInStarted(ctx: Pick<PhaseContext, 'optInStarted'>, optIn: OptIn): boolean {
  return ctx.optInStarted?.(optIn) ?? false;
}

/** A phase as the driver runs it; built by definePhase (src/phase-kit/define-phase.ts) from the phase's declaration. */
export interface PhaseDefinition {
  name: string;
  summary: string;
  /** Every artifact the phase reads; `requires` those it cannot run without. */
  reads: readonly ArtifactName[];
  requires: readonly ArtifactName[];
  writes: readonly ArtifactName[];
  /** The files rendered beside its artifacts (report.md, threat-model.md), by name in the artifact folder. */
  viewFiles?: readonly string[];
  /** The model roles it may ask. */
  roles: readonly Role[];
  run(ctx: PhaseContext): Promise<unknown>;
}

/** The model client for a role, or undefined when that role is served by the static engine. A declared phase
 * asking for a role it does not declare is a programming error (thrown by the driver's check). */
export function modelFor(ctx: Pick<PhaseContext, 'models' | 'modelRoles' | 'declaredRoles'>, role: Role): ModelClient | undefined {
  ctx.declaredRoles?.check(role);
  return ctx.models && ctx.modelRoles?.has(role) ? ctx.models : undefined;
}
