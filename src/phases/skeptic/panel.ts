// The panel rule: a strict majority of the refuters who examined a finding kills it; a strict majority
// upholding it lets it survive; anything else is a split for the referee. Nobody examined: unreviewed.
import type { Static } from '@sinclair/typebox';
import type { Refutation } from '../../artifacts/schemas/skeptic.ts';

export type Vote = Static<typeof Refutation>;
export type PanelOutcome = 'killed' | 'survived' | 'split' | 'unreviewed';

export function panelOutcome(votes: readonly Vote[]): PanelOutcome {
  const examined = votes.filter((v) => v.vote !== 'abstained');
  if (examined.length === 0) return 'unreviewed';
  const refuted = examined.filter((v) => v.vote === 'refuted').length;
  const upheld = examined.length - refuted;
  if (refuted * 2 > examined.length) return 'killed';
  if (upheld * 2 > examined.length) return 'survived';
  return 'split';
}
