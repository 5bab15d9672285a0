// The one panel rule, for every finding whichever engine hunted it and whichever engines sat on the panel; the
// skeptic phase records its outcome and the static referee dismisses by it:
//   1. nobody examined the finding (every vote abstained): unreviewed;
//   2. a refutation backed by a check of the source (a static vote: a dominating guard, test-only code, a literal
//      or config value, a suppression with a reason) kills it — a fact about the code outweighs any number of votes;
//   3. otherwise the examining refuters vote: a strict majority refuting kills it, a strict majority upholding lets
//      it survive, and a tie is a split for the referee to decide.
import type { Static } from '@sinclair/typebox';
import type { PanelOutcome, Refutation } from '../../../artifacts/schemas/skeptic.ts';

export type Vote = Static<typeof Refutation>;
export type { PanelOutcome };

/** A refutation the tool itself checked against the source, not an argument (model refuters argue). */
export function checkedRefutation(vote: Vote): boolean {
  return vote.vote === 'refuted' && vote.engine === 'static';
}

export function panelOutcome(votes: readonly Vote[]): PanelOutcome {
  const examined = votes.filter((v) => v.vote !== 'abstained');
  if (examined.length === 0) return 'unreviewed';
  if (examined.some(checkedRefutation)) return 'killed';
  const refuted = examined.filter((v) => v.vote === 'refuted').length;
  const upheld = examined.length - refuted;
  if (refuted * 2 > examined.length) return 'killed';
  if (upheld * 2 > examined.length) return 'survived';
  return 'split';
}

/**
 * The static checks examined the finding but could not decide (e.g. a secret that falls back to an env var):
 * that is a question for the referee, not a review that failed to happen.
 */
export function staticUndecided(votes: readonly Vote[]): boolean {
  return votes.length > 0 && votes.every((v) => v.engine === 'static' && v.vote === 'abstained' && v.seat !== 'integrity');
}
