// threat-model.json: the target's assets, actors, trust boundaries and the data flows across them, each flow
// with the STRIDE threats that apply and the mitigation seen in code (or its absence), tied to files and lines.
// Built deterministically from recon.json and the sources, optionally refined by a model (every entry it adds cites
// lines that were checked); threat-model.md is its rendered view.
import { Type, type Static } from '@sinclair/typebox';
import { ASSET_KINDS, AUTHENTICATION_STATES, literalUnion, MITIGATION_STATES, THREAT_CHANGES, THREAT_SOURCES } from './literals.ts';
import { artifact, RepoPath } from './common.ts';

export const STRIDE = ['spoofing', 'tampering', 'repudiation', 'information-disclosure', 'denial-of-service', 'elevation-of-privilege'] as const;
export const Stride = literalUnion(STRIDE, { description: 'STRIDE threat category.' });
export type Stride = (typeof STRIDE)[number];

export const THREAT_BOUNDARY_KINDS = [
  'http-entry', 'cli-entry', 'library-api', 'message-entry', 'authentication',
  'database', 'shell', 'filesystem', 'outbound-network', 'deserialisation', 'template',
] as const;
export type ThreatBoundaryKind = (typeof THREAT_BOUNDARY_KINDS)[number];

const Located = Type.Object(
  {
    file: RepoPath,
    line: Type.Integer({ minimum: 1 }),
    detail: Type.String({ description: 'The expression, call or registration at that line (repository text: escape before rendering).' }),
  },
  { additionalProperties: false },
);
export type Located = Static<typeof Located>;

const Id = (prefix: string) => Type.String({ pattern: `^${prefix}[0-9]+$` });

export const Mitigation = Type.Object(
  {
    status: literalUnion(MITIGATION_STATES, {
      description: 'seen: a guard was found; absent: untrusted input reaches the sink with no guard found; no-untrusted-input: none read before it.',
    }),
    detail: Type.String({ description: 'What was seen, or what is missing.' }),
    at: Type.Optional(Located),
  },
  { additionalProperties: false },
);
export type Mitigation = Static<typeof Mitigation>;

export const Authentication = Type.Object(
  {
    status: literalUnion(AUTHENTICATION_STATES, {
      description: 'required: an authentication middleware, hook, guard or check guards the entry; none-seen: the entry is mounted without one, turns it off, or relies on a function that rejects nothing; unknown: nothing was found.',
    }),
    at: Type.Optional(Located),
    note: Type.Optional(Type.String({ description: 'Which framework rule decided it, or why a guard named like authentication does not count.' })),
  },
  { additionalProperties: false },
);
export type Authentication = Static<typeof Authentication>;

/** Set on what a model refinement added or changed; absent on the deterministic model's own entries. */
export const Refined = Type.Object(
  {
    by: Type.String({ minLength: 1, description: 'provider/model that proposed it.' }),
    change: literalUnion(THREAT_CHANGES),
    reason: Type.String({ description: "The model's reason (untrusted text: escape before rendering)." }),
    was: Type.Optional(literalUnion(MITIGATION_STATES, { description: 'The mitigation status before an adjustment.' })),
  },
  { additionalProperties: false },
);

export const ThreatEntry = Type.Object(
  { stride: Stride, threat: Type.String({ minLength: 1 }), mitigation: Mitigation, refined: Type.Optional(Refined) },
  { additionalProperties: false },
);
export type ThreatEntry = Static<typeof ThreatEntry>;

export const ThreatModel = artifact(
  'threat-model',
  {
    source: literalUnion(THREAT_SOURCES, { description: 'Who built it; a model refinement keeps this schema.' }),
    assets: Type.Array(
      Type.Object(
        {
          id: Id('A'),
          name: Type.String(),
          kind: literalUnion(ASSET_KINDS),
          evidence: Type.Array(Located, { description: 'Where the code touches the asset (first few).' }),
        },
        { additionalProperties: false },
      ),
    ),
    actors: Type.Array(
      Type.Object(
        {
          id: Id('U'),
          name: Type.String(),
          trusted: Type.Boolean({ description: 'Operators are trusted; every caller from outside is not.' }),
          description: Type.String(),
        },
        { additionalProperties: false },
      ),
    ),
    boundaries: Type.Array(
      Type.Object(
        {
          id: Id('TB'),
          kind: literalUnion(THREAT_BOUNDARY_KINDS),
          name: Type.String(),
          locations: Type.Array(Located, { description: 'Every recon fact that crosses this boundary, sorted by file and line.' }),
        },
        { additionalProperties: false },
      ),
    ),
    flows: Type.Array(
      Type.Object(
        {
          id: Id('F'),
          boundary: Id('TB'),
          from: Type.String({ description: 'Actor id, or "process" for the application itself.' }),
          to: Type.String({ description: 'Asset id, or "process" for data entering the application.' }),
          entry: Type.Optional(
            Type.Object(
              {
                kind: Type.String({ description: 'Recon entry kind (http-route, cli-bin, exported-api, message-handler, main).' }),
                name: Type.String({ description: 'e.g. "GET /search", with the mount prefix when one was found ("GET /users/search").' }),
                file: RepoPath,
                line: Type.Integer({ minimum: 1 }),
              },
              { additionalProperties: false },
            ),
          ),
          at: Located,
          input: Type.Array(Type.String(), { description: 'Untrusted values read in the same handler before this point (e.g. req.query.host).' }),
          authentication: Authentication,
          threats: Type.Array(ThreatEntry, { minItems: 1 }),
          addedBy: Type.Optional(Type.String({ description: 'provider/model whose refinement added this flow (its citations were checked against the source).' })),
        },
        { additionalProperties: false },
      ),
      { description: 'Data flows across a boundary, sorted by file and line.' },
    ),
    exposure: Type.Array(
      Type.Object(
        {
          file: RepoPath,
          entry: Type.Object(
            { kind: Type.String(), name: Type.String(), file: RepoPath, line: Type.Integer({ minimum: 1 }) },
            { additionalProperties: false, description: 'The entry point that reaches the file: network before local, unauthenticated before authenticated, fewest hops.' },
          ),
          authentication: literalUnion(AUTHENTICATION_STATES),
          hops: Type.Integer({ minimum: 0, description: "Relative imports from the entry's file to this one (0: the entry's own file)." }),
        },
        { additionalProperties: false },
      ),
      { description: 'Per source file, how outside input reaches it: the CVSS attack vector and privileges of a finding there come from this.' },
    ),
    notes: Type.Array(Type.String(), { description: 'What the model could not see, e.g. recon facts without a mapping.' }),
  },
  'STRIDE threat model: assets, actors, trust boundaries and flows, each threat with the mitigation seen in code or its absence.',
);
export type ThreatModel = Static<typeof ThreatModel>;
export type ThreatFlow = ThreatModel['flows'][number];
