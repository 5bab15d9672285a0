// Manual-review findings on the real CLI: always counted by severity in the summary with the top ones,
// and part of the exit code only with --fail-on-review.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../helpers/cli.ts';
import { gitRepo } from '../helpers/temp.ts';

// eval of a parameter and a zip-slip-shaped write: the static engine cannot trace the input, so a person decides.
// Their severities are the bands of their CVSS scores (issue #41: one severity per finding).
const FILES = {
  'src/calc.js': 'function evaluate(formula) {\n  return eval(formula);\n}\nmodule.exports = { evaluate };\n',
  'src/unzip.js':
    "const fs = require('fs');\nconst path = require('path');\nfunction extractEntry(dest, entry) {\n  fs.writeFileSync(path.join(dest, entry.fileName), entry.data);\n}\nmodule.exports = { extractEntry };\n",
};

test('the summary shows manual-review findings by severity; --fail-on-review makes them exit 1', async (t) => {
  const repo = gitRepo(t, FILES);
  const r = await runCli(['scan', repo, '--quiet']);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /Manual review: 2 findings \(high 1, medium 1\)/);
  assert.match(r.stdout, /\[T3 high\] src\/calc\.js:2 BH-\w+ — Untrusted input is evaluated as JavaScript code/);
  assert.match(r.stdout, /\[T3 medium\] src\/unzip\.js:4/);
  assert.match(r.stdout, /exit 0: nothing confirmed at or above --fail-on low; 2 manual-review findings not counted \(add --fail-on-review/);

  const strict = await runCli(['scan', repo, '--quiet', '--fail-on-review']);
  assert.equal(strict.code, 1, strict.stdout);
  assert.match(strict.stdout, /exit 1: 2 manual-review findings at or above --fail-on low \(--fail-on-review\)/);
  const high = await runCli(['scan', repo, '--quiet', '--fail-on-review', '--fail-on', 'high']);
  assert.equal(high.code, 1, high.stdout);
  assert.match(high.stdout, /exit 1: 1 manual-review finding at or above --fail-on high/);
});
