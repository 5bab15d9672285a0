// The fix-plan phase (deterministic): scan-report.json → fix-strategy.json, fix-plan.json and, when anything is
// executable, fixer-scope.json. The scope is immutable: an existing different scope is an IntegrityError, never overwritten.
import { hasArtifact, readArtifact, writeArtifact } from '../../artifacts/store.ts';
import type { FixerScope } from '../../artifacts/schemas/fix.ts';
import { IntegrityError, UsageError } from '../../errors.ts';
import { planFixes } from '../../fix/plan.ts';
import { scopeDifference } from '../../fix/scope.ts';
import type { PhaseContext, PhaseDefinition } from '../types.ts';

export const fixPlanPhase: PhaseDefinition = {
  name: 'fix-plan',
  summary: 'cluster, classify and scope fixes',
  reads: ['scan-report'],
  writes: ['fix-strategy', 'fix-plan', 'fixer-scope'],
  async run(ctx) {
    runFixPlan(ctx);
  },
};

export function runFixPlan(ctx: Pick<PhaseContext, 'outDir' | 'identity' | 'log'>): { executable: number; scopeWritten: boolean } {
  const { baseCommit } = ctx.identity;
  if (!baseCommit) {
    throw new UsageError(`Fixing needs a git repository with at least one commit: ${ctx.identity.repoRoot} has no base commit. Run 'git init && git commit' first, or scan without --fix.`);
  }
  const report = readArtifact(ctx.outDir, 'scan-report');
  const planning = planFixes(report, { ...ctx.identity, baseCommit });
  const header = <N extends string>(name: N) => ({ schemaVersion: 1 as const, artifact: name, run: ctx.identity, generatedAt: new Date().toISOString() });
  // The scope is checked before anything is written, so a refused run leaves the old strategy and plan alone.
  let scope: FixerScope | null = null;
  let keepExisting = false;
  if (planning.scope) {
    scope = { ...header('fixer-scope'), ...planning.scope };
    if (hasArtifact(ctx.outDir, 'fixer-scope')) {
      const existing = readArtifact(ctx.outDir, 'fixer-scope');
      const difference = scopeDifference(existing, scope);
      if (difference) {
        throw new IntegrityError(
          `fixer-scope.json in ${ctx.outDir} already grants a different scope (${difference}). A fixer scope never changes once written: ` +
            'review and delete it yourself, or use a fresh --out folder.',
        );
      }
      keepExisting = true;
    }
  } else if (hasArtifact(ctx.outDir, 'fixer-scope')) {
    throw new IntegrityError(`fixer-scope.json in ${ctx.outDir} grants a scope but this plan has nothing executable. Delete it yourself or use a fresh --out folder.`);
  }
  writeArtifact(ctx.outDir, 'fix-strategy', { ...header('fix-strategy'), ...planning.strategy });
  writeArtifact(ctx.outDir, 'fix-plan', { ...header('fix-plan'), ...planning.plan });
  if (scope && !keepExisting) writeArtifact(ctx.outDir, 'fixer-scope', scope);
  const executable = planning.scope?.entries.length ?? 0;
  ctx.log.info(`fix plan: ${planning.strategy.clusters.length} clusters, ${executable} executable, ${planning.plan.manualReview.length} manual review, ${planning.plan.reportOnly.length} report only`);
  return { executable, scopeWritten: Boolean(scope && !keepExisting) };
}
