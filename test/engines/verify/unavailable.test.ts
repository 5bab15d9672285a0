// A suite that cannot load says nothing about the code (issue 45, item 2): a missing package (require or import of a
// bare name), a missing command are UNAVAILABLE with the reason; a missing file of the repository's own (a relative
// path the change may have removed) stays a failing check. Real checks in bubblewrap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runChecks } from '../../../src/engines/verify/run-checks.ts';
import type { VerifyPlan } from '../../../src/engines/verify/checks.ts';
import { createBwrapBackend } from '../../../src/engines/sandbox/bwrap.ts';
import { tempTree } from '../sandbox/helpers.ts';

async function statusOf(argv: string[]) {
  const tree = tempTree({ 'package.json': JSON.stringify({ name: 't' }), 'index.js': 'module.exports = 1;\n' });
  try {
    const plan: VerifyPlan = { source: 'detected', baseline: 'test', checks: [{ name: 'test', kind: 'test', argv, required: true }], checkTimeoutMs: 60_000, budgetMs: 120_000, unsupported: [] };
    const [run] = await runChecks(plan, { backend: createBwrapBackend(), workspace: tree.dir });
    return run!.result;
  } finally {
    tree.cleanup();
  }
}

test("require of a package that is not installed (Cannot find module 'amdefine') is UNAVAILABLE naming it", async () => {
  const r = await statusOf(['node', '-e', "require('amdefine')"]);
  assert.equal(r.status, 'UNAVAILABLE', r.outputTail);
  assert.match(r.reason!, /dependency missing.*amdefine/);
});

test("import of a package that is not installed (ERR_MODULE_NOT_FOUND: Cannot find package) is UNAVAILABLE naming it", async () => {
  const r = await statusOf(['node', '--input-type=module', '-e', "import 'amdefine';"]);
  assert.equal(r.status, 'UNAVAILABLE', r.outputTail);
  assert.match(r.reason!, /amdefine/);
});

test('a command that is not there (cross-env: not found) is UNAVAILABLE naming it', async () => {
  const r = await statusOf(['sh', '-c', 'cross-env NODE_ENV=test node -e 0']);
  assert.equal(r.status, 'UNAVAILABLE', r.outputTail);
  assert.match(r.reason!, /cross-env/);
});

test("a missing file of the repository's own (require('./gone')) is a failing check, not unavailable", async () => {
  const r = await statusOf(['node', '-e', "require('./gone')"]);
  assert.equal(r.status, 'FAIL', r.outputTail);
});
