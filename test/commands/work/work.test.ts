// `bug-hunter work` end to end: the real CLI in-process, the real Octokit against the GitHub stand-in, a real bare
// repository as origin, the real fixer proven in bubblewrap, and the fixer's answers from a scripted stand-in
// behind the fake model server (through the real OpenAI SDK).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { pullRequestBody } from '../../../src/commands/work/pr-body.ts';
import { GOOD, git } from '../../engines/fix/helpers.ts';
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
  // The fix plan scopes a finding to the files its evidence cites (src/engines/fix/classify.ts: at most 3), so a 20-file
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
