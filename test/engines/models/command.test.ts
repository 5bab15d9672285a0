// The command backend against a fake agent CLI: prompt by stdin or file, envelopes, exit codes, the output
// cap, and a timeout that takes down the whole process group (grandchildren included).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ProviderError } from '../../../src/foundations/errors.ts';
import { createModelClient } from '../../../src/engines/models/client.ts';
import { alive, commandDriver, configFor, request, AGENT } from './fixtures/harness.ts';

const OK = { json: { files: ['src/a.ts'], summary: 'ok' } };

test('prompt in a file: {promptFile} and {model} are substituted, the schema is in the prompt', async (t) => {
  const d = commandDriver('file');
  t.after(() => d.close());
  d.script(OK);
  const result = await d.client().complete(request('look at src/a.ts'));
  assert.deepEqual(result.value, OK.json);
  const seen = JSON.parse(d.lastPrompt()) as { argv: string[]; prompt: string };
  assert.equal(seen.argv[seen.argv.indexOf('--model') + 1], 'sonnet');
  assert.match(seen.prompt, /look at src\/a\.ts/);
  assert.match(seen.prompt, /must validate against this JSON Schema/);
  assert.equal(existsSync(seen.argv[seen.argv.indexOf('--prompt-file') + 1] as string), false, 'prompt file removed afterwards');
});

test('plain JSON and fenced JSON on stdout are accepted; envelope usage is reported', async (t) => {
  const d = commandDriver();
  t.after(() => d.close());
  d.script({ text: JSON.stringify(OK.json) }, { text: `Here you go:\n\`\`\`json\n${JSON.stringify(OK.json)}\n\`\`\`` }, OK);
  const c = d.client();
  assert.deepEqual((await c.complete(request('plain'))).value, OK.json);
  assert.deepEqual((await c.complete(request('fenced'))).value, OK.json);
  assert.deepEqual((await c.complete(request('envelope'))).usage, { inputTokens: 120, outputTokens: 30 });
});

test('a failing agent (non-zero exit, is_error envelope) is retried, then succeeds', async (t) => {
  const d = commandDriver();
  t.after(() => d.close());
  const isError = JSON.stringify({ type: 'result', is_error: true, result: 'overloaded' });
  writeFileSync(d.scriptPath, JSON.stringify([{ exit: 2, stderr: 'rate limited, try later' }, { text: isError }, { ...OK, envelope: true }]));
  const result = await d.client().complete(request('retry me'));
  assert.equal(result.attempts, 3);
  assert.deepEqual(result.value, OK.json);
});

test('a timeout kills the whole process group, grandchildren included', async (t) => {
  const d = commandDriver();
  t.after(() => d.close());
  const pidFile = join(d.dir, 'grandchild.pid');
  writeFileSync(d.scriptPath, JSON.stringify([{ hang: true, pidFile }]));
  const config = configFor(
    { providers: { agent: { type: 'command', command: [process.execPath, AGENT, '--script', d.scriptPath] } }, roles: { default: { provider: 'agent', model: 'm' } }, timeouts: { commandMs: 1_500 }, retries: { maxAttempts: 1 } },
    d.dir,
  );
  const error = await createModelClient(config, { env: {} }).complete(request()).then(() => assert.fail('expected timeout'), (e: unknown) => e);
  assert.ok(error instanceof ProviderError && error.kind === 'timeout', String(error));
  const grandchild = Number(readFileSync(pidFile, 'utf8'));
  const deadline = Date.now() + 3_000;
  while (alive(grandchild) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  assert.equal(alive(grandchild), false, `grandchild ${grandchild} survived the timeout`);
});

test('stdout past the byte cap stops the agent and is rejected as oversized', async (t) => {
  const d = commandDriver();
  t.after(() => d.close());
  writeFileSync(d.scriptPath, JSON.stringify([{ big: 400_000 }, { big: 400_000 }]));
  const error = await d.client().complete(request()).then(() => assert.fail('expected rejection'), (e: unknown) => e);
  assert.ok(error instanceof ProviderError && error.kind === 'invalid-output', String(error));
  assert.match(error.message, /over the cap/);
});
