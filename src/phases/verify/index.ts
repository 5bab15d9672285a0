// The verify phase: run the target's own suite (the baseline) and its checks in the sandbox with the network cut,
// then return verification-report.json's body. Uses referee.json for finding ids when present; works without it.
import { resolve } from 'node:path';
import type { Finding } from '../../artifacts/schemas/common.ts';
import type { HunterFindings } from '../../artifacts/schemas/hunter-findings.ts';
import type { Referee } from '../../artifacts/schemas/referee.ts';
import { definePhase } from '../../phase-kit/define-phase.ts';
import { selectBackend } from '../../engines/sandbox/select.ts';
import { SandboxUnavailableError, type SandboxBackend } from '../../engines/sandbox/types.ts';
import { detectPlan, type VerifyPlan } from '../../engines/verify/plan.ts';
import { loadPlanFile } from '../../engines/verify/plan-file.ts';
import { notRun, runChecks, SANDBOX_UNAVAILABLE, type CheckRun } from '../../engines/verify/run-checks.ts';
import { buildReport } from '../../engines/verify/report.ts';
import { verifyOptionsFrom, type VerifyPhaseOptions } from '../../engines/verify/options.ts';

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
      const findings = confirmedFindings(referee, hunter);
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
        : plan.checks.map((check) => ({ check, result: notRun(check, 'UNAVAILABLE', 'no sandbox backend'), output: '' }));
      // bubblewrap failing part-way (or the copy failing) makes the sandbox unavailable, not the suite failing.
      const broke = runs.find((r) => r.result.reason?.startsWith(SANDBOX_UNAVAILABLE))?.result.reason;
      if (broke) ctx.log.warn(broke);
      const report = buildReport({
        plan,
        ...(planPath ? { planPath } : {}),
        sandbox: backend && !broke
          ? { backend: backend.name, available: true, dependencies: options.dependencies ?? 'auto' }
          : { backend: backend?.name ?? options.sandboxBackend ?? 'auto', available: false, reason: broke ?? unavailable ?? 'unavailable' },
        runs,
        findings,
      });
      ctx.log.info(`verify: baseline ${report.baseline.status}; fixer ${report.fixerAuthorised ? 'authorised' : `not authorised (${report.fixerReason})`}`);
      return { 'verification-report': report };
    },
  });
}

export const verifyPhase = createVerifyPhase();

/** Findings the referee confirmed, with their details from hunter-findings.json; empty without referee.json. */
function confirmedFindings(referee: Referee | undefined, hunter: HunterFindings | undefined): Finding[] {
  if (!referee) return [];
  const confirmed = new Set(referee.verdicts.filter((v) => v.verdict === 'confirmed').map((v) => v.findingId));
  return (hunter?.findings ?? []).filter((f) => confirmed.has(f.id));
}
