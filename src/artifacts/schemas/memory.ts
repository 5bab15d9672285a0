// Memory that outlives a run, kept in <target>/.bug-hunter/ and meant to be committed:
// suppressions.json (bugs a person dismissed, by fingerprint) and ledger.json (findings across runs).
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DISMISSERS, LEDGER_EVENTS, LEDGER_STATUSES, literal, literalUnion } from './literals.ts';
import { Category, RepoPath, SCHEMA_VERSION, Severity } from './common.ts';

// No run identity in the header: these files belong to the target, not to one run.
function memoryFile<Name extends string, Body extends Record<string, TSchema>>(name: Name, body: Body, description: string) {
  return Type.Object(
    { schemaVersion: literal(SCHEMA_VERSION), artifact: literal(name), ...body },
    { additionalProperties: false, $id: `https://bug-hunter.dev/schemas/${name}.schema.json`, title: name, description },
  );
}

const Fingerprint = Type.String({ pattern: '^[0-9a-f]{16,64}$', description: 'The finding fingerprint (survives line shifts).' });

export const SuppressionEntry = Type.Object(
  {
    fingerprint: Fingerprint,
    findingId: Type.Optional(Type.String({ description: 'Id the finding had when it was dismissed.' })),
    reason: Type.String({ minLength: 1, description: 'Why a person dismissed it; required.' }),
    by: Type.String({ minLength: 1, description: 'git user.name <user.email>, or the OS user when git has none.' }),
    at: Type.String({ format: 'date-time' }),
    file: Type.Optional(RepoPath),
    claim: Type.Optional(Type.String({ description: 'The claim when dismissed, for readers of the file.' })),
  },
  { additionalProperties: false },
);
export type SuppressionEntry = Static<typeof SuppressionEntry>;

export const Suppressions = memoryFile(
  'suppressions',
  { entries: Type.Array(SuppressionEntry, { description: 'One per fingerprint, oldest first.' }) },
  'Findings a person dismissed with a reason; a fingerprint listed here is never reported again.',
);
export type Suppressions = Static<typeof Suppressions>;

export const LedgerStatus = literalUnion(LEDGER_STATUSES);
export type LedgerStatus = Static<typeof LedgerStatus>;

export const LedgerEvent = Type.Object(
  {
    runId: Type.String(),
    at: Type.String({ format: 'date-time' }),
    event: literalUnion(LEDGER_EVENTS),
    detail: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type LedgerEvent = Static<typeof LedgerEvent>;

export const LedgerEntry = Type.Object(
  {
    fingerprint: Fingerprint,
    findingId: Type.String(),
    status: LedgerStatus,
    dismissedBy: Type.Optional(
      literalUnion(DISMISSERS, { description: 'person: in suppressions.json; review: the referee dismissed it in a later run.' }),
    ),
    verdict: Type.String({ description: 'Referee verdict when last seen (confirmed or manual-review).' }),
    file: RepoPath,
    startLine: Type.Integer({ minimum: 1 }),
    endLine: Type.Integer({ minimum: 1 }),
    severity: Severity,
    category: Category,
    claim: Type.String(),
    quotes: Type.Array(Type.Object({ file: RepoPath, startLine: Type.Integer({ minimum: 1 }), quote: Type.String({ minLength: 1 }) }, { additionalProperties: false }), {
      minItems: 1,
      description: 'Evidence quotes; when one is no longer in its file, the bug is taken as fixed.',
    }),
    contextHash: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the whitespace-normalised cited lines plus three lines either side, when last seen.' }),
    firstSeenRun: Type.String(),
    lastSeenRun: Type.String(),
    firstSeenAt: Type.String({ format: 'date-time' }),
    lastSeenAt: Type.String({ format: 'date-time' }),
    fixedBy: Type.Optional(
      Type.Object(
        { commit: Type.String({ pattern: '^[0-9a-f]{40,64}$' }), at: Type.String({ format: 'date-time' }) },
        { additionalProperties: false, description: 'The commit that fixed it, when `watch` followed the branch and closed it.' },
      ),
    ),
    reverify: Type.Optional(
      Type.Object({ reason: Type.String(), since: Type.String({ description: 'Run that noticed the change.' }) }, { additionalProperties: false, description: 'Queued for re-verification: the code at the finding changed.' }),
    ),
    history: Type.Array(LedgerEvent, { description: 'Status changes, newest last (capped).' }),
  },
  { additionalProperties: false },
);
export type LedgerEntry = Static<typeof LedgerEntry>;

export const Ledger = memoryFile(
  'ledger',
  {
    updatedAt: Type.String({ format: 'date-time' }),
    runs: Type.Array(
      Type.Object(
        { runId: Type.String(), at: Type.String({ format: 'date-time' }), baseCommit: Type.Union([Type.String(), Type.Null()]) },
        { additionalProperties: false },
      ),
      { description: 'Runs that updated the ledger, newest last (capped).' },
    ),
    entries: Type.Array(LedgerEntry),
  },
  'Findings across runs: open, fixed or dismissed, first and last seen, queued for re-verification when their code changed.',
);
export type Ledger = Static<typeof Ledger>;
