// The verification plan: which checks to run, detected from the target's manifests (pure, reads files only).
// package.json scripts test/typecheck/lint/build, tsconfig → local tsc, pytest, go test, cargo test.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectEcosystems, detectPackageManager } from '../sandbox/deps.ts';

import type { CheckKind } from '../../artifacts/schemas/verification-report.ts';
import type { CheckCommandSource } from '../../artifacts/schemas/literals.ts';

export type { CheckKind };

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

export const DEFAULT_CHECK_TIMEOUT_MS = 300_000;
export const DEFAULT_BUDGET_MS = 900_000;

const SCRIPT_KINDS: Array<{ script: string; kind: CheckKind; required: boolean }> = [
  { script: 'test', kind: 'test', required: true },
  { script: 'typecheck', kind: 'typecheck', required: true },
  { script: 'lint', kind: 'lint', required: false },
  { script: 'build', kind: 'build', required: false },
];

export function detectPlan(root: string): VerifyPlan {
  const checks: VerifyCheck[] = [];
  const unsupported: string[] = [];
  for (const eco of detectEcosystems(root)) {
    if (eco.name === 'javascript') checks.push(...javascriptChecks(root));
    if (eco.name === 'python') checks.push({ name: 'pytest', kind: 'test', argv: ['python3', '-m', 'pytest', '-q', '-p', 'no:cacheprovider'], required: true });
    if (eco.name === 'go') checks.push({ name: 'go test', kind: 'test', argv: ['go', 'test', './...'], required: true });
    if (eco.name === 'rust') checks.push({ name: 'cargo test', kind: 'test', argv: ['cargo', 'test', '--offline'], required: true });
  }
  if (checks.length === 0) unsupported.push('no package.json, pyproject.toml/requirements.txt, go.mod or Cargo.toml: nothing to run');
  const baseline = checks.find((c) => c.kind === 'test')?.name;
  return { source: 'detected', ...(baseline ? { baseline } : {}), checks, checkTimeoutMs: DEFAULT_CHECK_TIMEOUT_MS, budgetMs: DEFAULT_BUDGET_MS, unsupported };
}

function javascriptChecks(root: string): VerifyCheck[] {
  const scripts = readScripts(root);
  const manager = detectPackageManager(root);
  const checks: VerifyCheck[] = [];
  for (const { script, kind, required } of SCRIPT_KINDS) {
    const body = scripts[script];
    // npm's placeholder test script always fails; it is not a suite.
    if (!body || /no test specified/.test(body)) continue;
    checks.push({ name: script, kind, argv: [manager, 'run', script], required });
  }
  const hasTypecheck = checks.some((c) => c.kind === 'typecheck');
  if (!hasTypecheck && existsSync(join(root, 'tsconfig.json')) && existsSync(join(root, 'node_modules', '.bin', 'tsc'))) {
    checks.push({ name: 'tsc', kind: 'typecheck', argv: ['node_modules/.bin/tsc', '--noEmit', '-p', '.'], required: true });
  }
  return checks;
}

function readScripts(root: string): Record<string, string> {
  try {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, unknown> };
    return Object.fromEntries(Object.entries(pkg.scripts ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}
