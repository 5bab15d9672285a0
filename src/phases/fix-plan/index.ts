// The fix-plan phase (deterministic): scan-report.json → fix-strategy.json, fix-plan.json and, when anything is
// executable, fixer-scope.json. The scope is immutable: an existing different scope is an IntegrityError, never overwritten.
import { readArtifactIfPresent } from '../../artifacts/store.ts';
import { definePhase } from '../../phase-kit/define-phase.ts';
import type { PhaseContext } from '../../phase-kit/types.ts';
import { fixPlanOutputs } from './core.ts';

export const fixPlanPhase = definePhase({
  name: 'fix-plan',
  summary: 'cluster, classify and scope fixes',
  // fixer-scope: an existing grant is compared, never replaced.
  reads: { 'scan-report': 'required', 'fixer-scope': 'optional' },
  writes: ['fix-strategy', 'fix-plan', 'fixer-scope'],
  roles: [],
  async run(ctx, { 'scan-report': report, 'fixer-scope': existing }) {
    const { outputs, summary } = fixPlanOutputs(report, ctx.identity, existing, ctx.outDir);
    ctx.log.info(summary);
    return outputs;
  },
});

/** Runs the fix-plan phase. It uses only the run's identity, artifact folder and log. */
export async function runFixPlan(ctx: Pick<PhaseContext, 'outDir' | 'identity' | 'log'>): Promise<{ executable: number; scopeWritten: boolean }> {
  const written = await fixPlanPhase.run(ctx as PhaseContext);
  const scope = written['fixer-scope'] ?? readArtifactIfPresent(ctx.outDir, 'fixer-scope');
  return { executable: scope?.entries.length ?? 0, scopeWritten: written['fixer-scope'] !== undefined };
}
