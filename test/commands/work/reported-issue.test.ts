// The fix queue and an issue a person filed (no bug-hunter fingerprint): with a tester model it is reproduced first,
// like `bug-hunter repro --issue N`, and only a reproduced issue is fixed. The queue's world (real git repository
// with a bare origin, the GitHub stand-in, bubblewrap); the tester's answers are queued on the fake model server and
// the fixer's come from the world's scripted stand-in, both through the real OpenAI SDK.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { GOOD } from '../../engines/fix/helpers.ts';
import { queueWorld, remoteBranches } from './queue-setup.ts';

const HEADER = "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { clamp } from '../src/clamp.js';\n";
const REPORTED = { title: 'clamp is wrong above the range', body: '`clamp(11, 0, 10)` returns 0. A value above the range should come back as the upper bound, 10.', labels: ['nightshift', 'auto-ready'] };
const tester = (path: string, body: string) => ({ json: { path, content: `${HEADER}${body}\n`, signature: { kind: 'marker', errorType: '', messageFragment: '' } } });

async function worldWithTester(t: TestContext) {
  const w = await queueWorld(t, [GOOD]);
  const config = JSON.parse(readFileSync(w.configPath, 'utf8')) as { roles: Record<string, unknown> };
  config.roles.tester = { provider: 'scripted', model: 'scripted-tester' };
  writeFileSync(w.configPath, JSON.stringify(config));
  return w;
}

test('an issue without a fingerprint is reproduced first, then fixed red to green and opened as a draft pull request', async (t) => {
  const w = await worldWithTester(t);
  const issue = w.github.addIssue(REPORTED);
  w.models.enqueue(tester('test/clamp-above.repro.test.js', "test('above the range clamps to hi', () => { assert.equal(clamp(11, 0, 10), 10, `${process.env.BUG_HUNTER_MARKER}: above the range`); });"));
  const r = await w.work();
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const entry = readArtifact(w.outDir, 'work-report').issues.find((i) => i.issue === issue.number)!;
  assert.equal(entry.outcome, 'pr-opened', entry.reason);

  // The proof came from the reproduction: its record, its finding (origin report) and its repro/<id>/.
  const repro = readArtifact(join(w.outDir, 'incidents', `issue-${issue.number}`), 'repro-report');
  assert.equal(repro.verdict, 'reproduced', repro.reason);
  assert.equal(repro.source.issue, issue.number);
  assert.equal(repro.finding?.origin, 'report');
  assert.equal(entry.findingId, repro.finding?.id);
  assert.equal(entry.fingerprint, repro.finding?.fingerprint);
  assert.equal(entry.proof!.before.outcome, 'failed');
  assert.equal(entry.proof!.after.outcome, 'passed');
  assert.ok(remoteBranches(w.remote).some((b) => b.startsWith('bug-hunter/gh-')));
  assert.match(JSON.stringify(w.models.requests[0]!.body), /<context file=\\"bug-report\\">[\s\S]*clamp is wrong above the range/, 'the tester saw the issue fenced');
  assert.equal(w.fixerCalls(), 1);
});

test('an issue without a fingerprint that is not reproduced stops at the finding with what was tried, and the fixer is never asked', async (t) => {
  const w = await worldWithTester(t);
  const issue = w.github.addIssue(REPORTED);
  const passing = "test('inside the range', () => { assert.equal(clamp(5, 0, 10), 5, process.env.BUG_HUNTER_MARKER); });";
  w.models.enqueue(tester('test/a.repro.test.js', passing), tester('test/b.repro.test.js', passing), tester('test/c.repro.test.js', passing));
  const r = await w.work();
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const entry = readArtifact(w.outDir, 'work-report').issues.find((i) => i.issue === issue.number)!;
  assert.equal(entry.outcome, 'failed');
  assert.equal(entry.failure, 'spec');
  assert.match(entry.reason, /no bug-hunter fingerprint, so it was reproduced first and was not: not reproduced[\s\S]*attempt 3: not reproduced: the test passed on the original code/);
  assert.equal(readArtifact(join(w.outDir, 'incidents', `issue-${issue.number}`), 'repro-report').attempts.length, 3);
  assert.equal(w.fixerCalls(), 0);
  assert.ok(issue.labels.includes('auto-failed'));
  assert.match(issue.comments.at(-1)!, /stopped at the \*\*finding\*\* phase/);
});
