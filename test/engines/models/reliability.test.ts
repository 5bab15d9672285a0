// Retries, timeouts, cancellation and concurrency limits of the HTTP backends, through the real SDKs
// against the fake server: 429 with retry-after, 5xx, resets, hangs, auth failures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { ProviderError } from '../../../src/foundations/errors.ts';
import { createModelClient } from '../../../src/engines/models/client.ts';
import { CallCancelledError } from '../../../src/engines/models/call.ts';
import { configFor, request, tempDir, TEST_KEY, TEST_KEY_ENV } from './fixtures/harness.ts';
import { startFakeServer, type FakeServer } from './fixtures/fake-server.ts';

const OK = { json: { files: ['src/a.ts'], summary: 'ok' } };
const server: FakeServer = await startFakeServer();
const dir = tempDir();
server.fallback = () => OK;
test.after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

type HttpType = 'anthropic' | 'openai' | 'openai-compatible';
function client(type: HttpType, extra: Record<string, unknown> = {}, provider: Record<string, unknown> = {}) {
  const config = configFor(
    {
      providers: { p: { type, baseURL: type === 'anthropic' ? server.anthropicURL : server.openaiURL, apiKeyEnv: TEST_KEY_ENV, ...provider } },
      roles: { default: { provider: 'p', model: 'm-1' } },
      ...extra,
    },
    dir,
  );
  return createModelClient(config, { env: { [TEST_KEY_ENV]: TEST_KEY } });
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(() => assert.fail('expected failure'), (e: unknown) => e);
  assert.ok(error instanceof ProviderError, String(error));
  return error;
}

for (const type of ['anthropic', 'openai', 'openai-compatible'] as const) {
  test(`${type}: 429 with retry-after-ms is honoured, then the retry succeeds`, async () => {
    server.requests.length = 0;
    server.enqueue({ status: 429, headers: { 'retry-after-ms': '300' } }, OK);
    const started = Date.now();
    const result = await client(type).complete(request());
    assert.equal(result.attempts, 2);
    assert.ok(Date.now() - started >= 280, `waited only ${Date.now() - started} ms`);
    assert.equal(server.requests.length, 2);
  });

  test(`${type}: 500 and a connection reset are retried`, async () => {
    server.enqueue({ status: 500 }, { reset: true }, OK);
    const result = await client(type).complete(request());
    assert.equal(result.attempts, 3);
  });

  test(`${type}: the SDK's own retries are off (one attempt allowed → one request)`, async () => {
    server.requests.length = 0;
    server.enqueue({ status: 503 });
    const error = await failure(client(type, { retries: { maxAttempts: 1, baseDelayMs: 5, maxDelayMs: 100 } }).complete(request()));
    assert.equal(error.kind, 'server');
    assert.equal(server.requests.length, 1);
  });

  test(`${type}: a hang past the timeout is cut and retried`, async () => {
    server.enqueue({ hang: true }, OK);
    const started = Date.now();
    // The limit also bounds the second, answered attempt: 1.5 s lets a loaded machine answer in time (at 300 ms a
    // slow answer was cut too and counted a third attempt), and the hang is still cut long before the 10 s bound.
    const result = await client(type, { timeouts: { callMs: 1_500 } }).complete(request());
    assert.equal(result.attempts, 2);
    assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
  });

  test(`${type}: 401 is an auth failure, not retried`, async () => {
    server.requests.length = 0;
    server.enqueue({ status: 401, message: 'invalid x-api-key' });
    const error = await failure(client(type).complete(request()));
    assert.equal(error.kind, 'auth');
    assert.equal(server.requests.length, 1);
  });
}

test('anthropic: retry-after in seconds is honoured', async () => {
  server.enqueue({ status: 429, headers: { 'retry-after': '1' } }, OK);
  const started = Date.now();
  await client('anthropic').complete(request());
  assert.ok(Date.now() - started >= 950, `waited only ${Date.now() - started} ms`);
});

test('a retry-after longer than maxDelayMs gives up at once with rate-limit', async () => {
  server.requests.length = 0;
  server.enqueue({ status: 429, headers: { 'retry-after': '3600' } });
  const error = await failure(client('openai').complete(request()));
  assert.equal(error.kind, 'rate-limit');
  assert.equal(error.retryAfterMs, 3_600_000);
  assert.equal(server.requests.length, 1);
});

test('a call that keeps hanging fails with timeout after maxAttempts', async () => {
  server.requests.length = 0;
  server.enqueue({ hang: true }, { hang: true }, { hang: true });
  // 1 s per attempt: each request must reach the server before its attempt is cut, or it is not counted below; a
  // loaded machine can stall the event loop past 200 ms between sending a request and the server reading it.
  const error = await failure(client('openai-compatible', { timeouts: { callMs: 1_000 } }).complete(request()));
  assert.equal(error.kind, 'timeout');
  assert.match(error.message, /gave up after 3 attempts/);
  assert.equal(server.requests.length, 3);
});

test('cancelling via AbortSignal stops the call in flight and closes the connection', async () => {
  const abortedBefore = server.aborted;
  server.enqueue({ hang: true });
  const controller = new AbortController();
  setTimeout(() => controller.abort(new Error('interrupted')), 150);
  const started = Date.now();
  const error = await failure(client('anthropic').complete(request('cancel me', { signal: controller.signal })));
  assert.ok(error instanceof CallCancelledError, error.message);
  assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
  // The server hears of the close asynchronously (later under load): polled, up to 5 s.
  for (let waited = 0; server.aborted === abortedBefore && waited < 5_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  assert.ok(server.aborted > abortedBefore, 'server saw the connection close');
});

test('cancelling during a backoff wait stops at once', async () => {
  // A 20 s backoff cut at 200 ms: ending well before 20 s shows the wait was cancelled, with room for a loaded machine.
  server.requests.length = 0;
  server.enqueue({ status: 429, headers: { 'retry-after-ms': '20000' } });
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 200);
  const started = Date.now();
  const error = await failure(client('openai', { retries: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 30_000 } }).complete(request('cancel in backoff', { signal: controller.signal })));
  assert.ok(error instanceof CallCancelledError);
  assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
  assert.equal(server.requests.length, 1, 'no retry after the cancel');
});

test('the per-provider concurrency limit holds', async () => {
  server.maxInFlight = 0;
  server.latencyMs = 60;
  try {
    const c = client('openai-compatible', {}, { concurrency: 2 });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => c.complete(request(`parallel ${i}`))));
    assert.equal(results.length, 8);
    assert.equal(server.maxInFlight, 2);
  } finally {
    server.latencyMs = 0;
  }
});

test('openai sends a strict json_schema; optional fields come back absent, not null', async () => {
  server.requests.length = 0;
  server.enqueue({ json: { files: ['src/a.ts'], summary: 's', note: null } });
  const result = await client('openai').complete(request());
  assert.deepEqual(result.value, { files: ['src/a.ts'], summary: 's' });
  const format = server.requests[0]?.body.response_format as { type: string; json_schema: { strict: boolean; schema: { required: string[] } } };
  assert.equal(format.type, 'json_schema');
  assert.equal(format.json_schema.strict, true);
  assert.deepEqual(format.json_schema.schema.required, ['files', 'summary', 'note']);
});

test('openai-compatible steps down from json_schema to JSON mode to schema-in-prompt when refused, and remembers', async () => {
  server.requests.length = 0;
  server.rejectFormats = new Set(['json_schema']);
  try {
    const c = client('openai-compatible');
    await c.complete(request('first'));
    assert.deepEqual(server.requests.map((r) => (r.body.response_format as { type?: string } | undefined)?.type), ['json_schema', 'json_object']);
    await c.complete(request('second'));
    assert.equal((server.requests[2]?.body.response_format as { type?: string } | undefined)?.type, 'json_object', 'later calls skip the refused mode');
    server.rejectFormats = new Set(['json_schema', 'json_object']);
    server.requests.length = 0;
    await client('openai-compatible').complete(request('third'));
    assert.equal(server.requests.length, 3);
    const last = server.requests[2]?.body as { response_format?: unknown; messages: Array<{ content: string }> };
    assert.equal(last.response_format, undefined);
    assert.match(last.messages[0]?.content ?? '', /must validate against this JSON Schema/);
  } finally {
    server.rejectFormats = new Set();
  }
});

test('roles map to models independently', async () => {
  server.requests.length = 0;
  const config = configFor(
    {
      providers: { p: { type: 'openai-compatible', baseURL: server.openaiURL } },
      roles: { default: { provider: 'p', model: 'strong-model' }, hunter: { provider: 'p', model: 'cheap-model' } },
    },
    dir,
  );
  const c = createModelClient(config, { env: {} });
  await c.complete(request('hunt'));
  await c.complete(request('judge', { role: 'referee' }));
  assert.deepEqual(server.requests.map((r) => r.body.model), ['cheap-model', 'strong-model']);
});
