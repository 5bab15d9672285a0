// Per-rule precision on the labelled corpus the rules' counts come from (fixtures, the bundled example, judged
// real-world findings, the benchmark cases): every rule with 5 or more findings there reaches the floor in its file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

test('every rule with enough findings on the labelled corpus reaches its precision floor', { timeout: 120_000 }, () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/static-precision.ts', '--check'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  // The check ran per rule (not only in aggregate): command-injection has dozens of measured findings.
  assert.match(run.stdout, /^pass {2}rule command-injection precision: 1\.000 \(\d+\/\d+\) \(need ≥ 0\.900/m);
  assert.doesNotMatch(run.stdout, /^FAIL/m);
});
