// The registry's bulk advisory answer is read with its 32 MiB cap: a registry on 127.0.0.1 that streams an answer
// without end gets the connection closed once past the cap, and the fetch fails with the reason, never cached.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync } from 'node:fs';
import { fetchRegistryAdvisories } from '../../../src/engines/deps/advisories/registry.ts';
import { streamEndless, type EndlessLog } from '../../helpers/endless-body.ts';
import { tempDir } from '../../helpers/temp.ts';

// Far past the cap; the server stops there in any case, so a client without a cap cannot take the machine down.
const CEILING = 256 * 1024 * 1024;

test('an endless registry answer is cut off past 32 MiB: the connection is closed and the reason says so', async (t) => {
  let sent: EndlessLog | undefined;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      sent = streamEndless(res, { ceilingBytes: CEILING, prefix: '{"lodash":[', suffix: ']}', fill: ' ' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  const cache = tempDir(t);
  const result = await fetchRegistryAdvisories(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { lodash: ['4.17.15'] }, cache);
  assert.equal(result.ok, false);
  assert.match(result.ok ? '' : result.reason, /advisories\/bulk answered more than 32 MiB$/);
  const done = () => sent !== undefined && (sent.closedByClient || sent.sent >= CEILING);
  for (const deadline = Date.now() + 20_000; !done() && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
  assert.equal(sent?.closedByClient, true, `the client read on to the ceiling (${sent?.sent} bytes)`);
  assert.ok(sent.sent < CEILING / 2, `the server sent ${sent.sent} bytes before the close`);
  assert.equal(existsSync(cache) ? readdirSync(cache).length : 0, 0, 'a failed answer is not cached');
});
