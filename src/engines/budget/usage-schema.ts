// Schema of `.bug-hunter/usage.json`: token and cost accounting per UTC day and per run, kept across runs
// (the per-day budget and the estimate's calibration read it). Not a pipeline artifact: no run header.
import { Type, type Static } from '@sinclair/typebox';
import { literal } from '../../artifacts/schemas/literals.ts';

const Count = Type.Integer({ minimum: 0 });

export const Totals = Type.Object(
  {
    inputTokens: Count,
    outputTokens: Count,
    calls: Count,
    costUsd: Type.Number({ minimum: 0, description: 'Cost of the priced tokens.' }),
    unpricedTokens: Type.Integer({ minimum: 0, description: 'Tokens of models with no known price (not in costUsd).' }),
  },
  { additionalProperties: false },
);
export type Totals = Static<typeof Totals>;

export const ChunkPlan = Type.Object(
  {
    chunks: Type.Integer({ minimum: 0 }),
    tokensPerChunk: Type.Integer({ minimum: 0, description: 'Average source tokens in one chunk.' }),
    lenses: Type.Integer({ minimum: 0, description: 'Hunter lenses run per chunk.' }),
    refuters: Type.Integer({ minimum: 0, description: 'Skeptics per finding.' }),
    concurrency: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false, description: 'What the run set out to do, for calibrating estimates.' },
);
export type ChunkPlan = Static<typeof ChunkPlan>;

const RoleTotals = Type.Object({ inputTokens: Count, outputTokens: Count, calls: Count }, { additionalProperties: false });
export type RoleTotals = Static<typeof RoleTotals>;

export const RunUsage = Type.Object(
  {
    runId: Type.String({ minLength: 1 }),
    startedAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
    totals: Totals,
    byRole: Type.Record(Type.String(), RoleTotals),
    plan: Type.Optional(ChunkPlan),
    wallMs: Type.Optional(Type.Number({ minimum: 0, description: 'Wall time of the run, set when it closed.' })),
    cacheHits: Type.Optional(Type.Integer({ minimum: 0, description: 'Model calls answered from the evidence cache: no tokens spent, not in totals.calls.' })),
    degradedAt: Type.Optional(Type.String({ format: 'date-time', description: 'When usage first passed warnAt.' })),
    exhaustedAt: Type.Optional(Type.String({ format: 'date-time', description: 'When the budget ran out.' })),
  },
  { additionalProperties: false },
);
export type RunUsage = Static<typeof RunUsage>;

export const UsageFile = Type.Object(
  {
    schemaVersion: literal(1),
    kind: literal('bug-hunter-usage'),
    days: Type.Record(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), Totals, { description: 'UTC day → totals.' }),
    runs: Type.Array(RunUsage, { description: 'Most recent runs last (older ones are pruned).' }),
  },
  { additionalProperties: false, title: 'usage', description: 'Model token and cost accounting for this target.' },
);
export type UsageFile = Static<typeof UsageFile>;
