// One conformance suite, run against every backend: anthropic, openai, openai-compatible, command, replay.
// Each must return validated values with usage, repair once, and fail closed with 'invalid-output'.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProviderError } from '../../../src/foundations/errors.ts';
import { commandDriver, httpDriver, replayDriver, request, type AnswerT, type Driver } from './fixtures/harness.ts';

const drivers: Array<[string, () => Promise<Driver> | Driver]> = [
  ['anthropic', () => httpDriver('anthropic')],
  ['openai', () => httpDriver('openai')],
  ['openai-compatible', () => httpDriver('openai-compatible')],
  ['command', () => commandDriver('stdin')],
  ['replay', () => replayDriver()],
];

async function rejects(promise: Promise<unknown>, fragment: RegExp): Promise<ProviderError> {
  const error = await promise.then(
    () => assert.fail('expected the call to fail'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof ProviderError, `expected ProviderError, got ${String(error)}`);
  assert.equal(error.kind, 'invalid-output', error.message);
  assert.match(error.message, fragment);
  return error;
}

for (const [name, make] of drivers) {
  test(`conformance: ${name} backend`, async (t) => {
    const driver = await make();
    const client = driver.client();
    t.after(() => driver.close());

    await t.test('a valid answer comes back validated, with usage and one attempt', async () => {
      driver.script({ json: { files: ['src/a.ts'], summary: 'off-by-one in loop' } });
      const result = await client.complete(request('valid answer please'));
      assert.deepEqual(result.value, { files: ['src/a.ts'], summary: 'off-by-one in loop' });
      assert.equal(result.attempts, 1);
      assert.ok(result.usage.inputTokens > 0 && result.usage.outputTokens > 0, JSON.stringify(result.usage));
      assert.ok(result.model.length > 0 && result.provider.length > 0);
    });

    await t.test('a schema-violating answer gets one repair turn that names the violation', async () => {
      driver.script({ json: { files: 'src/a.ts', summary: 'x' } }, { json: { files: ['src/b.ts'], summary: 'fixed' } });
      const result = await client.complete<AnswerT>(request('repair me'));
      assert.deepEqual(result.value, { files: ['src/b.ts'], summary: 'fixed' });
      assert.equal(result.attempts, 2);
      if (driver.name !== 'replay') assert.match(driver.lastPrompt(), /previous answer was rejected[\s\S]*\/files: must be array/);
    });

    await t.test('schema-violating twice fails closed with invalid-output', async () => {
      driver.script({ json: { summary: 'no files' } }, { json: { summary: 'still no files' } });
      await rejects(client.complete(request('violate twice')), /files/);
    });

    await t.test('non-JSON twice fails closed', async () => {
      driver.script({ text: 'I think there is a bug.' }, { text: 'Sorry, still prose.' });
      await rejects(client.complete(request('prose twice')), /not JSON|does not match/);
    });

    await t.test('an answer naming a file outside the chunk is rejected', async () => {
      driver.script({ json: { files: ['/etc/passwd'], summary: 'x' } }, { json: { files: ['../outside.ts'], summary: 'x' } });
      await rejects(client.complete(request('outside chunk')), /outside\.ts is not in this chunk/);
    });

    await t.test('a huge answer is rejected by the size cap', async () => {
      const huge = { json: { files: [], summary: 'big', note: 'y'.repeat(60_000) } };
      driver.script(huge, huge);
      await rejects(client.complete(request('huge answer')), /over the cap of 50000/);
    });
  });
}
