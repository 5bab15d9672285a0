// An answer that never ends is read with a byte cap, for every backend: the real SDKs against a server on 127.0.0.1
// that streams 64 KiB chunks until the connection closes, and the command backend against an agent whose stdout
// never ends. The call fails at once as oversized (no retry, no repair turn), the sender sees the connection
// closed, and the process's memory stays near the cap, not the size of the answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ProviderError } from '../../../src/foundations/errors.ts';
import { answerByteCap } from '../../../src/engines/models/answer-cap.ts';
import { alive, commandDriver, httpDriver, request } from './fixtures/harness.ts';

// The harness's maxOutputChars is 50,000: the byte cap is 365,536.
const CAP = answerByteCap(50_000);
// Far past the cap; the server stops there in any case, so a client without a cap cannot take the machine down.
const CEILING = 512 * 1024 * 1024;
const RSS_BOUND = 200 * 1024 * 1024;

async function oversized(call: Promise<unknown>, backend: string, provider: string): Promise<void> {
  const error = await call.then(
    () => assert.fail('expected the call to fail'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof ProviderError, `expected ProviderError, got ${String(error)}`);
  assert.equal(error.kind, 'invalid-output', error.message);
  assert.equal(error.retryable, false);
  assert.match(error.message, new RegExp(`Provider '${provider}' \\(${backend}\\) sent an answer over the cap of ${CAP} bytes`));
}

async function until(done: () => boolean, what: string): Promise<void> {
  // A bound on a wait, not a timing assertion: the condition is what is checked.
  for (const deadline = Date.now() + 20_000; !done() && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
  assert.ok(done(), what);
}

for (const type of ['anthropic', 'openai', 'openai-compatible'] as const) {
  test(`${type}: an endless answer fails as oversized once past the byte cap, and the connection is closed`, async (t) => {
    const d = await httpDriver(type);
    t.after(() => d.close());
    d.server.enqueue({ endless: { ceilingBytes: CEILING } });
    const before = process.memoryUsage().rss;
    await oversized(d.client().complete(request()), type, 'p');
    const grown = process.memoryUsage().rss - before;
    assert.equal(d.server.requests.length, 1, 'not retried, no repair turn');
    await until(() => d.server.endless[0]!.closedByClient || d.server.endless[0]!.sent >= CEILING, 'the server finished');
    assert.equal(d.server.endless[0]!.closedByClient, true, `the client read on to the ceiling (${d.server.endless[0]!.sent} bytes)`);
    assert.ok(d.server.endless[0]!.sent < 64 * 1024 * 1024, `the server sent ${d.server.endless[0]!.sent} bytes before the close`);
    t.diagnostic(`${type}: server sent ${d.server.endless[0]!.sent} bytes before the client closed; RSS grew by ${(grown / 1048576).toFixed(1)} MB`);
    assert.ok(grown < RSS_BOUND, `RSS grew by ${Math.round(grown / 1048576)} MB`);
  });
}

test('command: stdout that never ends fails as oversized once past the byte cap, and the agent is stopped', async (t) => {
  const d = commandDriver();
  t.after(() => d.close());
  const pidFile = join(d.dir, 'agent.pid');
  writeFileSync(d.scriptPath, JSON.stringify([{ endless: true, pidFile }, { json: { files: [], summary: 'a second call' }, envelope: true }]));
  const before = process.memoryUsage().rss;
  await oversized(d.client().complete(request()), 'command', 'agent');
  const grown = process.memoryUsage().rss - before;
  assert.equal(readFileSync(`${d.scriptPath}.count`, 'utf8'), '1', 'the agent ran once: not retried, no repair turn');
  assert.ok(existsSync(pidFile));
  const pid = Number(readFileSync(pidFile, 'utf8'));
  await until(() => !alive(pid), `the agent ${pid} is still running`);
  t.diagnostic(`command: RSS grew by ${(grown / 1048576).toFixed(1)} MB`);
  assert.ok(grown < RSS_BOUND, `RSS grew by ${Math.round(grown / 1048576)} MB`);
});
