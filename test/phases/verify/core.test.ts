// The verify phase's pure core: the sandbox record (there, never there, or broken part-way), the confirmed findings a
// failing check's output corroborates, and the one-line summary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CheckRun, VerifyPlan } from '../../../src/engines/verify/checks.ts';
import { SANDBOX_UNAVAILABLE, notRun } from '../../../src/engines/verify/checks.ts';
import { unrunChecks, verificationReport } from '../../../src/phases/verify/core.ts';
import { hunterOf, refereeOf } from '../../engines/report/helpers.ts';
import { makeFinding } from '../../helpers/builders.ts';

const PLAN: VerifyPlan = { source: 'detected', baseline: 'suite', checks: [{ name: 'suite', kind: 'test', argv: ['npm', 'test'], required: true }], checkTimeoutMs: 1000, budgetMs: 5000, unsupported: [] };
const SUITE = PLAN.checks[0]!;

function ran(status: 'PASS' | 'FAIL', output: string): CheckRun {
  return { check: SUITE, result: { ...notRun(SUITE, 'UNAVAILABLE', ''), status, exitCode: status === 'PASS' ? 0 : 1, reason: undefined }, output };
}

test('a green suite on a working sandbox: available, dependencies auto, the fixer authorised, and the summary says so', () => {
  const { report, broke, summary } = verificationReport({ plan: PLAN, options: {}, backend: 'bwrap', runs: [ran('PASS', 'ok')] });
  assert.deepEqual(report.sandbox, { backend: 'bwrap', available: true, dependencies: 'auto' });
  assert.equal(report.baseline.status, 'green');
  assert.equal(broke, undefined);
  assert.equal(summary, 'verify: baseline green; fixer authorised');
});

test('no backend: every check is unavailable, the sandbox record carries why, and the fixer is not authorised', () => {
  const runs = unrunChecks(PLAN);
  assert.deepEqual(runs.map((r) => [r.check.name, r.result.status, r.result.reason]), [['suite', 'UNAVAILABLE', 'no sandbox backend']]);
  const { report, summary } = verificationReport({ plan: PLAN, options: { sandboxBackend: 'podman' }, unavailable: 'podman is not installed', runs });
  assert.deepEqual(report.sandbox, { backend: 'podman', available: false, reason: 'podman is not installed' });
  assert.equal(report.fixerAuthorised, false);
  assert.equal(summary, 'verify: baseline unknown; fixer not authorised (no sandbox: podman is not installed)');
});

test('a sandbox that broke part-way is unavailable, not a failing suite, and the reason comes back to warn about', () => {
  const reason = `${SANDBOX_UNAVAILABLE}: bwrap: setting up uid map: Permission denied`;
  const runs: CheckRun[] = [{ check: SUITE, result: notRun(SUITE, 'UNAVAILABLE', reason), output: '' }];
  const { report, broke } = verificationReport({ plan: PLAN, options: {}, backend: 'bwrap', runs });
  assert.equal(broke, reason);
  assert.deepEqual(report.sandbox, { backend: 'bwrap', available: false, reason });
});

test('a failing check names only the confirmed findings whose file its output mentions', () => {
  const confirmed = makeFinding({ file: 'src/a.ts', symbol: 'a', subject: 'id', line: 1, quote: 'a' });
  const dismissed = makeFinding({ file: 'src/b.ts', symbol: 'b', subject: 'id', line: 1, quote: 'b' });
  const hunter = hunterOf([confirmed, dismissed], []);
  const referee = refereeOf({ [dismissed.id]: 'dismissed' }, [confirmed, dismissed]);
  const output = 'FAIL at src/a.ts:1 and src/b.ts:1';
  const { report } = verificationReport({ plan: PLAN, options: {}, backend: 'bwrap', runs: [ran('FAIL', output)], referee, hunter });
  assert.deepEqual(report.checks[0]?.findingIds, [confirmed.id]);
  assert.ok((report.checks[0]?.confidenceDelta ?? 0) > 0);
  const withoutReferee = verificationReport({ plan: PLAN, options: {}, backend: 'bwrap', runs: [ran('FAIL', output)], hunter });
  assert.deepEqual(withoutReferee.report.checks[0]?.findingIds, []);
});
