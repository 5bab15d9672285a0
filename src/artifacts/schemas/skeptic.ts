// skeptic.json: each refuter's attempt to disprove each finding, and the panel outcome.
import { Type, type Static } from '@sinclair/typebox';
import { literalUnion, SKEPTIC_VOTES } from './literals.ts';

/** What the skeptic panel made of a finding (src/engines/static/refute/panel.ts decides it). */
export const PANEL_OUTCOMES = ['killed', 'survived', 'split', 'unreviewed'] as const;
export type PanelOutcome = (typeof PANEL_OUTCOMES)[number];
import { artifact, Evidence } from './common.ts';

export const Refutation = Type.Object(
  {
    seat: Type.String({ description: 'Refuter seat: reachability, semantics, guards, static-check id …' }),
    engine: Type.String(),
    vote: literalUnion(SKEPTIC_VOTES),
    reason: Type.String(),
    evidence: Type.Optional(Type.Array(Evidence, { description: "The quotes a model refuter's vote rests on, each checked against the source at its cited lines; a vote without them counts as abstained." })),
    docEvidence: Type.Optional(
      Type.Object(
        { package: Type.String(), version: Type.Union([Type.String(), Type.Null()]), source: Type.String(), found: Type.Boolean() },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const Skeptic = artifact(
  'skeptic',
  {
    reviews: Type.Array(
      Type.Object(
        {
          findingId: Type.String(),
          refutations: Type.Array(Refutation),
          outcome: literalUnion(PANEL_OUTCOMES),
        },
        { additionalProperties: false },
      ),
    ),
  },
  'Refuters per finding; a refutation checked against the source (a static vote) kills a finding, otherwise a strict majority of examining refuters does, and a tie goes to the referee.',
);
export type Skeptic = Static<typeof Skeptic>;
