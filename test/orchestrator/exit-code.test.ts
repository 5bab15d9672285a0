import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exitCodeForReport } from '../../src/orchestrator/scan.ts';
import { joinReport } from '../../src/report/join.ts';
import { doneChunks, hunterOf, makeFinding, noSuppressions, planOf, refereeOf, skepticOf, triageOf } from '../report/helpers.ts';
import type { Verdict } from '../../src/artifacts/schemas/common.ts';

const medium = makeFinding({ file: 'src/a.ts', symbol: 'get', subject: 'id', line: 8, quote: 'query(id)', severity: 'medium' });

function report(verdict: Verdict, chunkStatus: 'done' | 'failed' = 'done') {
  const triage = triageOf([['src/a.ts']]);
  return joinReport({
    triage,
    plan: planOf(triage),
    hunter: hunterOf([medium], doneChunks(triage, chunkStatus)),
    skeptic: skepticOf([medium]),
    referee: refereeOf({ [medium.id]: verdict }, [medium]),
    suppressions: noSuppressions(),
    options: { failOn: 'low', showSuspected: false },
    durationMs: 1,
  }).scanReport;
}

test('a confirmed finding fails the run only at or above --fail-on', () => {
  const r = report('confirmed');
  assert.equal(exitCodeForReport(r, 'low'), 1);
  assert.equal(exitCodeForReport(r, 'medium'), 1);
  assert.equal(exitCodeForReport(r, 'high'), 0);
});

test('dismissed and manual-review findings do not fail the run', () => {
  assert.equal(exitCodeForReport(report('dismissed'), 'low'), 0);
  assert.equal(exitCodeForReport(report('manual-review'), 'low'), 0);
});

test('an unreviewed finding, a failed chunk or a missing report is an incomplete run (exit 3)', () => {
  assert.equal(exitCodeForReport(report('unreviewed'), 'low'), 3);
  assert.equal(exitCodeForReport(report('confirmed', 'failed'), 'low'), 3);
  assert.equal(exitCodeForReport(null, 'low'), 3);
});
