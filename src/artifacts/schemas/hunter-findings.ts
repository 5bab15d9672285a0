// hunter-findings.json: candidate findings per chunk, plus what was rejected and why.
import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from './literals.ts';
import { artifact, Finding } from './common.ts';
import { LeadOutcome } from './leads.ts';
import { FailureCause } from './coverage.ts';

export const ChunkOutcome = Type.Object(
  {
    chunkId: Type.String(),
    status: literalUnion(['done', 'failed', 'unreviewed']),
    lenses: Type.Array(Type.String()),
    engine: Type.String(),
    error: Type.Optional(Type.String()),
    cause: Type.Optional(FailureCause),
    unsupported: Type.Optional(
      Type.Array(Type.Object({ path: Type.String(), reason: Type.String() }, { additionalProperties: false }), {
        description: 'Files of the chunk the engine has no scanner for (scanner-unsupported, never clean).',
      }),
    ),
    rejected: Type.Array(
      Type.Object({ reason: Type.String(), claim: Type.String(), file: Type.Optional(Type.String()) }, { additionalProperties: false }),
      { description: 'Candidates rejected (unsupported evidence, file outside the chunk, …).' },
    ),
  },
  { additionalProperties: false },
);

export const HunterFindings = artifact(
  'hunter-findings',
  {
    findings: Type.Array(Finding, { description: 'Candidates after deduplication by fingerprint.' }),
    chunks: Type.Array(ChunkOutcome),
    leads: Type.Optional(Type.Array(LeadOutcome, { description: 'With --leads: what became of each candidate lead of leads.json.' })),
  },
  'Hunter candidates with quoted evidence; rejected candidates counted per chunk.',
);
export type HunterFindings = Static<typeof HunterFindings>;
