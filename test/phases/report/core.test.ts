// The report phase's pure core: an input the run asked for but did not write fails the report, which checks count
// as asked for, which suppressions the ledger may count as a person's dismissal, and the one-line summary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PhaseError } from '../../../src/foundations/errors.ts';
import type { ScanReport } from '../../../src/artifacts/schemas/scan-report.ts';
import { appliedSuppressions, baselineInput, dependencyInput, reportSummary, requestedChecks, runDuration, type ReportRequest } from '../../../src/phases/report/core.ts';
import { noSuppressions } from '../../engines/report/helpers.ts';

const REQUEST: ReportRequest = { runId: 'run-1', depScan: false, leads: false, paths: { baseline: '/o/baseline.json', depFindings: '/o/dep-findings.json', leads: '/o/leads.json' } };

test('a baseline or dependency scan asked for but not written fails the report; not asked for, nothing joins', () => {
  assert.deepEqual(baselineInput(REQUEST, undefined), {});
  assert.throws(() => baselineInput({ ...REQUEST, baselineRef: 'main' }, undefined), (e: unknown) => e instanceof PhaseError && e.message === "--baseline main was asked for, but /o/baseline.json is missing. Run 'bug-hunter scan --baseline <ref>' again.");
  assert.deepEqual(dependencyInput(REQUEST, undefined), {});
  assert.throws(() => dependencyInput({ ...REQUEST, depScan: true }, undefined), (e: unknown) => e instanceof PhaseError && /\/o\/dep-findings\.json is missing for run run-1, which asked for --dep-scan/.test(e.message));
});

test('a check counts as asked for when the scan recorded it or a phase run by hand wrote it for this run', () => {
  assert.deepEqual(requestedChecks({ verify: false, repro: false }, { verification: undefined, reproductions: undefined }, false), { verify: false, repro: false, depScan: false });
  assert.deepEqual(requestedChecks({ verify: true, repro: false }, { verification: undefined, reproductions: { reproductions: [] } }, true), { verify: true, repro: true, depScan: true });
  assert.equal(runDuration(undefined, new Date()), 0);
  assert.equal(runDuration('2025-01-01T00:00:00.000Z', new Date('2025-01-01T00:00:02.500Z')), 2500);
});

test('the ledger counts as a person’s dismissal only the suppressions that were applied', () => {
  const entry = (fingerprint: string) => ({ fingerprint, reason: 'a test fixture', by: 'dev <dev@example.com>', at: '2025-01-01T00:00:00.000Z' });
  const suppressions = { ...noSuppressions(), entries: [entry('aaaaaaaaaaaaaaaa'), entry('bbbbbbbbbbbbbbbb')] };
  const report = { suppressions: { notApplied: [{ fingerprint: 'bbbbbbbbbbbbbbbb', reason: 'introduced after the diff base' }] } } as unknown as Pick<ScanReport, 'suppressions'>;
  assert.deepEqual(appliedSuppressions(report, suppressions).entries.map((e) => e.fingerprint), ['aaaaaaaaaaaaaaaa']);
});

test('the summary counts the verdicts, the suppressed, the coverage, clean and the re-verification queue', () => {
  const report = { counts: { byVerdict: { confirmed: 2, dismissed: 1 }, suppressed: 3 }, coverage: { filesScanned: 9, filesInScope: 10 }, clean: false } as unknown as Pick<ScanReport, 'counts' | 'coverage' | 'clean'>;
  assert.equal(reportSummary(report, 0), 'report: 2 confirmed, 0 manual-review, 0 unreviewed, 1 dismissed, 3 suppressed; coverage 9/10');
  assert.equal(reportSummary({ ...report, clean: true }, 4), 'report: 2 confirmed, 0 manual-review, 0 unreviewed, 1 dismissed, 3 suppressed; coverage 9/10; clean; 4 ledger finding(s) queued for re-verification');
});
