// Runs each planned check in the sandbox within its timeout and the total budget; every outcome becomes a CheckResult.
// A missing tool is UNAVAILABLE, not FAIL: it says nothing about the code.
import type { CheckResult } from '../../artifacts/schemas/verification-report.ts';
import { runSandboxed } from '../sandbox/run.ts';
import { SandboxUnavailableError, type DependencyStrategy, type SandboxBackend, type SandboxResult } from '../sandbox/types.ts';
import { createBudget } from './budget.ts';
import { notRun, SANDBOX_UNAVAILABLE, type CheckRun, type VerifyCheck, type VerifyPlan } from './checks.ts';

export const OUTPUT_TAIL_CHARS = 4_000;

export interface CheckRunOptions {
  backend: SandboxBackend;
  workspace: string;
  dependencies?: DependencyStrategy;
  hostCacheDir?: string;
  /** See SandboxRequest.installedFrom. */
  installedFrom?: string;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}


export async function runChecks(plan: VerifyPlan, options: CheckRunOptions): Promise<CheckRun[]> {
  const budget = createBudget(plan.budgetMs);
  const runs: CheckRun[] = [];
  // Baseline first: the suite's state colours how every other check is read.
  const ordered = [...plan.checks].sort((a, b) => Number(b.name === plan.baseline) - Number(a.name === plan.baseline));
  for (const check of ordered) {
    options.onProgress?.(runs.length, ordered.length);
    const timeout = budget.next(check.timeoutMs ?? plan.checkTimeoutMs);
    if (timeout === null || options.signal?.aborted) {
      runs.push({ check, result: notRun(check, 'SKIPPED_BUDGET', options.signal?.aborted ? 'interrupted before it started' : 'total verification budget used up'), output: '' });
      continue;
    }
    let sandboxed: SandboxResult;
    try {
      sandboxed = await runSandboxed(options.backend, {
        workspace: options.workspace,
        argv: check.argv,
        limits: { timeoutMs: timeout },
        ...(options.dependencies ? { dependencies: options.dependencies } : {}),
        ...(options.hostCacheDir ? { hostCacheDir: options.hostCacheDir } : {}),
        ...(options.installedFrom ? { installedFrom: options.installedFrom } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      // The sandbox could not run this check (copy failed, bubblewrap failed): unavailable, never a failing suite.
      if (!(error instanceof SandboxUnavailableError)) throw error;
      runs.push({ check, result: notRun(check, 'UNAVAILABLE', `${SANDBOX_UNAVAILABLE}: ${error.message}`), output: '' });
      continue;
    }
    budget.spend(sandboxed.durationMs);
    runs.push(toRun(check, sandboxed));
  }
  options.onProgress?.(runs.length, ordered.length);
  return runs;
}

// Exit 127 / "not found" / missing module: the tool is not there, which is UNAVAILABLE rather than a verdict. A
// package asked for by its bare name (require or import) is a dependency; a relative or absolute path is the
// repository's own file, which a change may have removed: that stays a failure.
const UNAVAILABLE = /(^|\n)(sh: \d+: |bwrap: execvp |env: )?\S*: (command )?not found|No module named (pytest|\S+)|execvp .*No such file|Cannot find module '[^']*node_modules[^']*'|Cannot find module '(?![./\\]|[A-Za-z]:)[^'\n]+'|Cannot find package '[^'\n]+' imported from|ERR_PNPM_NO_IMPORTER_MANIFEST_FOUND|Missing script:/;

/** UNAVAILABLE and why when a failed run's output says a tool or dependency is missing; null when it is a verdict. */
export function missingTool(status: SandboxResult['status'], exitCode: number | null, output: string): string | null {
  if (status !== 'FAIL' || (exitCode !== 127 && !UNAVAILABLE.test(output))) return null;
  return `tool or dependency missing in the sandbox: ${(UNAVAILABLE.exec(output)?.[0] ?? `exit ${exitCode}`).trim()}`;
}

function toRun(check: VerifyCheck, r: SandboxResult): CheckRun {
  const output = [r.stdout, r.stderr].filter(Boolean).join('\n');
  let status: CheckResult['status'] = r.status;
  let reason = r.reason;
  const missing = missingTool(r.status, r.exitCode, output);
  if (missing) {
    status = 'UNAVAILABLE';
    reason = missing;
  }
  const result: CheckResult = {
    name: check.name,
    kind: check.kind,
    argv: check.argv,
    required: check.required,
    status,
    exitCode: r.exitCode,
    signal: r.signal,
    durationMs: r.durationMs,
    outputTail: output.slice(-OUTPUT_TAIL_CHARS),
    truncated: r.truncated,
    findingIds: check.findingIds ?? [],
    confidenceDelta: 0,
    ...(reason ? { reason } : {}),
  };
  return { check, result, output };
}

