import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.ts';
import { buggyProject } from '../helpers/project.ts';
import { gitRepo } from '../helpers/temp.ts';

test('--estimate prints only the estimate, calibrates from past runs on the target, and leaves the last run untouched', async (t) => {
  const repo = gitRepo(t, buggyProject(6));
  const out = join(repo, '.bug-hunter');
  const cold = await runCli(['scan', repo, '--estimate', '--quiet']);
  assert.equal(cold.code, 0, cold.stderr);
  assert.match(cold.stdout, /basis: {2}built-in priors \(no past runs on this target\)/);

  for (let i = 0; i < 2; i += 1) assert.equal((await runCli(['scan', repo, '--quiet'])).code, 1);
  const last = ['state.json', 'triage.json', 'adaptive-plan.json', 'scan-report.json'].map((f) => readFileSync(join(out, f), 'utf8'));

  const warm = await runCli(['scan', repo, '--estimate', '--quiet']);
  assert.equal(warm.code, 0, warm.stderr);
  const lines = warm.stdout.trimEnd().split('\n');
  assert.match(lines[0]!, /^Estimate for static engine \(no model configured\): 0 model calls$/);
  assert.equal(lines.length, 5, warm.stdout);
  assert.match(warm.stdout, /basis: {2}calibrated from 2 past runs on this target \(0 with model tokens, 2 timed\)/);
  assert.doesNotMatch(warm.stdout, /wall: {3}0 s/);
  assert.doesNotMatch(warm.stdout, /Artifacts:|exit 0|nothing confirmed/);

  // The real run's files are byte for byte what they were; report reads it with no warning.
  assert.deepEqual(['state.json', 'triage.json', 'adaptive-plan.json', 'scan-report.json'].map((f) => readFileSync(join(out, f), 'utf8')), last);
  const report = await runCli(['report', 'list', repo]);
  assert.equal(report.stderr, '');
});
