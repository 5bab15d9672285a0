// Wave promotion on GitHub: the real Octokit against the stand-in on 127.0.0.1 labels exactly the unblocked
// issues auto-ready (with a comment), reports the cycle, and with dryRun writes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../../../src/engines/publish/client.ts';
import { promoteOnGitHub } from '../../../src/commands/work/github-queue.ts';
import { startGitHubStandIn, type GitHubStandIn } from '../../helpers/github-stand-in.ts';

const TOKEN = 'ghp_queueStandInToken0123456789';
const REPO = { owner: 'acme', name: 'widgets' };

async function standIn(t: import('node:test').TestContext): Promise<GitHubStandIn> {
  const server = await startGitHubStandIn({ token: TOKEN, maxPerPage: 2 });
  t.after(() => server.close());
  server.addIssue({ title: 'base', labels: ['bug'], state: 'closed', state_reason: 'completed' });
  server.addIssue({ title: 'fixed by a draft PR', labels: ['nightshift', 'auto-pr-ready'] });
  server.addIssue({ title: 'unblocked', labels: ['nightshift'], body: 'Depends on #1 and #2' });
  server.addIssue({ title: 'second wave', labels: ['nightshift'], body: 'Depends on #3' });
  server.addIssue({ title: 'cycle a', labels: ['nightshift'], body: 'Depends on #6' });
  server.addIssue({ title: 'cycle b', labels: ['nightshift'], body: 'Depends on #5' });
  server.addIssue({ title: 'outside the queue, closed', labels: ['docs'], state: 'closed', state_reason: 'completed' });
  server.addIssue({ title: 'depends on one outside', labels: ['nightshift'], body: 'Depends on #7' });
  server.addIssue({ title: 'depends on a missing one', labels: ['nightshift'], body: 'Depends on #404' });
  return server;
}

const client = (server: GitHubStandIn) => createClient({ token: TOKEN, settings: { apiUrl: server.url, serverUrl: 'https://github.com', writePaceMs: 0 }, notice: () => undefined });

test('exactly the unblocked issues get auto-ready and a comment; the cycle and the unseen dependency are reported', async (t) => {
  const server = await standIn(t);
  const promotion = await promoteOnGitHub(client(server), REPO, { dryRun: false });
  assert.deepEqual(promotion.promote, [3, 8]);
  assert.deepEqual(promotion.waiting, [{ number: 4, on: [3] }]);
  assert.deepEqual(promotion.cycles, [5, 6]);
  assert.deepEqual(promotion.unknown, [{ number: 9, missing: [404] }]);
  const ready = server.issues.filter((i) => i.labels.includes('auto-ready')).map((i) => i.number);
  assert.deepEqual(ready, [3, 8]);
  assert.match(server.issues[2]!.comments[0]!, /Every dependency is done \(#1, #2\)/);
  // #7 is outside the nightshift listing: its state was fetched on its own.
  assert.ok(server.requests.some((r) => r.method === 'GET' && r.path.endsWith('/issues/7')));
  assert.ok(server.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/issues')).length >= 3, 'the listing followed its pages');
});

test('a dry run computes the same promotion and writes nothing', async (t) => {
  const server = await standIn(t);
  const promotion = await promoteOnGitHub(client(server), REPO, { dryRun: true });
  assert.deepEqual(promotion.promote, [3, 8]);
  assert.deepEqual(server.writes(), []);
});
