// The verify phase: run the target's own suite (the baseline) and its checks in the sandbox with the network cut,
// then return verification-report.json's body. Uses referee.json for finding ids when present; works without it.
import { resolve } from 'node:path';
import { definePhase } from '../../phase-kit/define-phase.ts';
import { selectBackend } from '../../engines/sandbox/select.ts';
import { SandboxUnavailableError, type SandboxBackend } from '../../engines/sandbox/types.ts';
import { detectPlan, type VerifyPlan } from '../../engines/verify/plan.ts';
import { loadPlanFile } from '../../engines/verify/plan-file.ts';
import type { CheckRun } from '../../engines/verify/checks.ts';
import { runChecks } from '../../engines/verify/run-checks.ts';
import { verifyOptionsFrom, type VerifyPhaseOptions } from '../../engines/verify/options.ts';
import { unrunChecks, verificationReport } from './core.ts';

export function createVerifyPhase(overrides: VerifyPhaseOptions = {}) {
  return definePhase({
    name: 'verify',
    summary: 'run checks and the baseline suite in the sandbox',
    reads: { referee: 'optional', 'hunter-findings': 'optional' },
    writes: ['verification-report'],
    roles: [],
    async run(ctx, { referee, 'hunter-findings': hunter }) {
      const options = { ...verifyOptionsFrom(ctx.options), ...overrides };
      const planPath = options.verifyPlan ? resolve(ctx.target, options.verifyPlan) : undefined;
      const plan: VerifyPlan = planPath ? loadPlanFile(planPath) : detectPlan(ctx.target);
      let backend: SandboxBackend | undefined;
      let unavailable: string | undefined;
      try {
        backend = selectBackend({ backend: options.sandboxBackend ?? 'auto', allowUnsandboxed: options.allowUnsandboxed ?? false });
      } catch (error) {
        if (!(error instanceof SandboxUnavailableError)) throw error;
        unavailable = error.message;
        ctx.log.warn(error.message);
      }
      if (backend?.name === 'none') ctx.log.warn('Running checks UNSANDBOXED on the host, as explicitly allowed.');
      const runs: CheckRun[] = backend
        ? await runChecks(plan, {
            backend,
            workspace: ctx.target,
            ...(options.dependencies ? { dependencies: options.dependencies } : {}),
            signal: ctx.signal,
            onProgress: (done, total) => ctx.log.progress('verify', done, total),
          })
        : unrunChecks(plan);
      const { report, broke, summary } = verificationReport({ plan, ...(planPath ? { planPath } : {}), options, ...(backend ? { backend: backend.name } : {}), ...(unavailable ? { unavailable } : {}), runs, referee, hunter });
      if (broke) ctx.log.warn(broke);
      ctx.log.info(summary);
      return { 'verification-report': report };
    },
  });
}

export const verifyPhase = createVerifyPhase();
