// The panel rule: a strict majority of the refuters who examined a finding kills it; a strict majority
// upholding it lets it survive; anything else is a split for the referee. Nobody examined: unreviewed.
import type { Static } from '@sinclair/typebox';
import type { PanelOutcome, Refutation } from '../../artifacts/schemas/skeptic.ts';

export type Vote = Static<typeof Refutation>;
export type { PanelOutcome };

export function panelOutcome(votes: readonly Vote[]): PanelOutcome {
  const examined = votes.filter((v) => v.vote !== 'abstained');
  if (examined.length === 0) return 'unreviewed';
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
