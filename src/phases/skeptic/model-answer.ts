// What one model refuter answers about one finding.
import { Type, type Static } from '@sinclair/typebox';

export const SkepticAnswer = Type.Object(
  {
    vote: Type.Union([Type.Literal('refuted'), Type.Literal('upheld'), Type.Literal('abstained')]),
    reason: Type.String({ minLength: 1, maxLength: 4000, description: 'Concrete reason tied to quoted lines.' }),
    libraryPackage: Type.String({ description: 'npm (or other) package whose behaviour the vote relies on; empty string when none.' }),
  },
  { additionalProperties: false },
);
export type SkepticAnswer = Static<typeof SkepticAnswer>;
