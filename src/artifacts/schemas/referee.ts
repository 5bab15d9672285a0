// referee.json: the only verdict on each finding.
import { Type, type Static } from '@sinclair/typebox';
import { artifact, Confidence, Evidence, Severity, Tier, Verdict } from './common.ts';

export const RefereeVerdict = Type.Object(
  {
    findingId: Type.String(),
    verdict: Verdict,
    severity: Severity,
    confidence: Confidence,
    reasoning: Type.String({ minLength: 1 }),
    reread: Type.Boolean({ description: 'The referee re-read the source independently (required for critical and high).' }),
    engine: Type.String(),
    evidence: Type.Optional(Type.Array(Evidence, { description: "The quotes a model referee's verdict rests on, each checked against the source at its cited lines; without them the finding is unreviewed." })),
    tier: Type.Optional(Type.Union([Tier], { description: 'Tier the referee assigns before reproduction: T2 verified or T3 suspected.' })),
    cvss: Type.Optional(
      Type.Object(
        { vector: Type.String({ description: 'A CVSS 3.1 base vector the referee proposes instead of the derived one.' }), reason: Type.String({ minLength: 1 }) },
        { additionalProperties: false, description: 'A model referee may adjust a security finding\'s CVSS vector with reasons; the report recomputes the score and ignores a vector that does not parse.' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type RefereeVerdict = Static<typeof RefereeVerdict>;

export const Referee = artifact('referee', { verdicts: Type.Array(RefereeVerdict) }, 'Verdict per finding: confirmed, dismissed, manual-review or unreviewed.');
export type Referee = Static<typeof Referee>;
