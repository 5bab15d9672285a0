// `bug-hunter work` end to end (the world of queue-setup.ts): runs that push nothing (a dry run, a halted queue, a
// fix the panel fails, an empty diff). Split from work.test.ts so these run beside its other tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { GOOD } from '../../engines/fix/helpers.ts';
import { queueWorld, remoteBranches } from './queue-setup.ts';

test('--dry-run fixes and proves locally but sends GitHub no write request and pushes nothing', async (t) => {
  const w = await queueWorld(t, [GOOD]);
  const issue = w.queueIssue();
  const done = w.github.addIssue({ title: 'done already', state: 'closed' });
  const unblocked = w.github.addIssue({ title: 'follow-up', body: `Depends on #${done.number}`, labels: ['nightshift'] });
  const result = await w.work('--dry-run');
  assert.equal(result.code, 0, result.stderr);
  assert.deepEqual(w.github.writes(), []);
  assert.deepEqual(remoteBranches(w.remote), ['main']);
  const report = readArtifact(w.outDir, 'work-report');
  assert.equal(report.dryRun, true);
  assert.equal(report.issues[0]!.outcome, 'would-open-pr');
  assert.ok(w.fixerCalls() >= 1, 'the fixer ran');
  assert.deepEqual(issue.labels.sort(), ['auto-ready', 'bug-hunter', 'nightshift', 'priority:medium']);
  assert.deepEqual(report.promotion!.promoted, [unblocked.number], 'promotion is computed');
  assert.deepEqual(unblocked.labels, ['nightshift'], 'but not applied');
  assert.match(result.stdout, /Dry run of the fix queue/);
  assert.match(result.stdout, /would label #3 auto-ready/);
});

test('three systemic failures in a row halt the queue: the fourth issue is not started, exit 3', async (t) => {
  const w = await queueWorld(t, { status: 500, message: 'the model server is down' });
  const issues = [1, 2, 3, 4].map((n) => w.queueIssue({ title: `clamp bug ${n}` }));
  const result = await w.work();
  assert.equal(result.code, 3, result.stderr);
  const report = readArtifact(w.outDir, 'work-report');
  assert.equal(report.status, 'halted');
  assert.deepEqual(report.issues.map((i) => [i.issue, i.outcome, i.failure ?? '']), [
    [issues[0]!.number, 'failed', 'setup'],
    [issues[1]!.number, 'failed', 'setup'],
    [issues[2]!.number, 'failed', 'setup'],
    [issues[3]!.number, 'halted', ''],
  ]);
  assert.equal(report.halt.streak, 3);
  assert.equal(w.github.pulls.length, 0);
  // A systemic failure is not the issue's fault: it stays in the queue for the next run.
  for (const issue of issues) assert.ok(issue.labels.includes('auto-ready') && !issue.labels.includes('auto-failed'));
  assert.ok(!existsSync(join(w.repo, '.bug-hunter', 'work-report.json')), 'reports go to --from');
});

test('a fix that removes an exported function is failed by the panel (scope-checker): no push, no PR, auto-failed with a comment naming the review', async (t) => {
  const text = ['// clamp and friends', '', 'export function unused() { return 1; }', 'export function clamp(x, lo, hi) {', '  if (x < lo) return lo;', '  if (x > hi) return lo;', '  return x;', '}', '', 'export function double(x) {', '  return x * 2;', '}', ''].join('\n');
  // Fixes the bug (the reproduction goes green, the suite stays green, every size gate passes) and drops `unused`.
  const dropsUnused = { file: 'src/clamp.js', search: 'export function unused() { return 1; }\nexport function clamp(x, lo, hi) {\n  if (x < lo) return lo;\n  if (x > hi) return lo;', replace: 'export function clamp(x, lo, hi) {\n  if (x < lo) return lo;\n  if (x > hi) return hi;' };
  const w = await queueWorld(t, [dropsUnused], { source: { text, line: 6 } });
  const issue = w.queueIssue();
  const result = await w.work();
  assert.equal(result.code, 0, result.stderr);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.equal(entry.outcome, 'review-failed', entry.reason);
  assert.ok(entry.gates.every((g) => g.passed), 'every gate passed: the panel is what stopped it');
  const scope = entry.review!.reviewers.find((r) => r.reviewer === 'scope-checker')!;
  assert.deepEqual([scope.passed, scope.remarks], [false, ['src/clamp.js: the exported unused is removed']]);
  assert.deepEqual(remoteBranches(w.remote), ['main']);
  assert.equal(w.github.pulls.length, 0);
  assert.ok(issue.labels.includes('auto-failed'));
  assert.match(issue.comments.at(-1)!, /stopped at the \*\*panel review\*\* phase/);
  assert.match(issue.comments.at(-1)!, /exported unused is removed/);
});

test('an empty diff (the fixer changes nothing, no reproduction fails, a static rescan of the base no longer reports it) closes the issue with the explanation; nothing is pushed', async (t) => {
  const w = await queueWorld(t, [], { repro: false, engine: 'static' });
  const issue = w.queueIssue();
  const result = await w.work();
  assert.equal(result.code, 0, result.stderr);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.equal(entry.outcome, 'empty-diff', entry.reason);
  assert.equal(issue.state, 'closed');
  assert.equal(issue.state_reason, 'completed');
  assert.match(issue.comments.at(-1)!, /closes this issue: the fixer found nothing to change on the base branch and a static scan of src\/clamp.js at [0-9a-f]{12} no longer reports its fingerprint/);
  assert.deepEqual(remoteBranches(w.remote), ['main']);
  assert.equal(w.github.pulls.length, 0);
});

test('an empty diff on a finding a model made: the queue cannot rescan it, so the issue stays open, auto-failed, saying why', async (t) => {
  const w = await queueWorld(t, [], { repro: false });
  const issue = w.queueIssue();
  const result = await w.work();
  assert.equal(result.code, 0, result.stderr);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.deepEqual([entry.outcome, entry.failure], ['failed', 'spec'], entry.reason);
  assert.match(entry.reason, /cannot confirm the bug is gone: a model found it, and the fix queue does not run the scan.s models again/);
  assert.equal(issue.state, 'open');
  assert.ok(issue.labels.includes('auto-failed') && !issue.labels.includes('auto-ready'), issue.labels.join(', '));
  assert.match(result.stdout, /Needs a person:\n\s+#\d+ \(failed\): stays open, auto-failed: the fixer changed nothing/);
});
