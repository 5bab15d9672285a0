// The verify engine's data, pure: the plan of checks, one check's run, and the result of a check that did not run.
import type { CheckKind, CheckResult } from '../../artifacts/schemas/verification-report.ts';
import type { CheckCommandSource } from '../../artifacts/schemas/literals.ts';

export interface VerifyCheck {
  name: string;
  kind: CheckKind;
  argv: string[];
  required: boolean;
  /** Per-check wall time; the plan default applies when absent. */
  timeoutMs?: number;
  /** Findings this check bears on, when the plan says so explicitly. */
  findingIds?: string[];
}

export interface VerifyPlan {
  source: CheckCommandSource;
  /** Name of the check that is the target's own test suite (the baseline), if any. */
  baseline?: string;
  checks: VerifyCheck[];
  checkTimeoutMs: number;
  budgetMs: number;
  /** Ecosystems seen but not checked, with the reason. */
  unsupported: string[];
}

/** Reason prefix of a check the sandbox itself could not run. */
export const SANDBOX_UNAVAILABLE = 'sandbox unavailable';

export interface CheckRun {
  check: VerifyCheck;
  result: CheckResult;
  /** Full (capped, redacted) output, for failing-test parsing. */
  output: string;
}

export function notRun(check: VerifyCheck, status: 'SKIPPED_BUDGET' | 'UNAVAILABLE', reason: string): CheckResult {
  return {
    name: check.name,
    kind: check.kind,
    argv: check.argv,
    required: check.required,
    status,
    exitCode: null,
    signal: null,
    durationMs: 0,
    outputTail: '',
    truncated: false,
    findingIds: check.findingIds ?? [],
    confidenceDelta: 0,
    reason,
  };
}
