// What the model answers when it refines the threat model: threats to add to (or adjust on) existing flows, and
// new flows. Every entry cites a file, a line and a verbatim quote of it; refine.ts checks them against the source.
// All fields required (strict structured output); '' means "none" where a field does not apply.
import { Type, type Static } from '@sinclair/typebox';
import { ASSET_KIND_ANSWERS, DIRECTIONS, literalUnion, MITIGATION_STATES } from '../../artifacts/schemas/literals.ts';
import { Stride, THREAT_BOUNDARY_KINDS } from '../../artifacts/schemas/threat-model.ts';

const Cited = {
  file: Type.String({ minLength: 1, maxLength: 500, description: 'Repository path of the cited line, as in the <source> blocks.' }),
  line: Type.Integer({ minimum: 1, description: 'The 1-based line number shown in the block.' }),
  quote: Type.String({ minLength: 1, maxLength: 400, description: 'The text of that line, verbatim (whitespace may differ).' }),
};

const Threat = {
  stride: Stride,
  threat: Type.String({ minLength: 1, maxLength: 500 }),
  mitigation: literalUnion(MITIGATION_STATES, { description: 'seen: the cited line is the guard; absent: the cited line is where input arrives unguarded.' }),
  detail: Type.String({ minLength: 1, maxLength: 500, description: 'What guard was seen, or what is missing.' }),
  reason: Type.String({ minLength: 1, maxLength: 1000, description: 'Why this entry is right, for a reviewer.' }),
  ...Cited,
};

export const RefineThreat = Type.Object(
  { flow: Type.String({ pattern: '^F[0-9]+$', description: 'The id of an existing flow.' }), ...Threat },
  { additionalProperties: false, description: 'A STRIDE entry for an existing flow: replaces the entry of the same category, or adds one.' },
);
export type RefineThreat = Static<typeof RefineThreat>;

export const RefineFlow = Type.Object(
  {
    boundary: literalUnion(THREAT_BOUNDARY_KINDS),
    direction: literalUnion(DIRECTIONS, { description: 'inbound: outside input enters the application at the cited line; outbound: the application reaches an asset there.' }),
    name: Type.String({ minLength: 1, maxLength: 200, description: 'inbound: the entry, e.g. "POST /upload"; outbound: the call, e.g. "s3.putObject(…)".' }),
    asset: Type.String({ maxLength: 200, description: "outbound: an existing asset id (A1 …) or the name of a new asset; inbound: ''." }),
    assetKind: literalUnion(ASSET_KIND_ANSWERS, { description: "The kind of a new asset; '' otherwise." }),
    threats: Type.Array(Type.Object(Threat, { additionalProperties: false }), { minItems: 1, maxItems: 6 }),
    ...Cited,
  },
  { additionalProperties: false, description: 'A data flow the deterministic model missed.' },
);
export type RefineFlow = Static<typeof RefineFlow>;

export const ThreatRefinementAnswer = Type.Object(
  {
    threats: Type.Array(RefineThreat, { maxItems: 50 }),
    flows: Type.Array(RefineFlow, { maxItems: 30 }),
  },
  { additionalProperties: false },
);
export type ThreatRefinementAnswer = Static<typeof ThreatRefinementAnswer>;
