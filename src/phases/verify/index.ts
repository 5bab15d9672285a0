// The verify phase: run the target's own suite (the baseline) and its checks in the sandbox with the network cut,
// then write verification-report.json. Reads referee.json for finding ids when present; works without it.
import { resolve } from 'node:path';
import { readArtifactIfPresent, writeArtifact } from '../../artifacts/store.ts';
import type { Finding } from '../../artifacts/schemas/common.ts';
import { selectBackend } from '../../sandbox/select.ts';
import { SandboxUnavailableError, type SandboxBackend } from '../../sandbox/types.ts';
import { detectPlan, type VerifyPlan } from '../../verify/plan.ts';
import { loadPlanFile } from '../../verify/plan-file.ts';
import { notRun, runChecks, SANDBOX_UNAVAILABLE, type CheckRun } from '../../verify/run-checks.ts';
import { buildReport } from '../../verify/report.ts';
import type { PhaseContext, PhaseDefinition } from '../types.ts';
import { verifyOptionsFrom, type VerifyPhaseOptions } from './options.ts';

export function createVerifyPhase(overrides: VerifyPhaseOptions = {}): PhaseDefinition {
  return {
    name: 'verify',
    summary: 'run checks and the baseline suite in the sandbox',
    reads: ['referee', 'hunter-findings'],
    writes: ['verification-report'],
    async run(ctx) {
      const options = { ...verifyOptionsFrom(ctx.options), ...overrides };
      const planPath = options.verifyPlan ? resolve(ctx.target, options.verifyPlan) : undefined;
      const plan: VerifyPlan = planPath ? loadPlanFile(planPath) : detectPlan(ctx.target);
      const findings = confirmedFindings(ctx);
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
        identity: ctx.identity,
        plan,
        ...(planPath ? { planPath } : {}),
        sandbox: backend && !broke
          ? { backend: backend.name, available: true, dependencies: options.dependencies ?? 'auto' }
          : { backend: backend?.name ?? options.sandboxBackend ?? 'auto', available: false, reason: broke ?? unavailable ?? 'unavailable' },
        runs,
        findings,
        reproductions: earlierReproductions(ctx),
      });
      writeArtifact(ctx.outDir, 'verification-report', report);
      ctx.log.info(`verify: baseline ${report.baseline.status}; fixer ${report.fixerAuthorised ? 'authorised' : `not authorised (${report.fixerReason})`}`);
    },
  };
}

export const verifyPhase = createVerifyPhase();

/** Findings the referee confirmed, with their details from hunter-findings.json; empty without referee.json. */
function confirmedFindings(ctx: PhaseContext): Finding[] {
  const referee = readArtifactIfPresent(ctx.outDir, 'referee');
  if (!referee) return [];
  const confirmed = new Set(referee.verdicts.filter((v) => v.verdict === 'confirmed').map((v) => v.findingId));
  const hunter = readArtifactIfPresent(ctx.outDir, 'hunter-findings');
  return (hunter?.findings ?? []).filter((f) => confirmed.has(f.id));
}

// The repro phase may have run first in this same run; its outcomes are kept. Another run's are not.
function earlierReproductions(ctx: PhaseContext) {
  const previous = readArtifactIfPresent(ctx.outDir, 'verification-report');
  return previous && previous.run.runId === ctx.identity.runId ? previous.reproductions : [];
}
