// What one model refuter answers about one finding. The vote counts only with quoted evidence that matches the
// source at its cited lines (checked in model-refuters.ts); otherwise it is no answer.
import { Type, type Static } from '@sinclair/typebox';
import { Evidence } from '../../artifacts/schemas/common.ts';
import { literalUnion, SKEPTIC_VOTES } from '../../artifacts/schemas/literals.ts';

export const SkepticAnswer = Type.Object(
  {
    vote: literalUnion(SKEPTIC_VOTES),
    reason: Type.String({ minLength: 1, maxLength: 4000, description: 'Concrete reason tied to quoted lines.' }),
    evidence: Type.Array(Evidence, { minItems: 1, maxItems: 10, description: 'The source lines the vote rests on, quoted exactly with their file and line numbers.' }),
    libraryPackage: Type.String({ description: 'npm (or other) package whose behaviour the vote relies on; empty string when none.' }),
  },
  { additionalProperties: false },
);
export type SkepticAnswer = Static<typeof SkepticAnswer>;
