// fix-strategy.json, fix-plan.json, fixer-scope.json and fix-report.json: the narrow path from confirmed finding to proven fix.
import { Type, type Static } from '@sinclair/typebox';
import { artifact, RepoPath } from './common.ts';

export const FixClass = Type.Union(
  ['safe-autofix', 'manual-review', 'larger-refactor', 'architectural-remediation', 'report-only'].map((c) => Type.Literal(c)),
);

export const FixStrategy = artifact(
  'fix-strategy',
  {
    clusters: Type.Array(
      Type.Object(
        {
          id: Type.String(),
          findingIds: Type.Array(Type.String(), { minItems: 1 }),
          files: Type.Array(RepoPath),
          classification: FixClass,
          reasons: Type.Array(Type.String()),
          dependsOn: Type.Array(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  'Confirmed findings clustered by root cause and classified, with reasons.',
);
export type FixStrategy = Static<typeof FixStrategy>;

export const FixPlan = artifact(
  'fix-plan',
  {
    canary: Type.Array(Type.String()),
    waves: Type.Array(Type.Array(Type.String()), { description: 'Cluster ids in topological order.' }),
    manualReview: Type.Array(Type.String()),
    reportOnly: Type.Array(Type.String()),
    gates: Type.Object(
      { maxFiles: Type.Integer(), maxChangedLines: Type.Integer(), maxNetDeletions: Type.Integer(), maxGrossDeletions: Type.Integer() },
      { additionalProperties: false },
    ),
  },
  'Canary then rollout waves; manual-review and report-only lists; change gates.',
);
export type FixPlan = Static<typeof FixPlan>;

export const FixerScope = artifact(
  'fixer-scope',
  {
    baseCommit: Type.String({ pattern: '^[0-9a-f]{40,64}$' }),
    entries: Type.Array(
      Type.Object(
        {
          bugIds: Type.Array(Type.String(), { minItems: 1 }),
          files: Type.Array(
            Type.Object({ path: RepoPath, ranges: Type.Array(Type.Tuple([Type.Integer({ minimum: 1 }), Type.Integer({ minimum: 1 })])) }, { additionalProperties: false }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  'Immutable grant: the only files and line ranges a fixer may edit, bound to a base commit.',
);
export type FixerScope = Static<typeof FixerScope>;

export const FixReport = artifact(
  'fix-report',
  {
    branch: Type.Union([Type.String(), Type.Null()]),
    fixes: Type.Array(
      Type.Object(
        {
          findingId: Type.String(),
          status: Type.Union(['fixed-proven', 'fixed-unproven', 'rolled-back', 'manual-review', 'skipped'].map((s) => Type.Literal(s))),
          patch: Type.String(),
          attempts: Type.Array(Type.Object({ outcome: Type.String(), reason: Type.String() }, { additionalProperties: false })),
          before: Type.Array(Type.String()),
          after: Type.Array(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    leftWorktrees: Type.Array(Type.String()),
  },
  'Per finding: status, patch, verification before and after, attempts.',
);
export type FixReport = Static<typeof FixReport>;
