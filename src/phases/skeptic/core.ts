// The skeptic's decisions, pure: what a refuter is shown of a finding's file, the vote when the file cannot be read
// at its recorded hash, which model seats sit (the plan's panel, one seat on a degraded budget), and the review
// recorded per finding. The refutations themselves and the panel rule are one library (engines/static/refute/); the
// shell (index.ts) reads the sources, runs the static checks and calls the model refuters.
import type { Skeptic } from '../../artifacts/schemas/skeptic.ts';
import type { TriagedFile } from '../../artifacts/schemas/triage.ts';
import { panelOutcome, staticUndecided, type Vote } from '../../engines/static/refute/panel.ts';
import type { ImportedFact, IncomingArg, SourceFile } from '../../engines/static/types.ts';

export const SEATS = ['reachability', 'semantics', 'guards'] as const;

export type Review = Skeptic['reviews'][number];

/** The file as a refuter sees it: triage's facts, recon's package when it is a library, the cross-file input it receives
 * and the facts about its imports. */
export function refuterFile(meta: Pick<TriagedFile, 'path' | 'language' | 'isTest' | 'requiredBy'>, content: string, publicApi?: string, incoming?: IncomingArg[], imported?: ImportedFact[]): SourceFile {
  return {
    path: meta.path,
    content,
    language: meta.language,
    isTest: meta.isTest,
    ...(meta.requiredBy !== undefined ? { requiredBy: meta.requiredBy } : {}),
    ...(publicApi ? { publicApi } : {}),
    ...(incoming ? { incoming } : {}),
    ...(imported ? { imported } : {}),
  };
}

/** A finding whose file is not in triage or not at its recorded hash: nobody can examine it. */
export function unavailableVotes(reason: string): Vote[] {
  return [{ seat: 'integrity', engine: 'static', vote: 'abstained', reason }];
}

/** The model seats that sit: as many as the plan's refuter limit allows, one on a degraded budget. */
export function sittingSeats(refuters: number, degraded: boolean): string[] {
  const seats = SEATS.slice(0, refuters);
  return degraded ? seats.slice(0, 1) : seats;
}

/** A finding's review: the panel's outcome, except that static checks that examined it but could not decide split it for the referee. */
export function reviewOf(findingId: string, votes: Vote[]): Review {
  return { findingId, refutations: votes, outcome: staticUndecided(votes) ? 'split' : panelOutcome(votes) };
}
