import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { UsageError } from '../../../src/foundations/errors.ts';
import { detectPlan } from '../../../src/engines/verify/plan.ts';
import { loadPlanFile } from '../../../src/engines/verify/plan-file.ts';
import { tempTree } from '../sandbox/helpers.ts';

test('a plan is detected from package.json scripts and a local tsc, with the test script as baseline', () => {
  const tree = tempTree({
    'package.json': JSON.stringify({ scripts: { test: 'node --test', lint: 'eslint .', build: 'tsc' }, packageManager: 'pnpm@9.0.0' }),
    'tsconfig.json': '{}',
    'node_modules/.bin/tsc': '#!/bin/sh\n',
  });
  try {
    const plan = detectPlan(tree.dir);
    assert.equal(plan.baseline, 'test');
    assert.deepEqual(plan.checks.map((c) => [c.name, c.kind, c.required, c.argv.join(' ')]), [
      ['test', 'test', true, 'pnpm run test'],
      ['lint', 'lint', false, 'pnpm run lint'],
      ['build', 'build', false, 'pnpm run build'],
      ['tsc', 'typecheck', true, 'node_modules/.bin/tsc --noEmit -p .'],
    ]);
  } finally {
    tree.cleanup();
  }
});

test("npm's placeholder test script is not a suite; python, go and rust get their runners", () => {
  const tree = tempTree({ 'package.json': JSON.stringify({ scripts: { test: 'echo "Error: no test specified" && exit 1' } }), 'pyproject.toml': '', 'go.mod': 'module x', 'Cargo.toml': '' });
  const empty = tempTree({ 'README.md': 'hi' });
  try {
    const plan = detectPlan(tree.dir);
    assert.deepEqual(plan.checks.map((c) => c.name), ['pytest', 'go test', 'cargo test']);
    assert.equal(plan.baseline, 'pytest');
    const none = detectPlan(empty.dir);
    assert.equal(none.checks.length, 0);
    assert.equal(none.baseline, undefined);
    assert.match(none.unsupported[0] ?? '', /nothing to run/);
  } finally {
    tree.cleanup();
    empty.cleanup();
  }
});

test('a plan file is validated: good files load, bad ones are usage errors naming the problem', () => {
  const tree = tempTree({
    'good.json': JSON.stringify({ baseline: 'unit', budgetMs: 5000, checks: [{ name: 'unit', kind: 'test', argv: ['node', '--test'] }, { name: 'lint', argv: ['true'], required: false }] }),
    'shell.json': JSON.stringify({ checks: [{ name: 'x', argv: 'npm test' }] }),
    'dupe.json': JSON.stringify({ checks: [{ name: 'x', argv: ['a'] }, { name: 'x', argv: ['b'] }] }),
    'baseline.json': JSON.stringify({ baseline: 'nope', checks: [{ name: 'x', argv: ['a'] }] }),
    'broken.json': '{',
  });
  try {
    const plan = loadPlanFile(join(tree.dir, 'good.json'));
    assert.equal(plan.source, 'file');
    assert.equal(plan.budgetMs, 5000);
    assert.deepEqual(plan.checks.map((c) => [c.name, c.kind, c.required]), [['unit', 'test', true], ['lint', 'other', false]]);
    assert.throws(() => loadPlanFile(join(tree.dir, 'shell.json')), (e: Error) => e instanceof UsageError && /\/checks\/0\/argv/.test(e.message));
    assert.throws(() => loadPlanFile(join(tree.dir, 'dupe.json')), /names a check twice/);
    assert.throws(() => loadPlanFile(join(tree.dir, 'baseline.json')), /baseline 'nope'/);
    assert.throws(() => loadPlanFile(join(tree.dir, 'broken.json')), UsageError);
    assert.throws(() => loadPlanFile(join(tree.dir, 'missing.json')), UsageError);
  } finally {
    tree.cleanup();
  }
});
