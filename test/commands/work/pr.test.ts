// The fix branch name and the draft pull request body.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { issueBranch, issueSlug } from '../../../src/commands/work/branch.ts';
import { pullRequestBody } from '../../../src/commands/work/pr-body.ts';
import type { WorkGate } from '../../../src/commands/work/gates.ts';

test('the branch is bug-hunter/gh-<N>-<slug>, a ref git accepts whatever the title holds', () => {
  assert.equal(issueBranch(42, '[high] SQL injection in /users/search (src/users.ts)'), 'bug-hunter/gh-42-high-sql-injection-in-users-search-src', 'whole words, at most 40 characters');
  assert.equal(issueSlug('Crème brûlée: ../../main ~^:?*[\\ @{'), 'creme-brulee-main');
  assert.equal(issueSlug('!!!'), 'fix');
  assert.equal(issueSlug('a'.repeat(80)), 'a'.repeat(40));
  for (const title of ['..', 'x.lock', '@{-1}', 'refs/heads/main', '-rf']) {
    execFileSync('git', ['check-ref-format', issueBranch(7, title)]);
  }
  assert.throws(() => issueBranch(0, 'x'), RangeError);
});

test('the pull request body closes the issue and shows the proof, every gate and the escaped review', () => {
  const gates: WorkGate[] = [
    { gate: 'files', passed: true, figure: 2, limit: 15, detail: '' },
    { gate: 'gross-deletions', passed: true, figure: 60, limit: 40, detail: '', waived: 'the issue asks for removals' },
    { gate: 'dependencies', passed: true, figure: 0, limit: 0, detail: '' },
  ];
  const body = pullRequestBody({
    issue: 12,
    proof: { before: { outcome: 'failed', detail: 'TypeError: x is undefined' }, after: { outcome: 'passed', detail: 'repro test passes' }, suite: { command: 'pnpm test', passed: 141, total: 141 } },
    gates,
    reviewBrief: 'code-reviewer: fine. cc @octocat, see #3\n# not a heading',
    attempt: 1,
    maxAttempts: 3,
  });
  assert.match(body, /^Closes #12\n/);
  assert.match(body, /\| Before the fix \| ❌ failed — TypeError: x is undefined \|/);
  assert.match(body, /\| Other tests \| 141 of 141 pass \(`pnpm test`\) \|/);
  assert.match(body, /\| gross-deletions \| 60 \| 40 \| waived: the issue asks for removals \|/);
  assert.doesNotMatch(body, /@octocat|#3\b|^# not a heading/m);
});
