// The fix-plan phase's decisions, pure: scan-report.json → fix-strategy, fix-plan and (when anything is executable)
// fixer-scope. Fixing needs a base commit; an existing scope is kept when it grants the same, and any other existing
// scope is an IntegrityError, decided before anything is written.
import type { RunIdentity } from '../../artifacts/schemas/common.ts';
import type { FixerScope, FixPlan, FixStrategy } from '../../artifacts/schemas/fix.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { planFixes } from '../../engines/fix/plan.ts';
import { scopeDifference } from '../../engines/fix/scope.ts';
import { IntegrityError, UsageError } from '../../foundations/errors.ts';

type Body<T> = Omit<T, 'schemaVersion' | 'artifact' | 'run' | 'generatedAt'>;

export interface FixPlanOutputs {
  'fix-strategy': Body<FixStrategy>;
  'fix-plan': Body<FixPlan>;
  /** Absent when nothing is executable or the same grant already exists. */
  'fixer-scope'?: Body<FixerScope>;
}

/** The phase's outputs and its one-line summary; `outDir` only names the artifact folder in an error. */
export function fixPlanOutputs(report: ScanReport, identity: RunIdentity, existing: FixerScope | undefined, outDir: string): { outputs: FixPlanOutputs; summary: string } {
  const { baseCommit } = identity;
  if (!baseCommit) {
    throw new UsageError(`Fixing needs a git repository with at least one commit: ${identity.repoRoot} has no base commit. Run 'git init && git commit' first, or scan without --fix.`);
  }
  const planning = planFixes(report, { ...identity, baseCommit });
  // The scope is checked before anything is written, so a refused run leaves the old strategy and plan alone.
  if (planning.scope && existing) {
    const difference = scopeDifference(existing, planning.scope);
    if (difference) {
      throw new IntegrityError(
        `fixer-scope.json in ${outDir} already grants a different scope (${difference}). A fixer scope never changes once written: ` +
          'review and delete it yourself, or use a fresh --out folder.',
      );
    }
  } else if (existing) {
    throw new IntegrityError(`fixer-scope.json in ${outDir} grants a scope but this plan has nothing executable. Delete it yourself or use a fresh --out folder.`);
  }
  const executable = planning.scope?.entries.length ?? 0;
  const summary = `fix plan: ${planning.strategy.clusters.length} clusters, ${executable} executable, ${planning.plan.manualReview.length} manual review, ${planning.plan.reportOnly.length} report only`;
  return { outputs: { 'fix-strategy': planning.strategy, 'fix-plan': planning.plan, ...(planning.scope && !existing ? { 'fixer-scope': planning.scope } : {}) }, summary };
}
