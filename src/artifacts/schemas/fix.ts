// fix-strategy.json, fix-plan.json, fixer-scope.json and fix-report.json: the narrow path from confirmed finding to proven fix.
import { Type, type Static } from '@sinclair/typebox';
import { FIX_ATTEMPT_OUTCOMES, FIX_CLASSES, FIX_STATUSES, literalUnion } from './literals.ts';
import { artifact, RepoPath } from './common.ts';

export const FixClass = literalUnion(FIX_CLASSES, { description: 'safe-autofix is the only class a fixer may execute.' });
export type FixClass = Static<typeof FixClass>;

export const Gates = Type.Object(
  {
    maxFiles: Type.Integer({ minimum: 1 }),
    maxChangedLines: Type.Integer({ minimum: 1, description: 'Added plus removed lines.' }),
    maxNetDeletions: Type.Integer({ minimum: 0, description: 'Removed minus added lines.' }),
    maxGrossDeletions: Type.Integer({ minimum: 0, description: 'Removed lines.' }),
  },
  { additionalProperties: false, description: 'Change gates a single fix may not exceed.' },
);
export type Gates = Static<typeof Gates>;

export const FixCluster = Type.Object(
  {
    id: Type.String({ pattern: '^C[0-9]+$' }),
    findingIds: Type.Array(Type.String(), { minItems: 1 }),
    files: Type.Array(RepoPath, { description: 'Files the cluster\'s evidence cites, primary file first.' }),
    symbol: Type.Optional(Type.String()),
    severity: Type.String(),
    tier: Type.String({ description: 'Best tier among the cluster\'s findings.' }),
    classification: FixClass,
    reasons: Type.Array(Type.String(), { minItems: 1 }),
    dependsOn: Type.Array(Type.String(), { description: 'Clusters whose primary file this cluster\'s evidence also cites.' }),
  },
  { additionalProperties: false },
);
export type FixCluster = Static<typeof FixCluster>;

export const FixStrategy = artifact(
  'fix-strategy',
  { clusters: Type.Array(FixCluster) },
  'Confirmed findings clustered by root cause and classified, with reasons.',
);
export type FixStrategy = Static<typeof FixStrategy>;

export const FixPlan = artifact(
  'fix-plan',
  {
    canary: Type.Array(Type.String(), { description: 'The first few lowest-risk safe-autofix clusters, fixed before any wave.' }),
    waves: Type.Array(Type.Array(Type.String()), { description: 'Remaining executable cluster ids, in topological order of dependsOn.' }),
    manualReview: Type.Array(Type.String(), { description: 'Clusters a person must fix (manual-review, larger-refactor, architectural, dependency cycles).' }),
    reportOnly: Type.Array(Type.String()),
    gates: Gates,
  },
  'Canary then rollout waves; manual-review and report-only lists; change gates.',
);
export type FixPlan = Static<typeof FixPlan>;

export const LineRange = Type.Object(
  { start: Type.Integer({ minimum: 1 }), end: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false, description: 'Inclusive lines at the base commit.' },
);

export const ScopeEntry = Type.Object(
  {
    clusterId: Type.String(),
    bugIds: Type.Array(Type.String(), { minItems: 1 }),
    files: Type.Array(Type.Object({ path: RepoPath, ranges: Type.Array(LineRange, { minItems: 1 }) }, { additionalProperties: false }), { minItems: 1 }),
    gates: Gates,
  },
  { additionalProperties: false },
);
export type ScopeEntry = Static<typeof ScopeEntry>;

export const FixerScope = artifact(
  'fixer-scope',
  {
    repoRoot: Type.String({ minLength: 1, description: 'Canonical repository root the grant is for.' }),
    baseCommit: Type.String({ pattern: '^[0-9a-f]{40,64}$' }),
    marginLines: Type.Integer({ minimum: 0, description: 'Lines around each range an edit may also touch.' }),
    entries: Type.Array(ScopeEntry),
  },
  'Immutable grant: the only files and line ranges a fixer may edit, bound to a repository and a base commit.',
);
export type FixerScope = Static<typeof FixerScope>;

export const FixStatus = literalUnion(FIX_STATUSES);
export type FixStatus = Static<typeof FixStatus>;

export const FixAttempt = Type.Object(
  {
    outcome: literalUnion(FIX_ATTEMPT_OUTCOMES),
    reason: Type.String(),
  },
  { additionalProperties: false },
);
export type FixAttempt = Static<typeof FixAttempt>;

export const FixReport = artifact(
  'fix-report',
  {
    baseCommit: Type.String({ pattern: '^[0-9a-f]{40,64}$' }),
    branch: Type.Union([Type.String(), Type.Null()], { description: 'New branch holding the commits (--auto-commit), else null.' }),
    halted: Type.Union([Type.String(), Type.Null()], { description: 'Why the queue stopped early (3 consecutive systemic failures), else null.' }),
    fixes: Type.Array(
      Type.Object(
        {
          findingId: Type.String(),
          clusterId: Type.String(),
          status: FixStatus,
          patch: Type.String({ description: 'Unified diff against the base commit; empty when nothing was kept.' }),
          attempts: Type.Array(FixAttempt),
          before: Type.Array(Type.String(), { description: 'Checks on the base commit: "<name>: <status>".' }),
          after: Type.Array(Type.String(), { description: 'Checks with the fix applied (base, then the current head).' }),
        },
        { additionalProperties: false },
      ),
    ),
    leftWorktrees: Type.Array(Type.String(), { description: 'Worktrees whose safe removal could not be proven; left in place.' }),
  },
  'Per finding: status, patch, verification before and after, attempts.',
);
export type FixReport = Static<typeof FixReport>;
