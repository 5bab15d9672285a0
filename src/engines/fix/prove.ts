// Sandbox proof for a fix: the finding's reproduction test (from <out>/repro/<id>/) and the target's own test and
// typecheck checks, run in a throw-away copy of a worktree. Outcomes are data; TIMEOUT and ERROR are systemic.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runSandboxed } from '../sandbox/run.ts';
import type { DependencyStrategy, SandboxBackend } from '../sandbox/types.ts';
import { detectPlan } from '../verify/plan.ts';
import { missingTool, runChecks } from '../verify/run-checks.ts';

export interface ProofEnv {
  backend: SandboxBackend;
  dependencies?: DependencyStrategy;
  /** The developer's tree the worktrees are made from (whose installed node_modules a run binds). */
  installedFrom?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export type Light = 'red' | 'green' | 'systemic' | 'none';

export interface SuiteOutcome {
  green: boolean;
  systemic: boolean;
  /** The checks that could not run (a tool or dependency missing, no sandbox), as lines: never a verdict on a fix. */
  unavailable: string[];
  lines: string[];
  output: string;
}

/** Runs repro/<id>/run.sh (which places the test and runs it): green = PASS, red = FAIL. */
export async function runRepro(env: ProofEnv, workspace: string, reproDir: string | null, findingId: string): Promise<{ light: Light; line: string; output: string }> {
  if (!reproDir || !existsSync(join(reproDir, 'run.sh'))) return { light: 'none', line: `repro ${findingId}: none`, output: '' };
  const inside = `.bug-hunter-fix/${findingId}`;
  const files = readdirSync(reproDir)
    .filter((n) => n !== 'README.md' && n !== 'failing-output.txt')
    .map((n) => ({ path: `${inside}/${n}`, content: readFileSync(join(reproDir, n), 'utf8') }));
  const run = await runSandboxed(env.backend, {
    workspace,
    argv: ['sh', `${inside}/run.sh`],
    files,
    limits: { timeoutMs: env.timeoutMs ?? 120_000 },
    ...(env.dependencies ? { dependencies: env.dependencies } : {}),
    ...(env.installedFrom ? { installedFrom: env.installedFrom } : {}),
    ...(env.signal ? { signal: env.signal } : {}),
  });
  const output = [run.stdout, run.stderr].filter(Boolean).join('\n');
  // A reproduction that cannot load its dependencies is neither red nor green.
  const missing = missingTool(run.status, run.exitCode, output);
  if (missing) return { light: 'systemic', line: `repro ${findingId}: UNAVAILABLE (${missing})`, output };
  const light: Light = run.status === 'PASS' ? 'green' : run.status === 'FAIL' ? 'red' : 'systemic';
  return { light, line: `repro ${findingId}: ${run.status}${run.reason ? ` (${run.reason})` : ''}`, output };
}

/** The target's own test and typecheck checks; green only when every one that ran passed. */
export async function runSuite(env: ProofEnv, workspace: string): Promise<SuiteOutcome> {
  const plan = detectPlan(workspace);
  plan.checks = plan.checks.filter((c) => c.kind === 'test' || c.kind === 'typecheck');
  if (env.timeoutMs) plan.checkTimeoutMs = env.timeoutMs;
  if (plan.checks.length === 0) return { green: false, systemic: false, unavailable: [], lines: ['suite: no test or typecheck command detected'], output: '' };
  const runs = await runChecks(plan, {
    backend: env.backend,
    workspace,
    ...(env.dependencies ? { dependencies: env.dependencies } : {}),
    ...(env.installedFrom ? { installedFrom: env.installedFrom } : {}),
    ...(env.signal ? { signal: env.signal } : {}),
  });
  return {
    green: runs.every((r) => r.result.status === 'PASS'),
    systemic: runs.some((r) => ['ERROR', 'TIMEOUT', 'UNAVAILABLE', 'SKIPPED_BUDGET'].includes(r.result.status)),
    unavailable: runs.filter((r) => r.result.status === 'UNAVAILABLE').map((r) => `${r.check.name}: UNAVAILABLE (${r.result.reason ?? 'unavailable'})`),
    lines: runs.map((r) => `${r.check.name}: ${r.result.status}${r.result.reason ? ` (${r.result.reason})` : ''}`),
    output: runs.map((r) => r.output).join('\n').slice(-8_000),
  };
}
