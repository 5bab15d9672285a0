// The panel review with model reviewers: code-reviewer, spec-compliance, test-coverage and scope-checker asked in
// parallel (red-team only for a security-sensitive change) through the real model client and the fake model
// server, whose answers come from a scripted stand-in (not a model). A failing or unreadable verdict stops the
// issue; without a reviewer model the brief names the reviewers that did not run. Real CLI, bwrap, bare origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { securitySensitive } from '../../../src/commands/work/model-panel.ts';
import { parseDiff } from '../../../src/commands/work/diff-stats.ts';
import { GOOD } from '../../engines/fix/helpers.ts';
import { queueWorld, remoteBranches } from './queue-setup.ts';
import { finding, reported } from '../../helpers/builders.ts';

test('a failing model verdict (code-reviewer) and an unreadable one (test-coverage) stop the issue: no push, no PR, auto-failed naming the panel', async (t) => {
  const w = await queueWorld(t, [GOOD], {
    panel: (name) => {
      if (name === 'code-reviewer') return { json: { verdict: 'fail', remarks: [{ file: 'src/clamp.js', line: 3, remark: 'returns hi for NaN input too; the NaN case needs a decision' }] } };
      if (name === 'test-coverage') return { text: 'Looks fine to me.' };
      return { json: { verdict: 'pass', remarks: [] } };
    },
  });
  const issue = w.queueIssue();
  const result = await w.work();
  assert.equal(result.code, 0, result.stderr);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.deepEqual([entry.outcome, entry.failure], ['review-failed', 'review'], entry.reason);
  assert.ok(entry.gates.every((g) => g.passed), 'every gate passed: the panel stopped it');
  assert.deepEqual(w.panelAsked().filter((n, i, all) => all.indexOf(n) === i).sort(), ['code-reviewer', 'scope-checker', 'spec-compliance', 'test-coverage']);
  const verdict = (name: string) => entry.review!.reviewers.find((r) => r.reviewer === name)!;
  assert.deepEqual([verdict('code-reviewer').passed, verdict('code-reviewer').remarks], [false, ['src/clamp.js:3: returns hi for NaN input too; the NaN case needs a decision']]);
  assert.equal(verdict('test-coverage').passed, false, 'could not check is never a pass');
  assert.match(verdict('test-coverage').remarks.at(-1)!, /its review could not be read/);
  assert.equal(verdict('scope-checker').passed, true);
  assert.deepEqual(entry.review!.notRun, [{ reviewer: 'red-team', why: 'no security-sensitive change' }]);
  assert.deepEqual(remoteBranches(w.remote), ['main']);
  assert.equal(w.github.pulls.length, 0);
  assert.ok(issue.labels.includes('auto-failed') && !issue.labels.includes('auto-ready'));
  assert.match(issue.comments.at(-1)!, /stopped at the \*\*panel review\*\* phase/);
  assert.match(issue.comments.at(-1)!, /code-reviewer: src\/clamp\.js:3: returns hi for NaN input too/);
});

test('without a model for the referee role the rule reviewers decide, and the PR body says which reviewers did not run; the self-review is not counted as approval', async (t) => {
  const w = await queueWorld(t, [GOOD], { noReviewerModel: true });
  w.queueIssue();
  const result = await w.work();
  assert.equal(result.code, 0, result.stderr);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.equal(entry.outcome, 'pr-opened', entry.reason);
  assert.deepEqual(w.panelAsked(), []);
  assert.deepEqual(entry.review!.reviewers.map((r) => r.reviewer), ['scope-checker', 'spec-compliance', 'test-coverage']);
  assert.deepEqual(entry.review!.notRun.map((n) => n.reviewer), ['code-reviewer', 'red-team']);
  assert.match(w.github.pulls[0]!.body, /did not run: code-reviewer \(no model for the 'referee' role\)/);
  assert.equal(entry.selfReview!.outcome, 'review-failed');
  assert.match(entry.selfReview!.why, /self-review did not run/);
});

test('the red-team joins for a security finding or a change on a security-sensitive path, not otherwise', () => {
  const logic = reported(finding('BH-1'));
  const change = (path: string) => parseDiff(`--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-a\n+b\n`);
  assert.equal(securitySensitive(logic, change('src/clamp.js')), null);
  assert.equal(securitySensitive(logic, change('src/auth/session.js')), 'src/auth/session.js is security-sensitive');
  const injection = reported(finding('BH-2', { category: 'injection' }));
  assert.match(securitySensitive(injection, change('src/clamp.js')) ?? '', /^a security finding/);
});
