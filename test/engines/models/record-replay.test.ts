// Record mode stores each call under <out>/transcripts/<role>-<promptHash>.json; replay answers from there
// with identical results (values, usage, model, failures) and fails loudly on a miss or a tampered file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ProviderError } from '../../../src/foundations/errors.ts';
import { validate } from '../../../src/artifacts/validate.ts';
import { createModelClient } from '../../../src/engines/models/client.ts';
import { Transcript } from '../../../src/engines/models/transcript-schema.ts';
import { configFor, httpDriver, request } from './fixtures/harness.ts';

const settle = (p: Promise<unknown>) => p.then((value) => ({ value }), (error: unknown) => ({ error: error instanceof ProviderError ? { kind: error.kind, message: error.message } : String(error) }));

test('record then replay gives identical results, and replay never touches the provider', async (t) => {
  const live = await httpDriver('anthropic');
  t.after(() => live.close());
  const requests = [
    request('first chunk'),
    request('second chunk', { role: 'referee' }),
    request('needs repair'),
    request('always wrong'),
  ];
  live.script(
    { json: { files: ['src/a.ts'], summary: 'one' } },
    { json: { files: ['src/b.ts'], summary: 'two', note: 'n' } },
    { json: { files: 3, summary: 'bad' } },
    { json: { files: ['src/a.ts'], summary: 'repaired' } },
    { text: 'prose' },
    { text: 'more prose' },
  );
  const recorder = live.client({ record: true });
  const recorded = [];
  for (const r of requests) recorded.push(await settle(recorder.complete(r)));
  assert.equal((recorded[3] as { error: { kind: string } }).error.kind, 'invalid-output');

  const files = readdirSync(join(live.dir, 'transcripts'));
  assert.equal(files.length, 4);
  for (const f of files) {
    assert.match(f, /^(hunter|referee)-[0-9a-f]{64}\.json$/);
    assert.ok(validate(Transcript, JSON.parse(readFileSync(join(live.dir, 'transcripts', f), 'utf8'))).ok, f);
  }

  const seenBefore = live.server.requests.length;
  const replayConfig = configFor({ providers: { r: { type: 'replay' } }, roles: { default: { provider: 'r' } } }, live.dir);
  const replayer = createModelClient(replayConfig, { outDir: live.dir });
  const replayed = [];
  for (const r of requests) replayed.push(await settle(replayer.complete(r)));
  assert.equal(live.server.requests.length, seenBefore, 'replay made no HTTP request');
  // latencyMs is recorded too, so even timings match.
  assert.deepEqual(replayed, recorded);
});

test('a replay miss and a tampered transcript fail loudly', async (t) => {
  const live = await httpDriver('openai');
  t.after(() => live.close());
  live.script({ json: { files: ['src/a.ts'], summary: 'one' } });
  await live.client({ record: true }).complete(request('recorded'));
  const replayer = createModelClient(configFor({ providers: { r: { type: 'replay' } }, roles: { default: { provider: 'r' } } }, live.dir), { outDir: live.dir });

  const miss = await replayer.complete(request('never recorded')).then(() => null, (e: unknown) => e);
  assert.ok(miss instanceof ProviderError);
  assert.match(miss.message, /Replay miss: no transcript for role 'hunter'/);

  const [file] = readdirSync(join(live.dir, 'transcripts'));
  const path = join(live.dir, 'transcripts', file as string);
  const transcript = JSON.parse(readFileSync(path, 'utf8')) as { outcome: { value: { files: string[] } } };
  transcript.outcome.value.files = ['../../etc/shadow'];
  writeFileSync(path, JSON.stringify(transcript));
  const tampered = await replayer.complete(request('recorded')).then(() => null, (e: unknown) => e);
  assert.ok(tampered instanceof ProviderError && tampered.kind === 'invalid-output', String(tampered));
  assert.match(tampered.message, /not in this chunk/);
});
