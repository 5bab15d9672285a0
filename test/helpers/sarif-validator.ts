// Microsoft's SARIF validator (Sarif.Multitool, SARIF and GitHub rule sets) for tests that check a SARIF log.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestContext } from 'node:test';

// Microsoft's validator ships as a self-contained .NET binary in @microsoft/sarif-multitool-linux; index.js returns its path.
const validatorPath = createRequire(import.meta.url)('@microsoft/sarif-multitool') as string;

// Keep the validator off the network (its URI-reachability rule would try): a fresh network namespace when we may make one.
function isolation(): string[] {
  if (spawnSync('unshare', ['-n', 'true']).status === 0) return ['unshare', '-n'];
  if (spawnSync('bwrap', ['--unshare-net', '--dev-bind', '/', '/', 'true']).status === 0) return ['bwrap', '--unshare-net', '--dev-bind', '/', '/'];
  return [];
}

interface ValidatorResult {
  ruleId: string;
  ruleIndex?: number;
  level?: string;
  message: { id?: string; text?: string; arguments?: string[] };
  locations?: { physicalLocation?: { region?: { startLine?: number } } }[];
}

/** Runs `Sarif.Multitool validate` with the SARIF and GitHub rule sets; returns its findings about the log. */
export function validateSarif(dir: string, log: unknown): { results: ValidatorResult[]; executionSuccessful: boolean } {
  return validateSarifLogs(dir, { input: log }).input!;
}

/**
 * Validates several logs in one run of the validator (it costs about a second of CPU to start, whatever it reads);
 * returns each log's findings under the name it was given.
 */
export function validateSarifLogs<K extends string>(dir: string, logs: Record<K, unknown>): Record<K, { results: ValidatorResult[]; executionSuccessful: boolean }> {
  const names = Object.keys(logs) as K[];
  const inputs = names.map((name) => join(dir, `${name}.sarif`));
  names.forEach((name, i) => writeFileSync(inputs[i]!, JSON.stringify(logs[name], null, 2)));
  const output = join(dir, 'validation.sarif');
  const [cmd, ...prefix] = [...isolation(), validatorPath];
  execFileSync(cmd!, [...prefix, 'validate', ...inputs, '--rule-kind', 'Sarif;Gh', '--level', 'Error;Warning;Note', '-o', output, '--log', 'ForceOverwrite'], {
    cwd: dir,
    // Invariant globalisation: the .NET binary then needs no ICU library on the machine.
    env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1' },
    stdio: 'pipe',
    timeout: 120_000,
  });
  type Result = ValidatorResult & { locations?: { physicalLocation?: { artifactLocation?: { uri?: string } } }[] };
  type Run = { results: Result[]; invocations: { executionSuccessful: boolean }[]; tool: { driver: { rules?: { defaultConfiguration?: { level?: string } }[] } } };
  const run = (JSON.parse(readFileSync(output, 'utf8')) as { runs: Run[] }).runs[0]!;
  const executionSuccessful = run.invocations.every((i) => i.executionSuccessful);
  // A result without a level takes its rule's default level, and SARIF's default is warning.
  const results = run.results.map((r) => ({ ...r, level: r.level ?? run.tool.driver.rules?.[r.ruleIndex ?? -1]?.defaultConfiguration?.level ?? 'warning' }));
  // Each finding names the file it is about; one that names no input is kept for every log rather than lost.
  const inputOf = (r: Result) => inputs.findIndex((path) => r.locations?.[0]?.physicalLocation?.artifactLocation?.uri === pathToFileURL(path).href);
  return Object.fromEntries(
    names.map((name, i) => [name, { results: results.filter((r) => [i, -1].includes(inputOf(r))), executionSuccessful }]),
  ) as Record<K, { results: ValidatorResult[]; executionSuccessful: boolean }>;
}

/** The validator runs to its end and reports no error and no warning about the log. */
export function assertValid(t: TestContext, log: unknown): void {
  const dir = mkdtempSync(join(tmpdir(), 'bh-sarif-'));
  try {
    assertNoProblems(t, validateSarif(dir, log));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What assertValid checks, on one log's share of validateSarifLogs. */
export function assertNoProblems(t: TestContext, { results, executionSuccessful }: { results: ValidatorResult[]; executionSuccessful: boolean }): void {
  assert.equal(executionSuccessful, true);
  const problems = results.filter((r) => r.level === 'error' || r.level === 'warning');
  assert.deepEqual(problems.map((r) => `${r.level} ${r.ruleId} ${JSON.stringify(r.message.arguments ?? r.message.text)}`), []);
  t.diagnostic(`validator notes: ${[...new Set(results.map((r) => r.ruleId))].join(', ') || 'none'}`);
}
