// The static refuters' votes, written once: the same checks (test-only code, where the value comes from, a guard
// before it) make the same vote with the same words whether the refuter re-checks one of the engine's own findings
// at its sink (static.ts) or another analyser's lead at its cited line (lead.ts). Only the subject is worded for each.
import type { Static } from '@sinclair/typebox';
import type { Refutation as RefutationSchema } from '../../../artifacts/schemas/skeptic.ts';
import type { GuardFact, SourceFacts } from '../types.ts';

export type Refutation = Static<typeof RefutationSchema>;

/** How a refuter names what it examined: the value reaching a sink, or the values passed at a lead's cited line. */
export interface Subject {
  is: string;
  comesFrom: string;
  derives: string;
  origin: string;
  /** Where a guard must stand: before the sink, or the cited line. */
  place: string;
}

export const AT_SINK: Subject = { is: 'The value is', comesFrom: 'The value comes', derives: 'The value derives', origin: "The value's origin is", place: 'the sink' };
export const AT_CITED_LINE: Subject = {
  is: 'The values at the cited line are',
  comesFrom: 'The values at the cited line come',
  derives: 'A value at the cited line derives',
  origin: "The values' origin is",
  place: 'the cited line',
};

export function staticVote(seat: string, v: Refutation['vote'], reason: string): Refutation {
  return { seat, engine: 'static', vote: v, reason };
}

/** Test, fixture, example or benchmark code is not reviewed unless the run includes tests. */
export function testCodeVote(path: string): Refutation {
  return staticVote('test-code', 'refuted', `${path} is test, fixture, example or benchmark code, excluded by default (include it with the include-tests option).`);
}

/** A literal, sanitised or configuration value refutes; request or CLI input upholds; anything else abstains. */
export function sourceVote(s: Pick<SourceFacts, 'kind' | 'via'>, subject: Subject): Refutation {
  if (s.kind === 'literal' || s.kind === 'sanitised') return staticVote('source', 'refuted', `${subject.is} ${s.via}, not input.`);
  if (s.kind === 'config') return staticVote('source', 'refuted', `${subject.comesFrom} from configuration (${s.via}), not from input.`);
  if (s.kind === 'input') return staticVote('source', 'upheld', `${subject.derives} from ${s.via}.`);
  return staticVote('source', 'abstained', `${subject.origin} ${s.via}; it was not traced to request or CLI input.`);
}

/** A guard that precedes `place` (the sink, the site, the cited line) refutes. */
export function guardVote(guard: Pick<GuardFact, 'kind' | 'line' | 'text'>, place: string): Refutation {
  return staticVote('guards', 'refuted', `A ${guard.kind} guard precedes ${place} on line ${guard.line}: \`${guard.text}\`.`);
}

/** No guard before an input value: the guards seat upholds. */
export function noGuardVote(place: string): Refutation {
  return staticVote('guards', 'upheld', `No allow-list, containment check, type check or escaping of the value precedes ${place}.`);
}
