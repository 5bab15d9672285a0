// publish against a GitHub whose issue list never ends (the stand-in's next link always there): a loop back to a
// page already read, or new pages without end; or one page that never ends. The listing stops (at the loop, after 100
// pages, past the byte cap), publish exits 3 naming why, and nothing is written: no GitHub write, no publish-report.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_ANSWER_BYTES } from '../../../src/engines/publish/client.ts';
import { MAX_PAGES } from '../../../src/engines/publish/paging.ts';
import { outDirOf } from '../report/run-phase.ts';
import { cli, setup } from './publish-world.ts';

const listings = (server: Awaited<ReturnType<typeof setup>>['server']) => server.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/issues'));

test('an issue list whose next link loops back: publish exits 3 naming the loop, and writes nothing', async (t) => {
  const { target, server } = await setup(t);
  server.endlessPages = 'repeat';
  const result = await cli(target, 'publish');
  assert.equal(result.code, 3, result.err);
  assert.match(result.err, /listing of the issues labelled bug-hunter in acme\/widgets loops: page 2 links back to a page already read/);
  assert.deepEqual(server.writes(), []);
  assert.equal(listings(server).length, 2, 'page 1, page 2, and no second read of page 2');
  assert.equal(existsSync(join(outDirOf(target), 'publish-report.json')), false);
});

test(`an issue list without end: publish reads ${MAX_PAGES} pages, exits 3 naming the limit, and writes nothing`, async (t) => {
  const { target, server } = await setup(t);
  server.endlessPages = 'new';
  const result = await cli(target, 'publish');
  assert.equal(result.code, 3, result.err);
  assert.match(result.err, new RegExp(`listing of the issues labelled bug-hunter in acme/widgets goes on past ${MAX_PAGES} pages, the limit`));
  assert.deepEqual(server.writes(), []);
  assert.equal(listings(server).length, MAX_PAGES);
  assert.equal(existsSync(join(outDirOf(target), 'publish-report.json')), false);
});

test(`an issue list page that never ends: publish stops reading past ${MAX_ANSWER_BYTES / 1048576} MiB, exits 3 naming the cap, and writes nothing`, async (t) => {
  const { target, server } = await setup(t);
  server.endlessBody = true;
  const result = await cli(target, 'publish');
  assert.equal(result.code, 3, result.err);
  assert.match(result.err, new RegExp(`GitHub \\(http://127\\.0\\.0\\.1:\\d+\\) sent an answer over ${MAX_ANSWER_BYTES / 1048576} MiB`));
  assert.deepEqual(server.writes(), []);
  assert.equal(existsSync(join(outDirOf(target), 'publish-report.json')), false);
});
