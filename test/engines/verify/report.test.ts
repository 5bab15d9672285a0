import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CheckResult } from '../../../src/artifacts/schemas/verification-report.ts';
import { fixerAuthority } from '../../../src/engines/verify/report.ts';

const check = (name: string, required: boolean, status: CheckResult['status']): CheckResult => ({
  name, kind: 'test', argv: ['x'], required, status, exitCode: null, signal: null, durationMs: 0, outputTail: '', truncated: false, findingIds: [], confidenceDelta: 0,
});
const sandbox = { backend: 'bwrap', available: true };

test('fixer authority: only when every required check passes in a working sandbox', () => {
  assert.equal(fixerAuthority(sandbox, [check('test', true, 'PASS'), check('lint', false, 'FAIL')]).ok, true);
  for (const status of ['FAIL', 'UNAVAILABLE', 'ERROR', 'TIMEOUT', 'SKIPPED_BUDGET'] as const) {
    const verdict = fixerAuthority(sandbox, [check('test', true, 'PASS'), check('tsc', true, status)]);
    assert.equal(verdict.ok, false);
    assert.match(verdict.reason, new RegExp(`tsc ${status}`));
  }
  assert.equal(fixerAuthority(sandbox, [check('lint', false, 'PASS')]).ok, false);
  assert.equal(fixerAuthority({ backend: 'auto', available: false, reason: 'no bwrap' }, [check('test', true, 'PASS')]).ok, false);
});
