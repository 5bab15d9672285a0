// The fix-plan phase (deterministic): scan-report.json → fix-strategy.json, fix-plan.json and, when anything is
// executable, fixer-scope.json. The scope is immutable: an existing different scope is an IntegrityError, never overwritten.
import { readArtifactIfPresent } from '../../artifacts/store.ts';
import { definePhase } from '../../phase-kit/define-phase.ts';
import { IntegrityError, UsageError } from '../../foundations/errors.ts';
import { planFixes } from '../../engines/fix/plan.ts';
import { scopeDifference } from '../../engines/fix/scope.ts';
import type { PhaseContext } from '../../phase-kit/types.ts';

export const fixPlanPhase = definePhase({
  name: 'fix-plan',
  summary: 'cluster, classify and scope fixes',
  // fixer-scope: an existing grant is compared, never replaced.
  reads: { 'scan-report': 'required', 'fixer-scope': 'optional' },
  writes: ['fix-strategy', 'fix-plan', 'fixer-scope'],
  roles: [],
  async run(ctx, { 'scan-report': report, 'fixer-scope': existing }) {
    const { baseCommit } = ctx.identity;
    if (!baseCommit) {
      throw new UsageError(`Fixing needs a git repository with at least one commit: ${ctx.identity.repoRoot} has no base commit. Run 'git init && git commit' first, or scan without --fix.`);
    }
    const planning = planFixes(report, { ...ctx.identity, baseCommit });
    // The scope is checked before anything is written, so a refused run leaves the old strategy and plan alone.
    if (planning.scope && existing) {
      const difference = scopeDifference(existing, planning.scope);
      if (difference) {
        throw new IntegrityError(
          `fixer-scope.json in ${ctx.outDir} already grants a different scope (${difference}). A fixer scope never changes once written: ` +
            'review and delete it yourself, or use a fresh --out folder.',
        );
      }
    } else if (existing) {
      throw new IntegrityError(`fixer-scope.json in ${ctx.outDir} grants a scope but this plan has nothing executable. Delete it yourself or use a fresh --out folder.`);
    }
    const executable = planning.scope?.entries.length ?? 0;
    ctx.log.info(`fix plan: ${planning.strategy.clusters.length} clusters, ${executable} executable, ${planning.plan.manualReview.length} manual review, ${planning.plan.reportOnly.length} report only`);
    return { 'fix-strategy': planning.strategy, 'fix-plan': planning.plan, ...(planning.scope && !existing ? { 'fixer-scope': planning.scope } : {}) };
  },
});

/** Runs the fix-plan phase. It uses only the run's identity, artifact folder and log. */
export async function runFixPlan(ctx: Pick<PhaseContext, 'outDir' | 'identity' | 'log'>): Promise<{ executable: number; scopeWritten: boolean }> {
  const written = await fixPlanPhase.run(ctx as PhaseContext);
  const scope = written['fixer-scope'] ?? readArtifactIfPresent(ctx.outDir, 'fixer-scope');
  return { executable: scope?.entries.length ?? 0, scopeWritten: written['fixer-scope'] !== undefined };
}
