// The shape of the modes/ data files (profiles.json, execution-modes.json), checked when they are loaded.
// The data lives in modes/; this file only says what a valid file looks like.
import { Type, type Static } from '@sinclair/typebox';
import { literal, literalUnion, PROFILES } from '../../artifacts/schemas/literals.ts';
import { Lens, SIZE_MODES } from '../../artifacts/schemas/adaptive-plan.ts';
import { Severity } from '../../artifacts/schemas/common.ts';

const PositiveInt = Type.Integer({ minimum: 1 });
const ProfileName = literalUnion(PROFILES);

export const ProfileSpec = Type.Object(
  {
    description: Type.String({ minLength: 1 }),
    chunkTokenBudget: PositiveInt,
    lenses: Type.Array(Lens, { minItems: 1, uniqueItems: true }),
    refuters: Type.Integer({ minimum: 0 }),
    rereadSeverities: Type.Array(Severity, { uniqueItems: true }),
    tokenBudgetPerChunk: Type.Union([PositiveInt, Type.Null()], { description: 'Model tokens per planned chunk; null: no cap.' }),
  },
  { additionalProperties: false },
);
export type ProfileSpec = Static<typeof ProfileSpec>;

export const ProfilesFile = Type.Object(
  {
    $comment: Type.Optional(Type.String()),
    profiles: Type.Object({ fast: ProfileSpec, balanced: ProfileSpec, assurance: ProfileSpec }, { additionalProperties: false }),
    auto: Type.Object(
      {
        description: Type.String(),
        fastWhen: Type.Object({ minTokens: PositiveInt }, { additionalProperties: false }),
        assuranceWhen: Type.Object({ maxTokens: PositiveInt, minTopRisk: Type.Number({ minimum: 0 }) }, { additionalProperties: false }),
        otherwise: ProfileName,
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type ProfilesFile = Static<typeof ProfilesFile>;

export const SizeMode = Type.Object(
  {
    name: literalUnion(SIZE_MODES),
    description: Type.String({ minLength: 1 }),
    when: Type.Object(
      { maxFiles: Type.Optional(PositiveInt), maxTokens: Type.Optional(PositiveInt), maxChunks: Type.Optional(PositiveInt) },
      { additionalProperties: false, description: 'All given limits must hold; {} matches everything.' },
    ),
    concurrency: PositiveInt,
    maxChunks: PositiveInt,
  },
  { additionalProperties: false },
);
export type SizeMode = Static<typeof SizeMode>;

export const ExecutionModesFile = Type.Object(
  {
    $comment: Type.Optional(Type.String()),
    sizeModes: Type.Array(SizeMode, { minItems: 1 }),
    localSequential: Type.Object(
      {
        name: literal('local-sequential'),
        description: Type.String({ minLength: 1 }),
        engines: Type.Array(Type.String({ minLength: 1 })),
        concurrency: literal(1),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type ExecutionModesFile = Static<typeof ExecutionModesFile>;
