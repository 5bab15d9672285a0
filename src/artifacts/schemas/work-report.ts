// work-report.json: what `bug-hunter work` did with each queued issue — every gate with its figure, the proof, the
// review, the branch and pull request, and the outcome — plus the halt state and the wave promotion. Rewritten
// after each issue, so a run that dies midway keeps what it finished. The run header is the scan's it fixed from.
import { Type, type Static } from '@sinclair/typebox';
import { literalUnion, REVIEW_OUTCOMES, REVIEW_TAGS, WORK_LIGHTS, WORK_STATUSES } from './literals.ts';
import { artifact } from './common.ts';

const Count = Type.Integer({ minimum: 0 });
const IssueNumber = Type.Integer({ minimum: 1 });

export const WORK_OUTCOMES = ['pr-opened', 'would-open-pr', 'gated', 'review-failed', 'empty-diff', 'already-open', 'failed', 'halted'] as const;
export const WORK_GATES = ['files', 'changed-lines', 'net-deletions', 'gross-deletions', 'dependencies', 'red-green', 'suite'] as const;
export const WORK_FAILURES = ['crash', 'timeout', 'setup', 'gate', 'review', 'spec'] as const;

export const WorkGateRecord = Type.Object(
  {
    gate: literalUnion(WORK_GATES),
    passed: Type.Boolean(),
    figure: Type.Number({ description: 'The measured figure (files, lines, dependency files, reproductions green, checks passing).' }),
    limit: Type.Union([Type.Number(), Type.Null()]),
    detail: Type.String(),
    waived: Type.Optional(Type.String({ description: 'Why the issue lifted this gate.' })),
  },
  { additionalProperties: false },
);
export type WorkGateRecord = Static<typeof WorkGateRecord>;

const Light = literalUnion(WORK_LIGHTS);

export const WorkIssueEntry = Type.Object(
  {
    issue: IssueNumber,
    title: Type.String(),
    outcome: literalUnion(WORK_OUTCOMES, {
      description:
        'pr-opened: pushed and a draft PR opened; would-open-pr: --dry-run stopped before the push; gated: a gate stopped it; review-failed: the panel failed it; empty-diff: nothing to change and a rescan of the base no longer reports the finding, the issue is closed; already-open: a pull request for its branch exists; failed: crash, timeout, setup or an issue the queue cannot fix; halted: not started, the queue halted.',
    }),
    failure: Type.Optional(literalUnion(WORK_FAILURES, { description: 'crash, timeout and setup are systemic (they count toward the halt); the rest belong to the issue.' })),
    reason: Type.String({ description: 'Why this outcome, in a sentence.' }),
    fingerprint: Type.Union([Type.String({ pattern: '^[0-9a-f]{16,64}$' }), Type.Null()], { description: 'The publish marker on the issue, if any.' }),
    findingId: Type.Union([Type.String(), Type.Null()]),
    branch: Type.Union([Type.String(), Type.Null()]),
    baseCommit: Type.Union([Type.String(), Type.Null()]),
    commit: Type.Union([Type.String(), Type.Null()], { description: 'The fix commit on the branch.' }),
    attempts: Type.Array(Type.Object({ outcome: Type.String(), reason: Type.String() }, { additionalProperties: false })),
    proof: Type.Union([
      Type.Object(
        {
          before: Type.Object({ outcome: Light, detail: Type.String() }, { additionalProperties: false }),
          after: Type.Object({ outcome: Light, detail: Type.String() }, { additionalProperties: false }),
          suite: Type.Object({ command: Type.String(), passed: Count, total: Count }, { additionalProperties: false }),
        },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
    gates: Type.Array(WorkGateRecord),
    suiteRuns: Type.Optional(
      Type.Array(
        Type.Object(
          {
            when: Type.String({ description: "'base', or 'attempt N'." }),
            lines: Type.Array(Type.String(), { description: 'One line per reproduction and check: its status and why.' }),
            output: Type.String({ maxLength: 4000, description: "The tail of what the run printed, redacted in the sandbox." }),
          },
          { additionalProperties: false },
        ),
        { description: 'Every run of the reproductions and the suite for the fix, in order: a check that could not run (UNAVAILABLE) names why, and is never a failing fix.' },
      ),
    ),
    review: Type.Union([
      Type.Object(
        {
          passed: Type.Boolean(),
          reviewers: Type.Array(Type.Object({ reviewer: Type.String(), passed: Type.Boolean(), remarks: Type.Array(Type.String()) }, { additionalProperties: false })),
          notRun: Type.Array(Type.Object({ reviewer: Type.String(), why: Type.String() }, { additionalProperties: false }), { description: 'Reviewers that gave no verdict (no model, or not needed): the panel did not pass on their behalf.' }),
          brief: Type.String(),
        },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
    pullRequest: Type.Union([Type.Object({ number: IssueNumber, url: Type.String() }, { additionalProperties: false }), Type.Null()]),
    selfReview: Type.Optional(
      Type.Object(
        {
          outcome: literalUnion(REVIEW_OUTCOMES, { description: 'review-failed: the review was missing or unreadable, never clean.' }),
          why: Type.String(),
          remarks: Type.Array(
            Type.Object(
              {
                tag: literalUnion(REVIEW_TAGS),
                file: Type.Optional(Type.String()),
                line: Type.Optional(Type.Integer({ minimum: 1 })),
                remark: Type.String(),
              },
              { additionalProperties: false },
            ),
          ),
          rounds: Type.Integer({ minimum: 0, maximum: 2, description: 'Fix rounds run for auto-fixable remarks, each re-verified in the sandbox, gated and pushed to the branch.' }),
          commented: Type.Boolean({ description: 'A comment with the remarks was posted on the pull request.' }),
        },
        { additionalProperties: false, description: 'The self-review of the pull request after the batch (also of the one a dry run would open).' },
      ),
    ),
    pushed: Type.Boolean({ description: 'The branch was pushed to the remote.' }),
    labelled: Type.Array(Type.String(), { description: 'Labels added to the issue.' }),
    commented: Type.Boolean({ description: 'A comment with the outcome was posted on the issue.' }),
  },
  { additionalProperties: false },
);
export type WorkIssueEntry = Static<typeof WorkIssueEntry>;

export const WorkReport = artifact(
  'work-report',
  {
    repository: Type.String({ pattern: '^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$' }),
    apiUrl: Type.String(),
    dryRun: Type.Boolean({ description: 'Nothing was pushed and nothing written to GitHub.' }),
    baseBranch: Type.Union([Type.String(), Type.Null()], { description: "The remote's default branch the worktrees start from." }),
    status: literalUnion(WORK_STATUSES, {
      description: 'running: written after each issue while the queue works (a report left as running is from a run that died); halted: three systemic failures in a row.',
    }),
    error: Type.Optional(Type.String()),
    halt: Type.Object({ streak: Count, halted: Type.Boolean(), causes: Type.Array(Type.String()) }, { additionalProperties: false }),
    refused: Type.Array(Type.Object({ issue: IssueNumber, why: Type.String() }, { additionalProperties: false }), { description: 'Issues named with --issue that cannot be taken.' }),
    issues: Type.Array(WorkIssueEntry),
    promotion: Type.Union([
      Type.Object(
        {
          promoted: Type.Array(IssueNumber),
          waiting: Type.Array(Type.Object({ issue: IssueNumber, on: Type.Array(IssueNumber) }, { additionalProperties: false })),
          unknown: Type.Array(Type.Object({ issue: IssueNumber, missing: Type.Array(IssueNumber) }, { additionalProperties: false })),
          cycles: Type.Array(IssueNumber),
        },
        { additionalProperties: false },
      ),
      Type.Null(),
    ], { description: 'Wave promotion after the batch; null until it ran.' }),
    counts: Type.Record(Type.String(), Count, { description: 'Issues per outcome.' }),
  },
  'What the fix queue did with each issue: gates with figures, proof, review, branch, pull request and outcome.',
);
export type WorkReport = Static<typeof WorkReport>;
