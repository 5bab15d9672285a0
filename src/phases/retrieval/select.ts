// Applies the hard budgets to a chunk's ranked candidates, greedily in rank order. Direct items (the
// chunk's own files) are always kept and not counted; everything left out is recorded with why.
import type { ContextItem, RetrievalPlan } from '../../artifacts/schemas/retrieval-plan.ts';
import type { Budgets } from './budgets.ts';
import { withCommas } from '../../foundations/text/digits.ts';

export type ChunkPlan = Omit<RetrievalPlan['chunks'][number], 'chunkId'>;

/** Budget exclusions listed one by one per chunk; lower-ranked ones are counted in `unlisted`. */
export const MAX_LISTED_EXCLUSIONS = 40;

// A range is already shown when the whole file, or a range containing it, is included.
function covered(item: ContextItem, included: readonly ContextItem[]): boolean {
  return included.some((i) => {
    if (i.file !== item.file) return false;
    if (i.startLine === undefined) return true;
    // A whole-file candidate for a file already shown by ranges adds nothing new enough to double-pay for.
    if (item.startLine === undefined) return true;
    return i.startLine <= item.startLine && (i.endLine ?? i.startLine) >= (item.endLine ?? item.startLine);
  });
}

export function selectWithinBudget(candidates: readonly ContextItem[], budgets: Budgets, unindexed: ReadonlyMap<string, string>): ChunkPlan {
  const included: ContextItem[] = [];
  const excluded: ChunkPlan['excluded'] = [];
  const files = new Set<string>();
  const unlisted = { count: 0, tokens: 0, budgetFiles: 0, budgetTokens: 0 };
  let listed = 0;
  let tokens = 0;
  const exclude = (item: ContextItem, kind: 'budget-files' | 'budget-tokens', why: string) => {
    if (listed < MAX_LISTED_EXCLUSIONS) {
      excluded.push({ item, kind, why });
      listed += 1;
      return;
    }
    unlisted.count += 1;
    unlisted.tokens += item.tokens;
    if (kind === 'budget-files') unlisted.budgetFiles += 1;
    else unlisted.budgetTokens += 1;
  };
  for (const item of candidates) {
    const problem = unindexed.get(item.file);
    if (problem) {
      excluded.push({ item, kind: 'integrity', why: problem });
      continue;
    }
    if (item.reason === 'direct') {
      included.push(item);
      continue;
    }
    if (covered(item, included)) continue;
    if (!files.has(item.file) && files.size + 1 > budgets.maxFiles) {
      exclude(item, 'budget-files', `maxFiles ${budgets.maxFiles} reached: ${files.size} context files already included`);
      continue;
    }
    if (tokens + item.tokens > budgets.maxTokens) {
      exclude(item, 'budget-tokens', `needs ${withCommas(item.tokens)} tokens; ${withCommas(budgets.maxTokens - tokens)} of maxTokens ${withCommas(budgets.maxTokens)} left`);
      continue;
    }
    included.push(item);
    files.add(item.file);
    tokens += item.tokens;
  }
  return { included, excluded, unlisted, usage: { files: files.size, tokens } };
}
