// The pure pieces `work` is built from: the finding an issue names, the proof read from the fixer's lines and its
// gates, the failure class of a fixer that gave up, the review panel, and the report's rendered views.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validate } from '../../../src/artifacts/validate.ts';
import { WorkReport } from '../../../src/artifacts/schemas/work-report.ts';
import { formerModelFingerprint } from '../../../src/engines/findings/former-fingerprint.ts';
import { markerLine } from '../../../src/engines/publish/body.ts';
import { parseDiff } from '../../../src/commands/work/diff-stats.ts';
import { failureOf } from '../../../src/commands/work/fix-issue.ts';
import { findingForIssue, staleEvidence } from '../../../src/commands/work/issue-finding.ts';
import { proofGates, proofOf } from '../../../src/commands/work/proof.ts';
import { startHalt } from '../../../src/commands/work/halt.ts';
import type { QueueIssue } from '../../../src/commands/work/queue-issue.ts';
import { renderMarkdown, renderSummary, workReportOf } from '../../../src/commands/work/report.ts';
import { panelReview } from '../../../src/commands/work/review-panel.ts';
import { CLAMP } from '../../engines/fix/helpers.ts';
import { finding, identity, reported, scanReport, ZERO_RUN } from '../../helpers/builders.ts';

const FP = '0123456789abcdef';
const run = { ...identity({ ...ZERO_RUN, repoRoot: '/repo', baseCommit: 'a'.repeat(40) }), baseCommit: 'a'.repeat(40) };
const issue = (body: string): QueueIssue => ({ number: 7, title: 'clamp', body, labels: [], state: 'open', createdAt: '2026-01-01T00:00:00Z' });
const confirmed = reported(finding('BH-1', { fingerprint: FP }));

test('findingForIssue: the marker names a confirmed finding and the fix plan grants its lines; anything else says why', () => {
  const report = scanReport(run, [confirmed]);
  const ok = findingForIssue(issue(`${markerLine(FP)}\nbody`), report, run);
  assert.ok(ok.ok);
  assert.deepEqual(ok.entry.files, [{ path: 'src/clamp.js', ranges: [{ start: 3, end: 3 }] }]);
  const none = findingForIssue(issue('a person wrote this'), report, run);
  assert.ok(!none.ok && /no bug-hunter fingerprint marker/.test(none.why));
  const unknown = findingForIssue(issue(markerLine('fedcba9876543210')), report, run);
  assert.ok(!unknown.ok && /no finding with fingerprint fedcba9876543210/.test(unknown.why));
  const dismissed = findingForIssue(issue(markerLine(FP)), scanReport(run, [{ ...confirmed, suppressed: { at: '2026-01-01T00:00:00Z', reason: 'by design', by: 'someone' } }]), run);
  assert.ok(!dismissed.ok && /is dismissed/.test(dismissed.why));
});

test('findingForIssue: an issue filed by the previous version (marker with the former fingerprint) is matched to its finding', () => {
  // The model hunter's former key (32 hex) for this finding, as the previous version wrote it into the issue's marker.
  const former = formerModelFingerprint('src/clamp.js', 'clamp', 'logic', 'return lo;');
  const report = scanReport(run, [reported(finding('BH-1', { fingerprint: FP, formerFingerprints: [former] }))]);
  const matched = findingForIssue(issue(`${markerLine(former)}\nbody`), report, run);
  assert.ok(matched.ok, matched.ok ? '' : matched.why);
  assert.equal(matched.finding.finding.fingerprint, FP);
});

test('staleEvidence: the quote must still read the same at the cited lines of the base', () => {
  assert.equal(staleEvidence(confirmed, () => CLAMP), null);
  assert.match(staleEvidence(confirmed, () => CLAMP.replace('return lo;\n  return x', 'return hi;\n  return x'))!, /changed on the base branch .*scan again/);
  assert.match(staleEvidence(confirmed, () => null)!, /changed on the base branch/);
});

test('proofOf and proofGates: red → green with the suite green passes; a reproduction still red, or a red check, fails', () => {
  const proof = proofOf(['repro BH-1: FAIL', 'test: PASS'], ['repro BH-1: PASS', 'test: PASS', 'typecheck: PASS'], 'BH-1');
  assert.deepEqual([proof.before.outcome, proof.after.outcome, proof.suite], ['failed', 'passed', { command: 'test, typecheck', passed: 2, total: 2 }]);
  assert.deepEqual(proofGates(proof, true, 'proven').map((g) => [g.gate, g.passed, g.figure]), [['red-green', true, 1], ['suite', true, 2]]);
  const still = proofOf(['repro BH-1: FAIL'], ['repro BH-1: FAIL', 'test: FAIL (1 failed)'], 'BH-1');
  assert.deepEqual(proofGates(still, true, 'proven').map((g) => g.passed), [false, false]);
  const noRepro = proofGates(proofOf(['repro BH-1: none', 'test: PASS'], ['repro BH-1: none', 'test: PASS'], 'BH-1'), false, 'unproven');
  assert.equal(noRepro[0]!.waived, 'no reproduction to take red → green');
  assert.equal(proofGates(proofOf([], ['suite: no test or typecheck command detected'], 'BH-1'), false, 'unproven')[1]!.passed, false, 'no checks is not green');
});

test('failureOf: a time limit is a timeout, all-systemic model or sandbox failures are setup, others crash, the rest belong to the issue', () => {
  assert.equal(failureOf([{ outcome: 'not-green', reason: 'x' }, { outcome: 'time-limit', reason: 'late' }]).failure, 'timeout');
  assert.equal(failureOf([{ outcome: 'systemic', reason: 'model: 500' }]).failure, 'setup');
  assert.equal(failureOf([{ outcome: 'systemic', reason: 'sandbox: no bwrap' }]).failure, 'setup');
  assert.equal(failureOf([{ outcome: 'systemic', reason: 'crash, timeout or setup failure: test: ERROR' }]).failure, 'crash');
  assert.equal(failureOf([{ outcome: 'systemic', reason: 'model: 500' }, { outcome: 'broke-suite', reason: 'red' }]).failure, 'spec');
});

test('panelReview: an edit outside the scope, a deleted file or a removed export fails; the brief lists each remark once', () => {
  const entry = { clusterId: 'C1', bugIds: ['BH-1'], files: [{ path: 'src/clamp.js', ranges: [{ start: 3, end: 3 }] }], gates: { maxFiles: 15, maxChangedLines: 500, maxNetDeletions: 15, maxGrossDeletions: 40 } };
  const proof = proofOf(['repro BH-1: FAIL'], ['repro BH-1: PASS', 'test: PASS'], 'BH-1');
  const good = parseDiff('--- a/src/clamp.js\n+++ b/src/clamp.js\n@@ -3 +3 @@\n-  if (x > hi) return lo;\n+  if (x > hi) return hi;\n');
  const pass = panelReview({ finding: confirmed, entry, margin: 3, changes: good, proof });
  assert.equal(pass.passed, true);
  assert.match(pass.brief, /test-coverage: the reproduction failed before the fix and passes after it/);
  const wide = parseDiff('--- a/src/other.js\n+++ /dev/null\n@@ -1 +0,0 @@\n-export function helper() {}\n');
  const fail = panelReview({ finding: confirmed, entry, margin: 3, changes: wide, proof });
  assert.equal(fail.passed, false);
  assert.deepEqual(fail.reviewers.find((r) => r.reviewer === 'scope-checker')!.remarks, [
    "src/other.js is outside the finding's scope (src/clamp.js)",
    'src/other.js is deleted',
    'src/other.js: the exported helper is removed',
  ]);
  assert.match(fail.brief, /\*\*failed\*\* spec-compliance: the fix does not touch src\/clamp\.js/);
});

test('work-report: schema-valid, counts per outcome; the terminal and Markdown views neutralise text from issues', () => {
  const report = workReportOf({
    run,
    repository: 'acme/widgets',
    apiUrl: 'http://127.0.0.1:1',
    dryRun: false,
    baseBranch: 'main',
    status: 'complete',
    halt: startHalt(),
    refused: [{ number: 9, why: 'closed' }],
    promotion: { promote: [4], waiting: [], unknown: [], cycles: [5, 6] },
    issues: [{ issue: 7, title: 't', outcome: 'gated', failure: 'gate', reason: 'evil \u001b[2J | @team #1', fingerprint: FP, findingId: 'BH-1', branch: 'bug-hunter/gh-7-t', baseCommit: null, commit: null, attempts: [], proof: null, gates: [{ gate: 'files', passed: false, figure: 20, limit: 15, detail: '20 files changed (gate 15)' }], review: null, pullRequest: null, pushed: false, labelled: ['auto-failed'], commented: true }],
  });
  assert.ok(validate(WorkReport, report).ok);
  assert.equal(report.counts.gated, 1);
  assert.equal(report.counts['pr-opened'], 0);
  const summary = renderSummary(report, '/x/work-report.json');
  assert.ok(!summary.includes('\u001b'), 'no raw escape reaches the terminal');
  assert.match(summary, /#7 gated \[bug-hunter\/gh-7-t\]/);
  assert.match(summary, /gates: files 20\/15 FAILED/);
  assert.match(summary, /#9 not taken: closed/);
  assert.match(summary, /labelled #4 auto-ready; dependency cycle: #5, #6/);
  const md = renderMarkdown(report);
  assert.match(md, /\| #7 \| gated \| — \| files 20\/15 FAILED \| /);
  assert.ok(!md.includes('@team') && !md.includes(' | @'), 'mentions are broken and pipes escaped');
});
