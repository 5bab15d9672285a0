// cappedFetch against a real server on 127.0.0.1: a body within the cap arrives whole; one past it (declared or
// not) fails with the caller's error. (test/engines/models/oversized.test.ts checks the connection is closed.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cappedFetch } from '../../../src/engines/net/capped-fetch.ts';

class TooBig extends Error {}

async function server(t: { after: (fn: () => unknown) => void }, body: Buffer, declare: boolean) {
  const srv = createServer((_req, res) => {
    res.writeHead(200, declare ? { 'content-length': String(body.length) } : {});
    res.end(body);
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  t.after(() => {
    srv.closeAllConnections();
    srv.close();
  });
  return `http://127.0.0.1:${(srv.address() as AddressInfo).port}/`;
}

test('a body within the cap arrives whole', async (t) => {
  const url = await server(t, Buffer.from('{"ok":true}'), false);
  const response = await cappedFetch(11, (max) => new TooBig(`over ${max}`))(url);
  assert.deepEqual(await response.json(), { ok: true });
});

for (const declare of [true, false]) {
  test(`a body past the cap fails with the caller's error (${declare ? 'declared length' : 'chunked'})`, async (t) => {
    const url = await server(t, Buffer.alloc(8 * 1024 * 1024, 'y'), declare);
    const response = await cappedFetch(1024, (max) => new TooBig(`over ${max} bytes`))(url);
    await assert.rejects(response.text(), (e: unknown) => e instanceof TooBig && e.message === 'over 1024 bytes');
  });
}
