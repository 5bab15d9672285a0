import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judgeRun } from '../../../src/engines/repro/judge.ts';
import type { SandboxResult } from '../../../src/engines/sandbox/types.ts';

const tap = (name: string, message: string, stackTop: string) =>
  `TAP version 13\nnot ok 1 - case\n  ---\n  location: '/workspace/test/r.test.js:3:1'\n  failureType: 'testCodeFailure'\n  error: ${JSON.stringify(message)}\n  name: '${name}'\n  stack: |-\n    ${stackTop}\n  ...\n`;
const run = (stdout: string, status: SandboxResult['status'] = 'FAIL'): SandboxResult => ({ status, exitCode: 1, signal: null, durationMs: 1, stdout, stderr: '', truncated: false, backend: 'bwrap' });
const base = { testPath: 'test/r.test.js', testSource: 'test code', marker: 'BHM-1' };

test('a bare Error needs a distinctive fragment; a fragment written in the test itself proves nothing', () => {
  const out = run(tap('Error', 'failed', 'parse (file:///workspace/src/p.js:2:9)'));
  assert.match(String((judgeRun({ ...base, run: out, signature: { errorType: 'Error', messageFragment: 'failed' } }) as { reason: string }).reason), /distinctive/);
  const thrown = run(tap('RangeError', 'index 7 out of range 0..5', 'at (file:///workspace/src/p.js:2:9)'));
  assert.equal(judgeRun({ ...base, run: thrown, signature: { errorType: 'RangeError', messageFragment: 'out of range' } }).verdict, 'proves');
  const selfMade = judgeRun({ ...base, testSource: "throw new RangeError('out of range')", run: thrown, signature: { errorType: 'RangeError', messageFragment: 'out of range' } });
  assert.equal(selfMade.verdict, 'not-reproduced');
});

test('timeouts and sandbox errors are unknown, never proof; a pass is not reproduced', () => {
  assert.deepEqual(judgeRun({ ...base, run: run('', 'TIMEOUT'), signature: { marker: true } }), { verdict: 'unknown', reason: 'unknown: timeout' });
  assert.deepEqual(judgeRun({ ...base, run: { ...run('', 'ERROR'), reason: 'dependencies: vendored dependencies requested but the tree has no node_modules' }, signature: { marker: true } }), { verdict: 'unknown', reason: 'unknown: install failed' });
  assert.equal(judgeRun({ ...base, run: run('ok 1 - case\n', 'PASS'), signature: { marker: true } }).verdict, 'not-reproduced');
});
