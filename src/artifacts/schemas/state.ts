// state.json: progress of one run, per phase, chunk and file, so an interrupted run can resume.
import { Type, type Static } from '@sinclair/typebox';
import { literalUnion, PHASE_STATUSES, RUN_STATUSES } from './literals.ts';
import { artifact, RepoPath, Sha256 } from './common.ts';
import { RunOptions, ScopeOptions } from './run-options.ts';

export const Status = literalUnion(PHASE_STATUSES);
export type Status = Static<typeof Status>;

export const PhaseState = Type.Object(
  {
    status: Status,
    startedAt: Type.Optional(Type.String({ format: 'date-time' })),
    finishedAt: Type.Optional(Type.String({ format: 'date-time' })),
    error: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const ChunkState = Type.Object(
  {
    id: Type.String(),
    status: Status,
    attempts: Type.Integer({ minimum: 0 }),
    files: Type.Array(RepoPath),
    error: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type ChunkState = Static<typeof ChunkState>;

export const FileState = Type.Object(
  {
    sha256: Sha256,
    status: Status,
  },
  { additionalProperties: false },
);

export const RunState = artifact(
  'state',
  {
    command: Type.String({ description: 'Command line that started the run.' }),
    options: RunOptions,
    scope: ScopeOptions,
    startedAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
    status: literalUnion(RUN_STATUSES),
    phases: Type.Record(Type.String(), PhaseState),
    chunks: Type.Array(ChunkState),
    files: Type.Record(Type.String(), FileState, { description: 'Per-file hash recorded before dispatch, and status.' }),
  },
  'Run progress per phase, chunk and file; the baseline a resume must match.',
);
export type RunState = Static<typeof RunState>;
