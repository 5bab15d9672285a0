// Pure assembly of verification-report.json's body from the plan, the check runs and the findings in play:
// baseline status, which findings each check bears on, confidence changes, and whether a fixer may act.
import type { Finding } from '../../artifacts/schemas/common.ts';
import type { CheckResult, VerificationReport } from '../../artifacts/schemas/verification-report.ts';
import { failingTests } from './failing-tests.ts';
import type { CheckRun, VerifyPlan } from './checks.ts';

export interface ReportInputs {
  plan: VerifyPlan;
  planPath?: string;
  sandbox: VerificationReport['sandbox'];
  runs: CheckRun[];
  /** Findings the referee confirmed (empty without referee.json). */
  findings: Finding[];
}

/** A failing check whose output names a finding's file corroborates it a little; nothing else moves confidence. */
export const CORROBORATION_DELTA = 0.05;

/** The report without its header (the driver stamps the run identity when it writes it). */
export function buildReport(inputs: ReportInputs): Omit<VerificationReport, 'schemaVersion' | 'artifact' | 'run' | 'generatedAt'> {
  const checks = inputs.runs.map((run) => withFindings(run, inputs.findings));
  const baselineRun = inputs.runs.find((r) => r.check.name === inputs.plan.baseline);
  const authority = fixerAuthority(inputs.sandbox, checks);
  return {
    sandbox: inputs.sandbox,
    plan: { source: inputs.plan.source, ...(inputs.planPath ? { path: inputs.planPath } : {}), budgetMs: inputs.plan.budgetMs, unsupported: inputs.plan.unsupported },
    baseline: baselineOf(baselineRun, inputs.plan),
    checks,
    fixerAuthorised: authority.ok,
    fixerReason: authority.reason,
  };
}

function withFindings(run: CheckRun, findings: Finding[]): CheckResult {
  if (run.result.findingIds.length > 0) return run.result;
  const named = findings.filter((f) => run.output.includes(f.file)).map((f) => f.id);
  const delta = run.result.status === 'FAIL' && named.length > 0 ? CORROBORATION_DELTA : 0;
  return { ...run.result, findingIds: named, confidenceDelta: delta };
}

function baselineOf(run: CheckRun | undefined, plan: VerifyPlan): VerificationReport['baseline'] {
  if (!run) return { status: 'unknown', failingTests: [], reason: plan.unsupported[0] ?? 'no test suite found to run as the baseline' };
  const { status } = run.result;
  if (status === 'PASS') return { status: 'green', check: run.check.name, failingTests: [] };
  if (status === 'FAIL') {
    const failing = failingTests(run.output);
    return { status: 'red', check: run.check.name, failingTests: failing, ...(failing.length === 0 ? { reason: 'the suite failed; no failing test names recognised in its output' } : {}) };
  }
  return { status: 'unknown', check: run.check.name, failingTests: [], reason: `the suite did not finish: ${status}${run.result.reason ? ` (${run.result.reason})` : ''}` };
}

/** Fail closed: no sandbox, no required check, or any required check not PASS withholds authority. */
export function fixerAuthority(sandbox: VerificationReport['sandbox'], checks: CheckResult[]): { ok: boolean; reason: string } {
  if (!sandbox.available) return { ok: false, reason: `no sandbox: ${sandbox.reason ?? 'unavailable'}` };
  const required = checks.filter((c) => c.required);
  if (required.length === 0) return { ok: false, reason: 'no required check ran, so nothing proves a change keeps the project working' };
  const blocking = required.filter((c) => c.status !== 'PASS');
  if (blocking.length > 0) return { ok: false, reason: `required check(s) not passing: ${blocking.map((c) => `${c.name} ${c.status}`).join(', ')}` };
  return { ok: true, reason: `all ${required.length} required check(s) pass in the sandbox` };
}
