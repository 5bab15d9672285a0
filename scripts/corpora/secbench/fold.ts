// The development part's two folds, pure: `study` (read its misses, write rules from its shapes) and `check`
// (counts only, like the held-out part). The held-out part is measured rarely and by one person; a fold lets a
// rule author see, every day, whether a change moved cases they never read. Same method as the frozen split
// (grouped by package, stratified by class), another seed, half and half.
import { splitCorpus, type SplitCase } from './split.ts';

export const FOLD_SEED = 20261212;
export const FOLDS = ['study', 'check'] as const;
export type Fold = (typeof FOLDS)[number];

/** The fold of every development package: a package's cases are all on one side. */
export function foldOf(devCases: readonly SplitCase[]): Map<string, Fold> {
  const split = splitCorpus(devCases, FOLD_SEED, 0.5);
  const out = new Map<string, Fold>();
  for (const p of split.development) out.set(p, 'study');
  for (const p of split.heldOut) out.set(p, 'check');
  return out;
}
