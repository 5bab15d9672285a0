import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import pLimit from 'p-limit';
import { callWithRetries, type CallContext } from '../../../src/engines/models/call.ts';
import type { Backend } from '../../../src/engines/models/types.ts';

// A backend whose one-time setup (an SDK import on a loaded machine) takes longer than the per-call timeout,
// while the provider itself answers at once.
function slowToLoad(loadMs: number): Backend & { sends: number; prepares: number } {
  const backend = {
    type: 'slow-import',
    sends: 0,
    prepares: 0,
    async prepare() {
      backend.prepares += 1;
      await new Promise((resolve) => setTimeout(resolve, loadMs));
    },
    async send() {
      backend.sends += 1;
      return { text: '{"ok":true}', usage: { inputTokens: 1, outputTokens: 1 }, model: 'm' };
    },
  };
  return backend;
}

test('a backend slower to load than the call timeout is not a timed-out attempt: one exchange, no retry', async () => {
  const backend = slowToLoad(300);
  const ctx: CallContext = {
    role: 'hunter',
    providerName: 'p',
    backend,
    limit: pLimit(1),
    timeoutMs: 100,
    retries: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 },
    redact: (text) => text,
  };
  const req = { model: 'm', system: 's', turns: [{ role: 'user' as const, content: 'x' }], schema: Type.Object({}), schemaName: 'x', maxOutputTokens: 10 };
  const { attempts, response } = await callWithRetries(ctx, req, undefined);
  assert.equal(attempts, 1);
  assert.equal(backend.sends, 1);
  assert.equal(backend.prepares, 1);
  assert.equal(response.text, '{"ok":true}');
});
