// The verify phase's decisions, pure: which findings the checks bear on (the confirmed ones), whether the sandbox was
// there (unavailable from the start, or broken part-way — never a failing suite), the report's body and its one-line summary.
import type { HunterFindings } from '../../artifacts/schemas/hunter-findings.ts';
import type { Referee } from '../../artifacts/schemas/referee.ts';
import type { VerificationReport } from '../../artifacts/schemas/verification-report.ts';
import { notRun, SANDBOX_UNAVAILABLE, type CheckRun, type VerifyPlan } from '../../engines/verify/checks.ts';
import { confirmedFindings } from '../../engines/verify/confirmed.ts';
import type { VerifyPhaseOptions } from '../../engines/verify/options.ts';
import { buildReport } from '../../engines/verify/report.ts';

export interface VerifyOutcome {
  plan: VerifyPlan;
  planPath?: string;
  options: VerifyPhaseOptions;
  /** The backend the checks ran on; undefined when none could be selected (`unavailable` says why). */
  backend?: string;
  unavailable?: string;
  runs: CheckRun[];
  referee?: Referee | undefined;
  hunter?: HunterFindings | undefined;
}

/** With no sandbox backend no check runs: each is recorded as unavailable. */
export function unrunChecks(plan: VerifyPlan): CheckRun[] {
  return plan.checks.map((check) => ({ check, result: notRun(check, 'UNAVAILABLE', 'no sandbox backend'), output: '' }));
}

/** verification-report.json's body; `broke`: why the sandbox failed part-way (or its copy failed), to warn about. */
export function verificationReport(outcome: VerifyOutcome): { report: ReturnType<typeof buildReport>; broke?: string; summary: string } {
  const { backend, options } = outcome;
  // bubblewrap failing part-way (or the copy failing) makes the sandbox unavailable, not the suite failing.
  const broke = outcome.runs.find((r) => r.result.reason?.startsWith(SANDBOX_UNAVAILABLE))?.result.reason;
  const sandbox: VerificationReport['sandbox'] =
    backend && !broke
      ? { backend, available: true, dependencies: options.dependencies ?? 'auto' }
      : { backend: backend ?? options.sandboxBackend ?? 'auto', available: false, reason: broke ?? outcome.unavailable ?? 'unavailable' };
  const report = buildReport({
    plan: outcome.plan,
    ...(outcome.planPath ? { planPath: outcome.planPath } : {}),
    sandbox,
    runs: outcome.runs,
    findings: confirmedFindings(outcome.referee, outcome.hunter?.findings ?? []),
  });
  const summary = `verify: baseline ${report.baseline.status}; fixer ${report.fixerAuthorised ? 'authorised' : `not authorised (${report.fixerReason})`}`;
  return { report, ...(broke ? { broke } : {}), summary };
}
