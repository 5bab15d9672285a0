// The fixer phase's pure core: the queue halts after three consecutive systemic failures, each finding's status
// and row follow its fix, clusters never scheduled are skipped or left for a person, and plan, scope and report
// must agree on what is granted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FixAttempt, FixPlan, FixStrategy } from '../../../src/artifacts/schemas/fix.ts';
import { IntegrityError } from '../../../src/foundations/errors.ts';
import { emptyOutcome, fixBranch, fixRow, fixStatus, haltReason, scheduledWork, systemicRunAfter, unscheduledRows, type FixOutcome } from '../../../src/phases/fixer/core.ts';
import { finding, reported } from '../../helpers/builders.ts';


function outcome(success: FixOutcome['success'], attempts: FixAttempt['outcome'][], trailingSystemic = 0): FixOutcome {
  return { success, patch: '--- a\n+++ b\n', attempts: attempts.map((o) => ({ outcome: o, reason: o })), before: ['red'], after: ['green'], trailingSystemic };
}

test('three consecutive systemic failures halt the queue; a success or any other failure starts the count again', () => {
  let run = systemicRunAfter(0, outcome(null, ['systemic', 'systemic'], 2));
  assert.equal(run, 2);
  assert.equal(haltReason(run), null);
  assert.equal(systemicRunAfter(run, outcome('proven', ['systemic'], 1)), 0);
  assert.equal(systemicRunAfter(run, outcome(null, ['systemic', 'rejected'], 1)), 0);
  run = systemicRunAfter(run, outcome(null, ['systemic'], 1));
  assert.equal(haltReason(run), 'halted after 3 consecutive systemic failures (crash, timeout or setup)');
});

test('a proven fix keeps its patch in the row; a rolled-back one reports none', () => {
  const f = reported(finding('BH-00000001'));
  assert.equal(fixStatus(outcome('proven', ['proven'])), 'fixed-proven');
  assert.equal(fixStatus(outcome('unproven', ['unproven'])), 'fixed-unproven');
  assert.equal(fixStatus(outcome(null, ['broke-suite'])), 'rolled-back');
  assert.deepEqual(fixRow(f, 'C1', 'fixed-proven', outcome('proven', ['proven'])), { findingId: 'BH-00000001', clusterId: 'C1', status: 'fixed-proven', patch: '--- a\n+++ b\n', attempts: [{ outcome: 'proven', reason: 'proven' }], before: ['red'], after: ['green'] });
  assert.equal(fixRow(f, 'C1', 'rolled-back', outcome(null, ['broke-suite'])).patch, '');
  assert.deepEqual(fixRow(f, 'C1', 'skipped', emptyOutcome('interrupted')).attempts, [{ outcome: 'unproven', reason: 'interrupted' }]);
  assert.equal(fixBranch('run 1/x'), 'bug-hunter/fix-run-1-x');
});

test('clusters the plan did not schedule are skipped when report-only and left for a person otherwise, with the reasons', () => {
  const byId = new Map([['BH-1', reported(finding('BH-1'))], ['BH-2', reported(finding('BH-2'))], ['BH-3', reported(finding('BH-3'))]]);
  const cluster = (id: string, classification: FixStrategy['clusters'][number]['classification'], findingIds: string[]) => ({ id, classification, findingIds, reasons: [`why ${id}`] }) as FixStrategy['clusters'][number];
  const strategy = { clusters: [cluster('C1', 'safe-autofix', ['BH-1']), cluster('C2', 'report-only', ['BH-2']), cluster('C3', 'larger-refactor', ['BH-3'])] } as FixStrategy;
  const plan = { canary: ['C1'], waves: [] } as unknown as FixPlan;
  const rows = unscheduledRows(strategy, plan, byId);
  assert.deepEqual(rows.map((r) => [r.findingId, r.clusterId, r.status, r.attempts[0]?.reason]), [['BH-2', 'C2', 'skipped', 'report-only: why C2'], ['BH-3', 'C3', 'manual-review', 'larger-refactor: why C3']]);
});

test('a scheduled cluster the scope does not grant, or a granted id the report does not list, is an IntegrityError', () => {
  const scope = { repoRoot: '/r', baseCommit: 'a'.repeat(40), marginLines: 3, entries: [{ clusterId: 'C1', bugIds: ['BH-1', 'BH-9'] }] } as unknown as Parameters<typeof scheduledWork>[0];
  const byId = new Map([['BH-1', reported(finding('BH-1'))]]);
  assert.throws(() => scheduledWork(scope, 'C2', byId), (e: unknown) => e instanceof IntegrityError && /lists C2 but fixer-scope\.json grants nothing for it/.test(e.message));
  assert.throws(() => scheduledWork(scope, 'C1', byId), (e: unknown) => e instanceof IntegrityError && /grants BH-9, which scan-report\.json does not list/.test(e.message));
});
