// `bug-hunter work` end to end: the real CLI in-process, the real Octokit against the GitHub stand-in, a real bare
// repository as origin, the real fixer proven in bubblewrap, and the fixer's answers from a scripted stand-in
// behind the fake model server (through the real OpenAI SDK).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../src/artifacts/store.ts';
import { pullRequestBody } from '../../src/work/pr-body.ts';
import { GOOD, git } from '../fix/helpers.ts';
import { FINDING_ID, queueWorld, remoteBranches } from './queue-setup.ts';

const BRANCH = 'bug-hunter/gh-1-clamp-returns-lo-instead-of-hi-above-the';

test('a queued issue whose finding gets fixed ends with a pushed branch and a draft PR whose body is the PR-body piece\'s; a second run opens no second PR; a dependent issue is promoted', async (t) => {
  const w = await queueWorld(t, [GOOD]);
  const issue = w.queueIssue();
  const dependent = w.github.addIssue({ title: 'follow-up', body: 'Depends on #1', labels: ['nightshift'] });
  const blocked = w.github.addIssue({ title: 'blocked', body: 'Depends on #99', labels: ['nightshift'] });
  w.github.addIssue({ title: '#99 stays open', labels: [] });
  const first = await w.work();
  assert.equal(first.code, 0, first.stderr + first.stdout);

  const report = readArtifact(w.outDir, 'work-report');
  assert.equal(report.status, 'complete');
  const entry = report.issues.find((i) => i.issue === issue.number)!;
  assert.equal(entry.outcome, 'pr-opened', entry.reason);
  assert.equal(entry.branch, BRANCH);
  assert.equal(entry.findingId, FINDING_ID);
  assert.deepEqual(entry.proof!.before.outcome, 'failed');
  assert.deepEqual(entry.proof!.after.outcome, 'passed');
  assert.deepEqual(entry.gates.map((g) => [g.gate, g.figure, g.passed]), [
    ['files', 1, true],
    ['changed-lines', 2, true],
    ['net-deletions', 0, true],
    ['gross-deletions', 1, true],
    ['dependencies', 0, true],
    ['red-green', 1, true],
    ['suite', entry.proof!.suite.total, true],
  ]);

  // The branch is on origin with exactly the fix on top of main.
  assert.deepEqual(remoteBranches(w.remote), [BRANCH, 'main'].sort());
  assert.equal(git(w.remote, 'rev-parse', `${BRANCH}~1`), git(w.remote, 'rev-parse', 'main'));
  assert.deepEqual(git(w.remote, 'diff', '--name-only', 'main', BRANCH).split('\n'), ['src/clamp.js']);
  assert.match(git(w.remote, 'show', `${BRANCH}:src/clamp.js`), /if \(x > hi\) return hi;/);
  assert.equal(git(w.repo, 'status', '--porcelain'), '', 'the user\'s working tree is untouched');
  assert.equal(git(w.repo, 'worktree', 'list', '--porcelain').split('\n').filter((l) => l.startsWith('worktree ')).length, 1, 'the fix worktree was removed');
  assert.equal(git(w.repo, 'branch', '--list', 'bug-hunter/*'), '', 'no local branch was created');

  // One draft PR, its body the PR-body piece's output for what the report recorded.
  assert.equal(w.github.pulls.length, 1);
  const pull = w.github.pulls[0]!;
  assert.equal(pull.draft, true);
  assert.equal(pull.head, BRANCH);
  assert.equal(pull.base, 'main');
  assert.equal(pull.body, pullRequestBody({ issue: issue.number, proof: entry.proof!, gates: entry.gates, reviewBrief: entry.review!.brief, attempt: 1, maxAttempts: 3 }));
  assert.match(pull.body, /^Closes #1\n/);
  assert.match(pull.body, /Before the fix \| ❌ failed/);
  assert.match(pull.body, /After the fix \| ✅ passed/);
  assert.deepEqual(entry.pullRequest, { number: pull.number, url: `https://github.com/acme/widgets/pull/${pull.number}` });

  // The issue moved out of the queue, with a comment naming the PR; the dependent issue was promoted.
  assert.deepEqual(issue.labels.sort(), ['auto-pr-ready', 'bug-hunter', 'priority:medium']);
  assert.match(issue.comments.at(-1)!, new RegExp(`draft pull request #${pull.number}`));
  assert.ok(dependent.labels.includes('auto-ready'), 'the issue that depends on #1 is promoted');
  assert.ok(!blocked.labels.includes('auto-ready'), 'an issue waiting on an open one is not');
  assert.deepEqual(report.promotion!.promoted, [dependent.number]);
  assert.match(readFileSync(join(w.outDir, 'work-report.md'), 'utf8'), /\| #1 \| pr-opened \| \[#\d+\]/);
  assert.match(first.stdout, /#1 pr-opened PR #\d+/);
  assert.deepEqual(entry.selfReview, { outcome: 'auto-approved', why: 'no remark to act on', remarks: [], rounds: 0, commented: false });
  assert.equal(w.selfReviews(), 1);
  const pullIssue = w.github.issues.find((i) => i.number === pull.number)!;
  assert.deepEqual(pullIssue.comments, [], 'nothing to say on an approved pull request');

  // Again, naming the issue: the PR for its branch exists, so nothing is fixed, pushed or opened.
  const calls = w.fixerCalls();
  const second = await w.work('--issue', String(issue.number));
  assert.equal(second.code, 0, second.stderr);
  assert.equal(readArtifact(w.outDir, 'work-report').issues[0]!.outcome, 'already-open');
  assert.equal(w.github.pulls.length, 1, 'no second pull request');
  assert.equal(w.fixerCalls(), calls, 'the fixer was not asked again');
});

test('a fix past the changed-lines gate is stopped: no push, no PR, auto-failed and a comment naming the gates', async (t) => {
  const padded = { ...GOOD, replace: `${GOOD.replace}\n${Array.from({ length: 520 }, (_, i) => `  // padding ${i}`).join('\n')}` };
  const w = await queueWorld(t, [padded]);
  const issue = w.queueIssue();
  const result = await w.work();
  assert.equal(result.code, 0, result.stderr);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.equal(entry.outcome, 'gated', entry.reason);
  const lines = entry.gates.find((g) => g.gate === 'changed-lines')!;
  assert.deepEqual([lines.figure, lines.limit, lines.passed], [522, 500, false]);
  assert.deepEqual(remoteBranches(w.remote), ['main']);
  assert.equal(w.github.pulls.length, 0);
  assert.ok(issue.labels.includes('auto-failed') && !issue.labels.includes('auto-ready'));
  assert.match(issue.comments.at(-1)!, /stopped at the \*\*gates\*\* phase/);
  assert.match(issue.comments.at(-1)!, /changed-lines: 522 lines changed \(gate 500\)/);
});

test('a fix touching 20 files is stopped before any gate by the finding\'s scope (at most 3 files): no push, no PR, auto-failed and a comment saying which edit left the scope', async (t) => {
  // The fix plan scopes a finding to the files its evidence cites (src/fix/classify.ts: at most 3), so a 20-file
  // fix never reaches the files gate (15): every attempt is refused at its first edit outside the scope.
  const extra = Object.fromEntries(Array.from({ length: 19 }, (_, i) => [`src/extra${i}.js`, `export const extra${i} = ${i};\n`]));
  const edits = [GOOD, ...Object.entries(extra).map(([file, text]) => ({ file, search: text.trim(), replace: text.trim().replace(/;$/, ' + 0;') }))];
  const w = await queueWorld(t, edits, { files: extra });
  const issue = w.queueIssue();
  const result = await w.work();
  assert.equal(result.code, 0, result.stderr);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.deepEqual([entry.outcome, entry.failure], ['failed', 'spec'], entry.reason);
  assert.deepEqual(entry.attempts.map((a) => a.outcome), ['rejected', 'rejected', 'rejected']);
  assert.match(entry.reason, /src\/extra0\.js/);
  assert.deepEqual(entry.gates, [], 'no gate was measured: nothing in scope was left to measure');
  assert.deepEqual(remoteBranches(w.remote), ['main']);
  assert.equal(w.github.pulls.length, 0);
  assert.ok(issue.labels.includes('auto-failed') && !issue.labels.includes('auto-ready'));
  assert.match(issue.comments.at(-1)!, /stopped at the \*\*fix\*\* phase/);
  assert.match(issue.comments.at(-1)!, /src\/extra0\.js/);
});

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

test('an empty diff (the fixer changes nothing, no reproduction fails) closes the issue with the explanation; nothing is pushed', async (t) => {
  const w = await queueWorld(t, [], { repro: false });
  const issue = w.queueIssue();
  const result = await w.work();
  assert.equal(result.code, 0, result.stderr);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.equal(entry.outcome, 'empty-diff', entry.reason);
  assert.equal(issue.state, 'closed');
  assert.equal(issue.state_reason, 'completed');
  assert.match(issue.comments.at(-1)!, /closes this issue: the fixer found nothing to change/);
  assert.deepEqual(remoteBranches(w.remote), ['main']);
  assert.equal(w.github.pulls.length, 0);
});

test('self-review after the batch: a remark for a person is commented on the draft PR (needs-human); an unreadable review is review-failed, never clean', async (t) => {
  const remark = { remarks: [{ tag: 'needs_human', file: 'src/clamp.js', line: 3, remark: 'Should clamp also reject lo > hi? Ask the owner.' }, { tag: 'false_positive', remark: 'x is a number here' }] };
  const w = await queueWorld(t, [GOOD], { selfReview: { json: remark } });
  w.queueIssue();
  assert.equal((await w.work()).code, 0);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.equal(entry.outcome, 'pr-opened');
  assert.equal(entry.selfReview!.outcome, 'needs-human');
  assert.equal(entry.selfReview!.commented, true);
  const comments = w.github.issues.find((i) => i.number === entry.pullRequest!.number)!.comments;
  assert.equal(comments.length, 1);
  assert.match(comments[0]!, /Self-review: needs a person/);
  assert.match(comments[0]!, /`needs_human` src\/clamp\.js:3: Should clamp also reject lo \\> hi\? Ask the owner\.$/m, "model text is escaped");

  const garbled = await queueWorld(t, [GOOD], { selfReview: { text: 'Looks good to me!' } });
  garbled.queueIssue();
  assert.equal((await garbled.work()).code, 0);
  const failed = readArtifact(garbled.outDir, 'work-report').issues[0]!;
  assert.equal(failed.selfReview!.outcome, 'review-failed', failed.selfReview!.why);
  assert.match(garbled.github.issues.find((i) => i.number === failed.pullRequest!.number)!.comments[0]!, /Self-review failed/);
});

test('--concurrency 2 works two issues at once: the second fixer call arrives while the first is still answering; both PRs open', async (t) => {
  const w = await queueWorld(t, [GOOD], { firstFixerDelayMs: 10_000 });
  const a = w.queueIssue({ title: 'clamp bug one' });
  const b = w.queueIssue({ title: 'clamp bug two' });
  const result = await w.work('--concurrency', '2');
  assert.equal(result.code, 0, result.stderr);
  assert.equal(w.models.maxInFlight, 2, 'two fixer calls were in flight together');
  const report = readArtifact(w.outDir, 'work-report');
  assert.deepEqual(report.issues.map((i) => i.outcome), ['pr-opened', 'pr-opened']);
  assert.deepEqual(w.github.pulls.map((p) => p.head).sort(), ['bug-hunter/gh-1-clamp-bug-one', 'bug-hunter/gh-2-clamp-bug-two']);
  assert.ok(a.labels.includes('auto-pr-ready') && b.labels.includes('auto-pr-ready'));
});
