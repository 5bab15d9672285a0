// The process shell on its own, in a child process running the compiled module: the exit code of a command that
// throws, and of one whose promise never settles (the loop empties): never 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { assertFreshDist } from '../helpers/dist.ts';

const SHELL = new URL('../../dist/cli/process-shell.js', import.meta.url).href;
const ERRORS = new URL('../../dist/foundations/errors.js', import.meta.url).href;

function runShell(commandSource: string): { status: number | null; stdout: string; stderr: string } {
  assertFreshDist();
  const script = `import { runInProcessShell } from '${SHELL}'; import { UsageError } from '${ERRORS}';
runInProcessShell(${commandSource}, { name: 'probe', cwd: process.cwd() });`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
}

test("a command's own code is the exit code, its output written", () => {
  const r = runShell("async (io) => { io.stdout('out\\n'); io.stderr('err\\n'); return 1; }");
  assert.deepEqual([r.status, r.stdout, r.stderr], [1, 'out\n', 'err\n']);
});

test('a command that throws exits with the code its error maps to, the message named', () => {
  const r = runShell("async () => { throw new UsageError('bad flag'); }");
  assert.equal(r.status, 2);
  assert.equal(r.stderr, 'probe: bad flag\n');
});

test('a command whose promise never settles, with nothing left to wait for, exits 3, not 0', () => {
  const r = runShell('() => new Promise(() => {})');
  assert.equal(r.status, 3, r.stderr);
});
