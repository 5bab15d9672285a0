// The fix queue never closes a live bug (issue 45, item 4), on a real scan and a real publish (live-world.ts): a fixer
// that proposes no edits closes the issue only when a scan of the finding's file at the base head no longer reports
// its fingerprint; otherwise the issue stays open, labelled auto-failed with what the fixer said, and the next
// publish leaves it alone. Issue bodies pin their permalinks to the commit they were filed at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { APP, liveWorld } from './live-world.ts';
import { queueWorld } from './queue-setup.ts';
import { GOOD } from '../../engines/fix/helpers.ts';

const NOTHING = { edits: [], explanation: 'I see nothing to change here: the directory name looks validated by the router.' };

test('a fixer that proposes no edits while the scan still finds the bug: the issue stays open, auto-failed with what the fixer said, and a second publish changes nothing', async (t) => {
  const w = await liveWorld(t, NOTHING);
  assert.equal((await w.scan()).code, 1, 'the static engine confirms the shell-command bug');
  const filed = await w.publish();
  assert.equal(filed.code, 0, filed.stderr);
  const issue = w.issue();
  assert.ok(issue.labels.includes('auto-ready'));

  const r = await w.work();
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.ok(w.fixerCalls() >= 1, 'the fixer was asked');
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.equal(entry.outcome, 'failed', entry.reason);
  assert.equal(entry.failure, 'spec');
  assert.match(entry.reason, /still reports/);
  assert.equal(issue.state, 'open', 'a live bug is never closed');
  assert.ok(issue.labels.includes('auto-failed'), issue.labels.join(', '));
  assert.ok(!issue.labels.includes('auto-ready') && !issue.labels.includes('auto-pr-ready'), issue.labels.join(', '));
  const said = issue.comments.at(-1)!;
  assert.match(said, /still reports/);
  assert.match(said, /looks validated by the router/, 'the comment carries what the fixer said');
  assert.doesNotMatch(said, /closes this issue/);

  // The morning summary: the outcome and what needs a person, in the terminal and in work-report.md.
  assert.match(r.stdout, /Needs a person:\n\s+#\d+ .*still reports/);
  const markdown = readFileSync(join(w.outDir, 'work-report.md'), 'utf8');
  assert.match(markdown, /## Needs a person\n\n- #\d+ .*still reports/);

  const writes = w.github.writes().length;
  const again = await w.publish();
  assert.equal(again.code, 0, again.stderr);
  assert.equal(w.github.writes().length, writes, `publish left the auto-failed issue alone: ${again.stdout}`);
  assert.equal(issue.state, 'open');
});

test('a fixer that proposes no edits where the base no longer has the bug: the rescan does not find it and the issue is closed as completed', async (t) => {
  const w = await liveWorld(t, NOTHING);
  assert.equal((await w.scan()).code, 1);
  assert.equal((await w.publish()).code, 0);
  const issue = w.issue();
  // Line 2 changes (the finding's evidence, line 6, reads the same): `exec` is no longer child_process's.
  w.commit({ 'src/app.js': APP.replace("const { exec } = require('child_process');", 'const exec = (cmd, done) => done(null, cmd);') }, 'exec is a stub');
  const r = await w.work();
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.equal(entry.outcome, 'empty-diff', entry.reason);
  assert.match(entry.reason, /no longer reports/);
  assert.equal(issue.state, 'closed');
  assert.equal(issue.state_reason, 'completed');
  assert.match(issue.comments.at(-1)!, /no longer reports/);
});

test('a new commit that does not touch the finding leaves its issue body as filed: permalinks pin the commit the issue was filed at', async (t) => {
  const w = await liveWorld(t, NOTHING);
  assert.equal((await w.scan()).code, 1);
  assert.equal((await w.publish()).code, 0);
  const body = w.issue().body;
  assert.match(body, /\/blob\/[0-9a-f]{40}\/src\/app\.js#L6/);
  w.commit({ 'README.md': 'An unrelated change.\n' }, 'readme');
  assert.equal((await w.scan()).code, 1);
  const writes = w.github.writes().length;
  const again = await w.publish();
  assert.equal(again.code, 0, again.stderr);
  assert.equal(w.issue().body, body);
  assert.equal(w.github.writes().length, writes, again.stdout);
});

test('one end label per issue: an issue that failed before and is fixed now carries auto-pr-ready alone', async (t) => {
  const w = await queueWorld(t, [GOOD]);
  const issue = w.queueIssue({ labels: ['bug-hunter', 'priority:medium', 'auto-failed'] });
  const r = await w.work('--issue', String(issue.number));
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.equal(readArtifact(w.outDir, 'work-report').issues[0]!.outcome, 'pr-opened');
  assert.ok(issue.labels.includes('auto-pr-ready'), issue.labels.join(', '));
  assert.ok(!issue.labels.includes('auto-failed'), issue.labels.join(', '));
});
