// adaptive-plan.json: the profile and execution mode chosen from triage, and the limits in force.
import { Type, type Static } from '@sinclair/typebox';
import { literal, literalUnion, PROFILES } from './literals.ts';
import { artifact, Severity } from './common.ts';

export const Profile = literalUnion(PROFILES);
export type Profile = Static<typeof Profile>;

/** The size modes modes/execution-modes.json must define, smallest first. */
export const SIZE_MODES = ['single-file', 'small', 'parallel', 'extended', 'scaled', 'large-codebase'] as const;
export const ExecutionMode = literalUnion([...SIZE_MODES, 'local-sequential']);
export type ExecutionMode = Static<typeof ExecutionMode>;

export const LENSES = [
  'nil-safety',
  'concurrency',
  'resource-leak',
  'boundary',
  'api-contract',
  'injection',
  'logic',
  'data-integrity',
  'type-safety',
  'cross-file',
  'async',
  'error-handling',
  'secrets',
] as const;
export const Lens = literalUnion(
  LENSES,
  { description: 'A hunting lens: one kind of defect a hunter pass looks for.' },
);
export type Lens = Static<typeof Lens>;

export const PlanLimits = Type.Object(
  {
    concurrency: Type.Integer({ minimum: 1, description: 'Chunks worked on at the same time.' }),
    chunkTokenBudget: Type.Integer({ minimum: 1, description: 'Source-token budget per chunk (the one triage chunked with).' }),
    maxChunks: Type.Integer({ minimum: 1, description: 'Chunks run by default; the rest are deferredChunks.' }),
    lenses: Type.Array(Lens, { minItems: 1, uniqueItems: true, description: 'Hunting lenses applied to each chunk.' }),
    refuters: Type.Integer({ minimum: 0, description: 'Skeptics that try to disprove each candidate.' }),
    rereadSeverities: Type.Array(Severity, { uniqueItems: true, description: 'Severities the referee re-reads the source for.' }),
    tokenBudget: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'Model tokens the run may spend (null: no cap). Past it the run degrades, then stops starting new work.',
    }),
  },
  { additionalProperties: false },
);
export type PlanLimits = Static<typeof PlanLimits>;

export const ShardShare = Type.Object(
  {
    index: Type.Integer({ minimum: 1, description: '1-based shard number (i of --shard i/n).' }),
    count: Type.Integer({ minimum: 1, description: 'How many shards the scan is split into (n of --shard i/n).' }),
    chunks: Type.Array(Type.String(), { description: "Triage chunk ids this shard owns (by a hash of each chunk's first file); the other shards own the rest." }),
  },
  { additionalProperties: false, description: 'Set with --shard i/n: this run hunts only its share of the chunks.' },
);
export type ShardShare = Static<typeof ShardShare>;

export const AdaptivePlan = artifact(
  'adaptive-plan',
  {
    requestedProfile: Type.Union([Profile, literal('auto')]),
    profile: Profile,
    mode: ExecutionMode,
    limits: PlanLimits,
    overrides: Type.Array(Type.String(), { description: 'Limits set explicitly by the caller (these always win).' }),
    reasons: Type.Array(Type.String(), { description: 'Why this profile and mode were chosen.' }),
    chunkOrder: Type.Array(Type.String(), { description: 'Chunk ids to run, in order.' }),
    deferredChunks: Type.Array(Type.String(), {
      description: 'Chunk ids past maxChunks, lowest risk; not run by default (unreviewed unless --loop covers them).',
    }),
    shard: Type.Optional(ShardShare),
  },
  'Profile, execution mode and limits chosen from triage; explicit caller limits always win.',
);
export type AdaptivePlan = Static<typeof AdaptivePlan>;
