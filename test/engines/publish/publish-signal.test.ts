// publish stopped from outside while GitHub does not answer: SIGTERM ends it promptly with exit 3 (a GitHub call
// that did not complete), whatever the request it waits on; nothing it started is left.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { descendantsNow, endsWithin, startCli, stillThere, waitFor } from '../../helpers/cli-process.ts';
import { setup, TOKEN } from './publish-world.ts';

test('SIGTERM while a GitHub request hangs: publish exits 3 within the grace period, no child left', async (t) => {
  const { target, server } = await setup(t);
  server.failNext({ method: 'GET', path: /\/issues$/, status: 0, message: '', hang: true });
  const cli = startCli(['publish', target], { env: { GITHUB_TOKEN: TOKEN, GITHUB_API_URL: server.url, BUG_HUNTER_GITHUB_WRITE_PACE_MS: '0' } });
  assert.ok(await waitFor(() => server.requests.some((r) => r.method === 'GET' && r.path.endsWith('/issues')), 60_000), cli.stderr());
  const before = descendantsNow(cli.child.pid!);
  const sentAt = Date.now();
  cli.child.kill('SIGTERM');
  const ended = await endsWithin(cli, 20_000);
  t.diagnostic(`publish: exit ${ended.code} ${ended.endedAt - sentAt} ms after SIGTERM`);
  assert.ok(ended.inTime, `publish still running 20 s after SIGTERM: ${ended.stderr}`);
  assert.equal(ended.signal, null);
  assert.equal(ended.code, 3, ended.stderr);
  assert.match(ended.stderr, /Terminated/);
  assert.deepEqual(stillThere(before), []);
});
