// Model calls through the evidence cache, against the fake provider server: the same call a second time is answered
// from the cache (no HTTP request, no tokens), counted as a cache hit in usage.json; any change to the call misses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Budget } from '../../../src/engines/budget/budget.ts';
import { cacheFiles } from '../../../src/engines/cache/inventory.ts';
import { openCacheDir } from '../../../src/engines/cache/store.ts';
import { httpDriver, request } from '../models/fixtures/harness.ts';
import { tempDir } from '../../helpers/temp.ts';

const quiet = { warn: () => undefined };

for (const type of ['openai', 'anthropic'] as const) {
  test(`${type}: a repeated call is replayed from the cache: no request, no tokens, a cache hit in usage.json`, async (t) => {
    const live = await httpDriver(type);
    t.after(() => live.close());
    const cacheDir = tempDir(t);
    live.script({ json: { files: ['src/a.ts'], summary: 'one' } });
    const budget = Budget.open({ outDir: live.dir, runId: 'run-1', limits: { warnAt: 0.8 } });
    const cache = openCacheDir(cacheDir, quiet);
    const client = live.client({ budget, cache });

    const fresh = await client.complete(request());
    assert.ok(fresh.usage.inputTokens > 0);
    const sent = live.server.requests.length;
    const again = await client.complete(request());
    assert.equal(live.server.requests.length, sent, 'no HTTP request for the replayed call');
    assert.deepEqual(again.value, fresh.value);
    assert.deepEqual(again.usage, { inputTokens: 0, outputTokens: 0 });
    assert.equal(again.model, fresh.model);
    assert.deepEqual(cache.counters().model, { hits: 1, misses: 1, corrupt: 0, writes: 1 });

    await budget.flush();
    const usage = JSON.parse(readFileSync(join(live.dir, 'usage.json'), 'utf8'));
    const run = usage.runs.find((r: { runId: string }) => r.runId === 'run-1');
    assert.equal(run.cacheHits, 1);
    assert.equal(run.totals.calls, 1, 'only the real call is charged');
    assert.equal(run.totals.inputTokens, fresh.usage.inputTokens);
  });
}

test('a different prompt, system prompt (prompt version), role or schema is a miss and asks the model', async (t) => {
  const live = await httpDriver('openai');
  t.after(() => live.close());
  const cache = openCacheDir(tempDir(t), quiet);
  const client = live.client({ cache });
  live.script(...Array.from({ length: 5 }, () => ({ json: { files: ['src/a.ts'], summary: 'x' } })));
  await client.complete(request());
  await client.complete(request('Find bugs in src/b.ts.'));
  await client.complete(request(undefined, { system: 'You are a careful reviewer. (v2)' }));
  await client.complete(request(undefined, { role: 'referee' }));
  await client.complete(request(undefined, { schemaName: 'other_answer' }));
  assert.equal(live.server.requests.length, 5);
  assert.deepEqual(cache.counters().model, { hits: 0, misses: 5, corrupt: 0, writes: 5 });
});

test('a cached answer that fails its schema now is not used: the model is asked again', async (t) => {
  const live = await httpDriver('openai');
  t.after(() => live.close());
  const cacheDir = tempDir(t);
  live.script({ json: { files: ['src/a.ts'], summary: 'one' } }, { json: { files: ['src/b.ts'], summary: 'two' } });
  await live.client({ cache: openCacheDir(cacheDir, quiet) }).complete(request());
  const [entry] = cacheFiles(cacheDir).entries;
  const stored = JSON.parse(readFileSync(entry!.path, 'utf8'));
  stored.value.value = { files: 'not a list', summary: 'tampered' };
  writeFileSync(entry!.path, JSON.stringify(stored));
  const answer = await live.client({ cache: openCacheDir(cacheDir, quiet) }).complete(request());
  assert.deepEqual(answer.value, { files: ['src/b.ts'], summary: 'two' });
  assert.equal(live.server.requests.length, 2);
});
