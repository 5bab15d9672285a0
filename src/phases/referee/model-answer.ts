// What the model referee answers about one finding.
import { Type, type Static } from '@sinclair/typebox';
import { Confidence, Severity } from '../../artifacts/schemas/common.ts';

export const RefereeAnswer = Type.Object(
  {
    verdict: Type.Union([Type.Literal('confirmed'), Type.Literal('dismissed'), Type.Literal('manual-review')]),
    severity: Severity,
    confidence: Confidence,
    reasoning: Type.String({ minLength: 1, maxLength: 6000 }),
  },
  { additionalProperties: false },
);
export type RefereeAnswer = Static<typeof RefereeAnswer>;
