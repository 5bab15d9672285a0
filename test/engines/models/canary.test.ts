// A canary key in the environment must never be written anywhere: not in transcripts, usage.json, logs or
// error messages — even when the provider echoes it back in an error body.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Budget } from '../../../src/engines/budget/budget.ts';
import { createModelClient } from '../../../src/engines/models/client.ts';
import type { Logger } from '../../../src/foundations/logger.ts';
import { configFor, request, tempDir } from './fixtures/harness.ts';
import { startFakeServer } from './fixtures/fake-server.ts';

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

test('the canary key appears in no file, log line or error message the run produced', async (t) => {
  const canary = `sk-canary-${randomBytes(12).toString('hex')}`;
  const server = await startFakeServer();
  const outDir = tempDir('bh-canary-');
  t.after(async () => {
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  });
  const config = configFor(
    {
      providers: {
        a: { type: 'anthropic', baseURL: server.anthropicURL, apiKeyEnv: 'CANARY_KEY' },
        o: { type: 'openai', baseURL: server.openaiURL, apiKeyEnv: 'CANARY_KEY' },
      },
      roles: { default: { provider: 'a', model: 'claude-haiku-4-5' }, referee: { provider: 'o', model: 'gpt-4.1' } },
      record: true,
    },
    outDir,
  );
  const logged: string[] = [];
  const log: Logger = { info: (m) => logged.push(m), warn: (m) => logged.push(m), progress: () => {} };
  const budget = Budget.open({ outDir, runId: 'run-canary', limits: { warnAt: 0.7 } });
  const client = createModelClient(config, { env: { CANARY_KEY: canary }, outDir, budget, log });
  const errors: string[] = [];

  server.enqueue({ json: { files: ['src/a.ts'], summary: 'fine' } });
  await client.complete(request('ok call'));
  server.enqueue({ status: 500, echoKey: true }, { json: { files: ['src/a.ts'], summary: 'after retry' } });
  await client.complete(request('retried call', { role: 'referee' }));
  server.enqueue({ status: 401, echoKey: true });
  await client.complete(request('auth call')).catch((e: Error) => errors.push(e.message, String(e.stack)));
  server.enqueue({ status: 400, echoKey: true });
  await client.complete(request('bad request', { role: 'referee' })).catch((e: Error) => errors.push(e.message, String(e.stack)));
  await budget.close(1_000);

  // The fake server really did echo the key, so the redaction is what keeps it out.
  assert.ok(server.requests.some((r) => `${String(r.headers['x-api-key'])} ${String(r.headers.authorization)}`.includes(canary)), 'the key was sent');
  assert.equal(errors.length, 4);
  assert.ok(logged.length > 0, 'the retry was logged');
  assert.ok(errors.some((e) => e.includes('[REDACTED]')), 'the echoed key was redacted, not absent');
  const written = allFiles(outDir);
  assert.ok(written.some((f) => f.includes('transcripts')) && written.some((f) => f.endsWith('usage.json')), written.join(', '));
  for (const file of written) assert.equal(readFileSync(file, 'utf8').includes(canary), false, `${file} contains the key`);
  for (const line of [...logged, ...errors]) assert.equal(line.includes(canary), false, `leaked: ${line}`);
});
