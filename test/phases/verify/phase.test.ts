import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { createVerifyPhase } from '../../../src/phases/verify/index.ts';
import { hashTree, tempTree } from '../../engines/sandbox/helpers.ts';
import { phaseContext } from '../../engines/verify/helpers.ts';

const MATH = 'export const add = (a, b) => a + b;\nexport const div = (a, b) => a / b;\n';

test('a green suite: baseline green, the network-cut run passes, the fixer is authorised, the tree untouched', async () => {
  const tree = tempTree({
    'package.json': JSON.stringify({ name: 't', type: 'module', scripts: { test: 'node --test test/' } }),
    'src/math.js': MATH,
    'test/math.test.js': "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/math.js';\ntest('adds', () => assert.equal(add(1, 2), 3));\n",
  });
  const before = [hashTree(join(tree.dir, 'src')), hashTree(join(tree.dir, 'test'))];
  try {
    const ctx = phaseContext(tree.dir);
    await createVerifyPhase().run(ctx);
    const report = readArtifact(ctx.outDir, 'verification-report');
    assert.equal(report.sandbox.backend, 'bwrap');
    assert.equal(report.baseline.status, 'green');
    assert.equal(report.checks[0]?.status, 'PASS');
    assert.equal(report.fixerAuthorised, true);
    // Reproductions are the repro phase's own artifact (reproductions.json), not part of this report.
    assert.equal('reproductions' in report, false);
    assert.deepEqual([hashTree(join(tree.dir, 'src')), hashTree(join(tree.dir, 'test'))], before);
  } finally {
    tree.cleanup();
  }
});

test('a red suite names its failing tests and withholds fixer authority; a plan file and its budget are honoured', async () => {
  const tree = tempTree({
    'package.json': JSON.stringify({ name: 't', type: 'module', scripts: { test: 'node --test test/' } }),
    'src/math.js': MATH,
    'test/math.test.js': "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { div } from '../src/math.js';\ntest('divides by zero safely', () => assert.equal(div(1, 0), 0));\ntest('divides', () => assert.equal(div(4, 2), 2));\n",
    'plan.json': JSON.stringify({ baseline: 'suite', budgetMs: 60_000, checks: [{ name: 'suite', kind: 'test', argv: ['npm', 'test'] }, { name: 'hang', argv: ['sleep', '600'], required: false, timeoutMs: 1_000 }, { name: 'missing-tool', argv: ['no-such-linter-bh'], required: true }] }),
  });
  try {
    const ctx = phaseContext(tree.dir, { verifyPlan: 'plan.json' });
    await createVerifyPhase().run(ctx);
    const report = readArtifact(ctx.outDir, 'verification-report');
    assert.equal(report.plan?.source, 'file');
    assert.equal(report.baseline.status, 'red');
    assert.deepEqual(report.baseline.failingTests, ['divides by zero safely']);
    assert.deepEqual(report.checks.map((c) => [c.name, c.status]), [['suite', 'FAIL'], ['hang', 'TIMEOUT'], ['missing-tool', 'UNAVAILABLE']]);
    assert.equal(report.fixerAuthorised, false);
    assert.match(report.fixerReason ?? '', /suite FAIL.*missing-tool UNAVAILABLE/);
  } finally {
    tree.cleanup();
  }
});

test('a target with nothing to run: baseline unknown, no authority, and no referee.json needed', async () => {
  const tree = tempTree({ 'README.md': 'docs only' });
  try {
    const ctx = phaseContext(tree.dir);
    await createVerifyPhase().run(ctx);
    const report = readArtifact(ctx.outDir, 'verification-report');
    assert.equal(report.baseline.status, 'unknown');
    assert.deepEqual(report.checks, []);
    assert.equal(report.fixerAuthorised, false);
  } finally {
    tree.cleanup();
  }
});

test('without a usable sandbox nothing runs: checks UNAVAILABLE, sandbox reported unavailable, no authority', async () => {
  const tree = tempTree({ 'package.json': JSON.stringify({ scripts: { test: 'touch /workspace/ran' } }) });
  try {
    const ctx = phaseContext(tree.dir, { sandboxBackend: 'none' });
    await createVerifyPhase().run(ctx);
    const report = readArtifact(ctx.outDir, 'verification-report');
    assert.equal(report.sandbox.available, false);
    assert.match(report.sandbox.reason ?? '', /i-understand-this-runs-untrusted-code-unsandboxed/);
    assert.deepEqual(report.checks.map((c) => c.status), ['UNAVAILABLE']);
    assert.equal(report.fixerAuthorised, false);
  } finally {
    tree.cleanup();
  }
});
