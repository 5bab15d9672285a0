// Building blocks shared by every artifact schema: run identity, findings, evidence.
// These TypeBox definitions are the one source of truth; types are derived with Static<>.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CATEGORIES, ENGINES, FINDING_ORIGINS, literal, literalUnion, STRIDE_CATEGORIES, TIERS, VERDICTS } from './literals.ts';

export const SCHEMA_VERSION = 1;

export const RepoPath = Type.String({
  minLength: 1,
  pattern: '^(?!/)(?!.*(^|/)\\.\\.(/|$))[^\\\\]+$',
  description: 'Repository-relative POSIX path; never absolute, never containing "..".',
});

export const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$', description: 'Lower-case hex SHA-256.' });

export const RunIdentity = Type.Object(
  {
    runId: Type.String({ minLength: 1, description: 'Identifier of the run that wrote the artifact.' }),
    repoRoot: Type.String({ minLength: 1, description: 'Absolute, canonical (realpath) repository root.' }),
    baseCommit: Type.Union([Type.String({ pattern: '^[0-9a-f]{40,64}$' }), Type.Null()], {
      description: 'HEAD commit when the run started; null outside git.',
    }),
    scopeHash: Sha256,
    optionsHash: Sha256,
    toolVersion: Type.String({ description: 'bug-hunter version that wrote the artifact.' }),
  },
  { additionalProperties: false, description: 'Who wrote this artifact, for which tree and options.' },
);
export type RunIdentity = Static<typeof RunIdentity>;

/** Most severe first: the order --fail-on and the reports compare by. */
export const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low', 'info'] as const;
export const Severity = literalUnion(SEVERITY_ORDER, { description: 'Impact if the bug triggers.' });
export type Severity = Static<typeof Severity>;

export const Category = literalUnion(CATEGORIES, { description: 'Kind of defect.' });
export type Category = Static<typeof Category>;

export const Confidence = Type.Number({ minimum: 0, maximum: 1, description: 'Calibrated probability that the claim is true.' });

export const Evidence = Type.Object(
  {
    file: RepoPath,
    startLine: Type.Integer({ minimum: 1 }),
    endLine: Type.Integer({ minimum: 1 }),
    quote: Type.String({ minLength: 1, maxLength: 4000, description: 'Exact source text at those lines (whitespace-normalised when compared).' }),
  },
  { additionalProperties: false },
);
export type Evidence = Static<typeof Evidence>;

export const MAX_FLOW_STEPS = 16;

export const FlowStep = Type.Object(
  {
    file: RepoPath,
    line: Type.Integer({ minimum: 1 }),
    note: Type.String({ minLength: 1, maxLength: 300, description: 'What happens to the value there (read from input, bound to a name, passed to a function, returned, the sink).' }),
  },
  { additionalProperties: false },
);
export type FlowStep = Static<typeof FlowStep>;

export const Engine = literalUnion(ENGINES, {
  description: 'Which engine produced the finding.',
});

export const Finding = Type.Object(
  {
    id: Type.String({ pattern: '^BH-[0-9a-f]{8,}$', description: 'Stable id within a run, derived from the fingerprint.' }),
    fingerprint: Type.String({
      pattern: '^[0-9a-f]{16,64}$',
      description: 'The one identity for every engine, surviving line shifts: file, normalised code at the first line, bug class.',
    }),
    formerFingerprints: Type.Optional(
      Type.Array(Type.String({ pattern: '^[0-9a-f]{16,64}$' }), {
        maxItems: 20,
        description: 'Fingerprints an earlier version of bug-hunter gave this finding; stored dismissals, ledger entries, baselines and issue markers keyed on them still match.',
      }),
    ),
    file: RepoPath,
    startLine: Type.Integer({ minimum: 1 }),
    endLine: Type.Integer({ minimum: 1 }),
    symbol: Type.Optional(Type.String({ description: 'Enclosing function or class, when known.' })),
    category: Category,
    severity: Severity,
    confidence: Confidence,
    claim: Type.String({ minLength: 1, maxLength: 2000, description: 'What is wrong, in one or two sentences.' }),
    evidence: Type.Array(Evidence, { minItems: 1, maxItems: 20, description: 'Quotes that support the claim.' }),
    runtimeTrigger: Type.String({ minLength: 1, maxLength: 2000, description: 'The input or event that makes the bug happen.' }),
    lens: Type.String({ minLength: 1, description: 'Hunting lens that produced it.' }),
    engine: Engine,
    ruleId: Type.Optional(Type.String({ description: 'Static rule id, for the static engine.' })),
    model: Type.Optional(Type.String({ description: 'provider/model that produced it, for the model engine.' })),
    cwe: Type.Optional(Type.String({ pattern: '^CWE-[0-9]+$' })),
    stride: Type.Optional(
      Type.Array(
        literalUnion(STRIDE_CATEGORIES),
      ),
    ),
    flow: Type.Optional(
      Type.Array(FlowStep, {
        minItems: 2,
        maxItems: MAX_FLOW_STEPS,
        description: 'Taint findings: the steps of the value from its source to the sink, in order; the last step is the sink. A longer path keeps its source and the steps nearest the sink.',
      }),
    ),
    corroboratedBy: Type.Optional(Type.Array(Type.String(), { description: 'Other lenses or engines that reported the same fingerprint.' })),
    origin: Type.Optional(
      literalUnion(FINDING_ORIGINS, {
        description: "Where the bug came from: a scan (the default when absent), or a person's report in words or a stack trace (bug-hunter repro).",
      }),
    ),
  },
  { additionalProperties: false },
);
export type Finding = Static<typeof Finding>;

export const Verdict = literalUnion(VERDICTS, {
  description: 'confirmed: referee accepted; dismissed: evidence disproved it; manual-review: a person must decide; unreviewed: review did not finish.',
});
export type Verdict = Static<typeof Verdict>;

export const Tier = literalUnion(TIERS, {
  description: 'T1 reproduced, T2 verified by adversarial review, T3 suspected (hidden by default).',
});
export type Tier = Static<typeof Tier>;

/** Every artifact starts with the same header. */
export function artifact<Name extends string, Body extends Record<string, TSchema>>(name: Name, body: Body, description: string) {
  return Type.Object(
    {
      schemaVersion: literal(SCHEMA_VERSION),
      artifact: literal(name),
      run: RunIdentity,
      generatedAt: Type.String({ format: 'date-time' }),
      ...body,
    },
    { additionalProperties: false, $id: `https://bug-hunter.dev/schemas/${name}.schema.json`, title: name, description },
  );
}
