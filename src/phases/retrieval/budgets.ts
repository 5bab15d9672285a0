// Retrieval budgets: taken from the adaptive plan's limits when it sets them, otherwise the defaults
// (and the artifact says so). Budgets count context beyond the chunk's own files.
import type { PlanLimits } from '../../artifacts/schemas/adaptive-plan.ts';
import type { RetrievalPlan } from '../../artifacts/schemas/retrieval-plan.ts';

export type Budgets = RetrievalPlan['budgets'];

export const DEFAULT_BUDGETS = { maxFiles: 8, maxTokens: 6000 } as const;

const positive = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : undefined);

/** Reads `retrievalMaxFiles` / `retrievalMaxTokens` from the plan limits; both must be set for 'plan'. */
export function budgetsFrom(limits: PlanLimits): { budgets: Budgets; note?: string } {
  // The plan schema has no retrieval budgets yet; read them by name so a plan that adds them is honoured.
  const extra = limits as unknown as Record<string, unknown>;
  const maxFiles = positive(extra.retrievalMaxFiles);
  const maxTokens = positive(extra.retrievalMaxTokens);
  if (maxFiles !== undefined && maxTokens !== undefined) return { budgets: { maxFiles, maxTokens, source: 'plan' } };
  return {
    budgets: { ...DEFAULT_BUDGETS, source: 'default' },
    note: `adaptive-plan.json sets no retrieval budgets; using the defaults (${DEFAULT_BUDGETS.maxFiles} files, ${DEFAULT_BUDGETS.maxTokens} tokens per chunk).`,
  };
}
