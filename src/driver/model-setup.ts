// The model side of a run: configuration (file + flags), the engine line the run prints, and — when any role
// uses a model — the budget and the model client. With nothing configured this is the static engine, no keys.
import { Budget } from '../engines/budget/budget.ts';
import type { ChunkPlan } from '../engines/budget/usage-schema.ts';
import type { Logger } from '../foundations/logger.ts';
import { loadConfig } from '../engines/config/load.ts';
import { applyFlagOverrides, type FlagOverrides } from '../engines/config/overrides.ts';
import type { ResolvedConfig } from '../engines/config/resolve.ts';
import { ROLES, type Role } from '../engines/config/schema.ts';
import { repositoryConfigWarning } from '../engines/config/trust.ts';
import { createModelClient, type ModelClientHandle } from '../engines/models/client.ts';
import type { EvidenceCache } from '../engines/cache/store.ts';
import { describeEngineChoice, roleUsesModel } from '../engines/models/static.ts';

export interface ModelRequest extends FlagOverrides {
  /** Record every model exchange under <out>/transcripts/ (for replay). */
  record?: boolean;
  /** The user's own config file (--config); layered over the repository's and the user's config. */
  configPath?: string;
  /** Trust the config inside the target (--trust-repo-config): its providers, roles and limits as they are. */
  trustRepoConfig?: boolean;
  /** Token caps that replace the configured ones for this run (watch: its per-cycle and per-day caps, and the day's spend so far). */
  budgets?: { perRunTokens?: number; perDayTokens?: number; spentToday?: number };
}

export interface ModelSetup {
  config: ResolvedConfig;
  /** "static engine (no model configured)" or "models: hunter → …". Hashed into the run options. */
  engine: string;
  usesModels: boolean;
  /** The roles a model serves; the static engine serves the rest. */
  modelRoles: ReadonlySet<Role>;
  /** Warnings to print before the run (settings refused from an untrusted config). */
  warnings: string[];
}

export function resolveModels(target: string, request: ModelRequest = {}): ModelSetup {
  const loaded = loadConfig(target, {
    ...(request.configPath ? { path: request.configPath } : {}),
    ...(request.trustRepoConfig ? { trustRepoConfig: true } : {}),
  });
  const config = applyFlagOverrides(loaded, request);
  if (request.budgets) config.budgets = { ...config.budgets, ...request.budgets };
  const modelRoles = new Set(ROLES.filter((role) => roleUsesModel(config, role)));
  const sources = [...new Set(loaded.refused.map((r) => r.source ?? loaded.source ?? 'the configuration'))];
  const warnings = sources.map((source) => repositoryConfigWarning(source, loaded.refused.filter((r) => (r.source ?? loaded.source ?? 'the configuration') === source), loaded.userConfig));
  return { config, engine: describeEngineChoice(config), usesModels: modelRoles.size > 0, modelRoles, warnings };
}

export interface ModelSession {
  client: ModelClientHandle;
  budget: Budget;
  close(wallMs: number): Promise<void>;
}

/** `record` undefined means: as config.json says. */
export function openModelSession(setup: ModelSetup, outDir: string, runId: string, log: Logger, record: boolean | undefined, cache?: EvidenceCache): ModelSession {
  const budget = Budget.open({
    outDir,
    runId,
    limits: setup.config.budgets,
    prices: setup.config.prices,
    onLevelChange: (level, state) => {
      if (level === 'degraded') log.warn(`token budget ${Math.round(state.usedFraction * 100)}% used: running fewer lenses and refuters from now on.`);
      if (level === 'exhausted') log.warn('token budget exhausted: no new model calls; what remains is marked unreviewed.');
    },
  });
  const client = createModelClient(setup.config, { outDir, budget, log, ...(record === undefined ? {} : { record }), ...(cache ? { cache } : {}) });
  return { client, budget, close: (wallMs) => budget.close(wallMs) };
}

export function chunkPlanFor(chunks: number, tokens: number, lenses: number, refuters: number, concurrency: number): ChunkPlan {
  return { chunks, tokensPerChunk: chunks === 0 ? 0 : Math.round(tokens / chunks), lenses, refuters, concurrency };
}
