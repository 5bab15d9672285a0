// publish-report.json: what `bug-hunter publish` did on GitHub for the scan it published — every issue filed,
// updated, reopened, closed or left alone, with its number. The run header is the published scan's.
import { Type, type Static } from '@sinclair/typebox';
import { ISSUE_STATE_REASONS, literalUnion, PUBLISH_ACTIONS, PUBLISH_STATUSES } from './literals.ts';
import { artifact } from './common.ts';

const Count = Type.Integer({ minimum: 0 });

export const PUBLISH_OUTCOMES = ['filed', 'updated', 'reopened', 'closed', 'unchanged', 'not-done'] as const;

export const PublishEntry = Type.Object(
  {
    outcome: literalUnion(PUBLISH_OUTCOMES, {
      description: 'not-done: planned, but publish stopped at an earlier failure before reaching it.',
    }),
    planned: literalUnion(PUBLISH_ACTIONS, { description: 'The planned action.' }),
    fingerprint: Type.String({ pattern: '^[0-9a-f]{16,64}$' }),
    findingId: Type.String({ description: 'BH-… id of the finding; empty when neither the report nor the ledger knows it any more.' }),
    issue: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'Issue number; null for a file that did not happen.' }),
    url: Type.Union([Type.String(), Type.Null()]),
    stateReason: Type.Optional(literalUnion(ISSUE_STATE_REASONS, { description: 'How a closed issue was closed.' })),
    changed: Type.Optional(Type.Array(Type.String(), { description: 'What an update changed: title, body, labels.' })),
    why: Type.String({ description: 'Why this action, in a few words.' }),
  },
  { additionalProperties: false },
);
export type PublishEntry = Static<typeof PublishEntry>;

export const PublishReport = artifact(
  'publish-report',
  {
    repository: Type.String({ pattern: '^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$', description: 'owner/name published to.' }),
    apiUrl: Type.String({ description: 'GitHub REST API base used (GITHUB_API_URL).' }),
    queue: Type.Boolean({ description: '--queue: new issues were labelled nightshift and auto-ready.' }),
    status: literalUnion(PUBLISH_STATUSES, { description: 'failed: a GitHub call failed; later actions are not-done.' }),
    error: Type.Optional(Type.String({ description: 'The failure, token scrubbed, when status is failed.' })),
    labelsCreated: Type.Array(Type.String(), { description: 'Labels the repository lacked and publish created.' }),
    entries: Type.Array(PublishEntry),
    counts: Type.Object(
      { filed: Count, updated: Count, reopened: Count, closed: Count, unchanged: Count, notDone: Count },
      { additionalProperties: false },
    ),
  },
  'What publish did on GitHub: each finding\'s issue filed, updated, reopened, closed or left alone, with its number.',
);
export type PublishReport = Static<typeof PublishReport>;
