// Pure pieces of the model layer: judging answers, the strict-schema transform, backoff, error mapping.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { ProviderError } from '../../../src/foundations/errors.ts';
import { extractJson, judgeOutput } from '../../../src/engines/models/output.ts';
import { dropNullOptionals, toStrictSchema } from '../../../src/engines/models/strict-schema.ts';
import { backoffDelay } from '../../../src/engines/models/retry.ts';
import { classifyError, retryAfterMs } from '../../../src/engines/models/http-errors.ts';
import { createRedactor } from '../../../src/engines/models/redact.ts';
import { Finding } from '../../../src/artifacts/schemas/common.ts';

test('extractJson takes the whole text, a ```json fence, or the outermost object', () => {
  assert.deepEqual(extractJson('{"a":1}'), { ok: true, value: { a: 1 } });
  assert.deepEqual(extractJson('Sure:\n```json\n{"a":2}\n```\nDone.'), { ok: true, value: { a: 2 } });
  assert.deepEqual(extractJson('The answer is {"a":3} as asked'), { ok: true, value: { a: 3 } });
  assert.equal(extractJson('no json here').ok, false);
  assert.equal(extractJson('').ok, false);
});

test('judgeOutput rejects oversized, non-JSON, schema-violating and check-failing answers with reasons', () => {
  const schema = Type.Object({ n: Type.Integer() }, { additionalProperties: false });
  assert.deepEqual(judgeOutput({ text: '{"n":1}' }, schema, 100), { ok: true, value: { n: 1 } });
  assert.match(String((judgeOutput({ text: `{"n":${'1'.repeat(200)}}` }, schema, 100) as { problems: string[] }).problems), /over the cap of 100/);
  assert.match(String((judgeOutput({ text: 'nope' }, schema, 100) as { problems: string[] }).problems), /not JSON/);
  assert.match(String((judgeOutput({ text: '{"n":"x"}' }, schema, 100) as { problems: string[] }).problems), /\/n: must be integer/);
  const checked = judgeOutput<{ n: number }>({ text: '{"n":5}' }, schema, 100, (v) => (v.n > 3 ? ['n too big'] : []));
  assert.deepEqual(checked, { ok: false, problems: ['n too big'] });
  const thrown = judgeOutput({ text: '{"n":5}' }, schema, 100, () => {
    throw new Error('boom');
  });
  assert.match(String((thrown as { problems: string[] }).problems), /failed the caller's check \(boom\)/);
});

test('toStrictSchema makes every property required (optional → nullable) and closes objects', () => {
  const strict = toStrictSchema(Finding) as { required: string[]; additionalProperties: boolean; properties: Record<string, { anyOf?: unknown[] }> };
  assert.ok(strict);
  assert.equal(strict.additionalProperties, false);
  assert.ok(strict.required.includes('symbol') && strict.required.includes('cwe'));
  assert.deepEqual(strict.properties.symbol?.anyOf?.[1], { type: 'null' });
  assert.equal(JSON.stringify(strict).includes('minLength'), false, 'unsupported keywords are dropped');
  assert.equal(toStrictSchema(Type.Object({ m: Type.Record(Type.String(), Type.Number()) })), null, 'open maps cannot be strict');
  const value = dropNullOptionals(Finding, { id: 'BH-1', symbol: null, evidence: [{ file: 'a', quote: 'q' }] });
  assert.deepEqual(value, { id: 'BH-1', evidence: [{ file: 'a', quote: 'q' }] });
});

test('backoffDelay: exponential with jitter, honours retry-after, gives up on non-retryable or last attempt', () => {
  const policy = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1_000 };
  const server = new ProviderError('x', 'server', true);
  assert.equal(backoffDelay(1, policy, server, () => 0), 50);
  assert.equal(backoffDelay(1, policy, server, () => 1), 100);
  assert.equal(backoffDelay(3, policy, server, () => 1), 400);
  assert.equal(backoffDelay(4, policy, server, () => 1), null);
  assert.equal(backoffDelay(1, policy, new ProviderError('x', 'auth', false)), null);
  assert.equal(backoffDelay(1, policy, new ProviderError('x', 'rate-limit', true, { status: 429, retryAfterMs: 700 }), () => 0), 700);
  assert.equal(backoffDelay(1, policy, new ProviderError('x', 'rate-limit', true, { status: 429, retryAfterMs: 5_000 })), null);
});

test('classifyError maps statuses and network failures; retry-after formats are read', () => {
  const redact = createRedactor(['sk-secret-value']);
  const h = (o: Record<string, string>) => new Headers(o);
  assert.equal(retryAfterMs(h({ 'retry-after-ms': '250' })), 250);
  assert.equal(retryAfterMs(h({ 'retry-after': '2' })), 2_000);
  assert.equal(retryAfterMs(h({ 'retry-after': new Date(10_000).toUTCString() }), 4_000), 6_000);
  const rl = classifyError({ status: 429, headers: h({ 'retry-after': '1' }), message: 'slow down' }, 'p', redact);
  assert.deepEqual([rl.kind, rl.retryable, rl.retryAfterMs], ['rate-limit', true, 1_000]);
  assert.equal(classifyError({ status: 529, message: 'overloaded' }, 'p', redact).kind, 'server');
  assert.equal(classifyError({ status: 400, message: 'bad' }, 'p', redact).retryable, false);
  assert.equal(classifyError({ name: 'APIConnectionTimeoutError', message: 't' }, 'p', redact).kind, 'timeout');
  assert.equal(classifyError({ message: 'fetch failed', cause: { code: 'ECONNRESET' } }, 'p', redact).kind, 'network');
  const auth = classifyError({ status: 401, message: 'bad key sk-secret-value' }, 'p', redact);
  assert.equal(auth.kind, 'auth');
  assert.equal(auth.message.includes('sk-secret-value'), false);
});
