// What the model referee answers about one finding. The verdict counts only with quoted evidence that matches the
// source at its cited lines (checked in model-referee.ts); otherwise the finding stays unreviewed.
import { Type, type Static } from '@sinclair/typebox';
import { Confidence, Evidence, Severity } from '../../artifacts/schemas/common.ts';
import { literalUnion, REFEREE_VERDICTS } from '../../artifacts/schemas/literals.ts';

export const RefereeAnswer = Type.Object(
  {
    verdict: literalUnion(REFEREE_VERDICTS),
    severity: Severity,
    confidence: Confidence,
    reasoning: Type.String({ minLength: 1, maxLength: 6000 }),
    evidence: Type.Array(Evidence, { minItems: 1, maxItems: 10, description: 'The source lines that decide the verdict, quoted exactly with their file and line numbers.' }),
    cvssVector: Type.String({ maxLength: 100, description: "A corrected CVSS 3.1 base vector when the derived one shown is wrong for this finding; '' to keep it." }),
    cvssReason: Type.String({ maxLength: 2000, description: "Why each changed metric changes; '' when the vector is kept." }),
  },
  { additionalProperties: false },
);
export type RefereeAnswer = Static<typeof RefereeAnswer>;
