// `scan --estimate`: predicts tokens, cost and wall time from the chunk plan, calibrated by past runs' usage.
import { estimate, type Estimate } from '../engines/budget/estimate.ts';
import { readCalibrationHistory } from '../engines/budget/history.ts';
import { emptyTotals, updateUsage, usagePath } from '../engines/budget/ledger.ts';
import type { Logger } from '../foundations/logger.ts';
import { readSharedArtifact } from '../artifacts/store.ts';
import { ROLES, type Role } from '../engines/config/schema.ts';
import { roleUsesModel } from '../engines/models/static.ts';
import { modelLenses } from '../engines/prompts/lenses.ts';
import type { ChunkPlan } from '../engines/budget/usage-schema.ts';
import { chunkPlanFor, type ModelSetup } from './model-setup.ts';

/** What the run sets out to do (chunks, tokens, model lenses and refuters), from triage and the plan. */
export function chunkPlanOf(outDir: string, models: ModelSetup): ChunkPlan {
  const triage = readSharedArtifact(outDir, 'triage');
  const plan = readSharedArtifact(outDir, 'adaptive-plan');
  const chosen = new Set(plan.chunkOrder);
  const tokens = triage.chunks.filter((c) => chosen.has(c.id)).reduce((sum, c) => sum + c.tokens, 0);
  const lenses = models.usesModels && roleUsesModel(models.config, 'hunter') ? modelLenses(plan.limits.lenses).length : 0;
  const refuters = models.usesModels && roleUsesModel(models.config, 'skeptic') ? plan.limits.refuters : 0;
  return chunkPlanFor(plan.chunkOrder.length, tokens, lenses, refuters, plan.limits.concurrency);
}

/** `historyDir`: the target's artifact folder, whose usage.json holds its past runs (the estimate itself works elsewhere). */
export function estimateRun(outDir: string, models: ModelSetup, historyDir = outDir): Estimate & { engine: string } {
  const chunkPlan = chunkPlanOf(outDir, models);
  const modelIds: Partial<Record<Role, string>> = {};
  for (const role of ROLES) {
    const model = models.config.roles[role].model;
    if (roleUsesModel(models.config, role) && model) modelIds[role] = model;
  }
  return { ...estimate(chunkPlan, readCalibrationHistory(historyDir), { models: modelIds, prices: models.config.prices }), engine: models.engine };
}

/** Records a finished run's plan and wall time in usage.json (no tokens): the calibration later estimates read. */
export async function recordRunTime(outDir: string, runId: string, plan: () => ChunkPlan, wallMs: number, log: Logger): Promise<void> {
  try {
    const at = new Date().toISOString();
    await updateUsage(usagePath(outDir), { runId, at, day: at.slice(0, 10), totals: emptyTotals(), byRole: {}, plan: plan(), wallMs });
  } catch (error) {
    // Accounting is a convenience here: a broken usage.json must not fail a scan that finished.
    log.warn(`could not record this run's time for future estimates: ${(error as Error).message}`);
  }
}
