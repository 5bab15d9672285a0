// CLI flag overrides (--provider, --model, --base-url, --role-model): pure, checked, never mutating the input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UsageError } from '../../../src/foundations/errors.ts';
import { resolveConfig } from '../../../src/engines/config/resolve.ts';
import { applyFlagOverrides } from '../../../src/engines/config/overrides.ts';

const base = () => resolveConfig({}, null, '/tmp/x');
const configured = () =>
  resolveConfig(
    { providers: { local: { type: 'openai-compatible', baseURL: 'http://127.0.0.1:11434/v1' } }, roles: { default: { provider: 'local', model: 'llama3' } } },
    'config.json',
    '/tmp/x',
  );

test('--provider with --model binds every role; the input config is untouched', () => {
  const before = base();
  const snapshot = structuredClone(before);
  const after = applyFlagOverrides(before, { provider: 'anthropic', model: 'claude-sonnet-4-5' });
  assert.deepEqual(before, snapshot);
  assert.equal(after.providers.anthropic?.type, 'anthropic');
  assert.ok(Object.values(after.roles).every((r) => r.provider === 'anthropic' && r.model === 'claude-sonnet-4-5'));
});

test('--provider to another provider drops the old model and asks for --model', () => {
  assert.throws(() => applyFlagOverrides(configured(), { provider: 'openai' }), (e: unknown) => e instanceof UsageError && /pass --model/.test(e.message));
  assert.equal(applyFlagOverrides(configured(), { provider: 'local' }).roles.hunter.model, 'llama3', 'same provider keeps its model');
});

test('--model alone retargets the model roles, and needs some provider', () => {
  assert.equal(applyFlagOverrides(configured(), { model: 'qwen2.5-coder:7b' }).roles.referee.model, 'qwen2.5-coder:7b');
  assert.throws(() => applyFlagOverrides(base(), { model: 'x' }), /needs a provider/);
});

test('--role-model: plain model, provider:model, and model ids that contain a colon', () => {
  const c = applyFlagOverrides(configured(), { roleModel: ['hunter=qwen2.5-coder:7b', 'referee=anthropic:claude-opus-4-1', 'skeptic=local:phi4'] });
  assert.deepEqual(c.roles.hunter, { provider: 'local', model: 'qwen2.5-coder:7b' });
  assert.deepEqual(c.roles.referee, { provider: 'anthropic', model: 'claude-opus-4-1' });
  assert.deepEqual(c.roles.skeptic, { provider: 'local', model: 'phi4' });
  assert.throws(() => applyFlagOverrides(configured(), { roleModel: ['judge=x'] }), /role one of recon, hunter/);
  assert.throws(() => applyFlagOverrides(configured(), { roleModel: ['hunter='] }), UsageError);
  assert.throws(() => applyFlagOverrides(base(), { roleModel: ['hunter=m'] }), /uses the static engine; name the provider/);
});

test('--base-url sets the URL of the one provider in use, and is checked', () => {
  const c = applyFlagOverrides(configured(), { baseUrl: 'http://10.0.0.2:8000/v1' });
  assert.equal(c.providers.local?.baseURL, 'http://10.0.0.2:8000/v1');
  const fresh = applyFlagOverrides(base(), { provider: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:8080/v1' });
  assert.equal(fresh.providers['openai-compatible']?.baseURL, 'http://127.0.0.1:8080/v1');
  assert.throws(() => applyFlagOverrides(configured(), { baseUrl: 'ftp://x' }), /http\(s\) URL/);
  assert.throws(() => applyFlagOverrides(base(), { baseUrl: 'http://x' }), /Pass --provider too/);
  assert.throws(() => applyFlagOverrides(base(), { provider: 'command' }), /needs its argv/);
  assert.throws(() => applyFlagOverrides(base(), { provider: 'nope' }), /neither a configured provider nor a provider type/);
});
