// Loading and resolving .bug-hunter/config.json: zero-config means the static engine; bad files are usage
// errors that name the file and the problem; roles bind independently.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../../src/foundations/errors.ts';
import { configPath, loadConfig } from '../../../src/engines/config/load.ts';
import { describeEngineChoice, roleUsesModel } from '../../../src/engines/models/static.ts';
import { createModelClient } from '../../../src/engines/models/client.ts';

function target(config?: unknown, raw?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'bh-config-'));
  if (config !== undefined || raw !== undefined) {
    mkdirSync(join(dir, '.bug-hunter'));
    writeFileSync(configPath(dir), raw ?? JSON.stringify(config));
  }
  return dir;
}

function usageError(fn: () => unknown, fragment: RegExp): void {
  assert.throws(fn, (e: unknown) => e instanceof UsageError && fragment.test(e.message));
}

test('no config file: every role uses the static engine, and the run says so', (t) => {
  const dir = target();
  t.after(() => rmSync(dir, { recursive: true }));
  const config = loadConfig(dir);
  assert.equal(config.source, null);
  assert.equal(roleUsesModel(config, 'hunter'), false);
  assert.equal(describeEngineChoice(config), 'static engine (no model configured)');
  assert.equal(config.budgets.warnAt, 0.7);
});

test('roles bind independently; unlisted roles fall back to default, then static', (t) => {
  const dir = target({
    providers: { a: { type: 'anthropic', apiKeyEnv: 'MY_KEY' } },
    roles: { hunter: { provider: 'a', model: 'claude-haiku-4-5' }, referee: { provider: 'a', model: 'claude-opus-4-1' } },
  });
  t.after(() => rmSync(dir, { recursive: true }));
  const config = loadConfig(dir, { trustRepoConfig: true });
  assert.equal(config.roles.hunter.model, 'claude-haiku-4-5');
  assert.equal(config.roles.referee.model, 'claude-opus-4-1');
  assert.equal(config.roles.skeptic.provider, 'static');
  assert.match(describeEngineChoice(config), /hunter → a\/claude-haiku-4-5; referee → a\/claude-opus-4-1; recon, skeptic, tester, fixer → static engine/);
});

test('malformed JSON, schema violations and broken bindings are usage errors naming the file', (t) => {
  // Bindings are checked in a config that is used: the user's, or a repository config the user trusts.
  const trusted = { trustRepoConfig: true };
  const dirs = [
    target(undefined, '{ "providers": { // comment\n } }'),
    target({ providers: { a: { type: 'anthropic', apiKey: 'sk-oops' } } }),
    target({ roles: { hunter: { provider: 'nowhere' } } }),
    target({ providers: { o: { type: 'openai' } }, roles: { default: { provider: 'o' } } }),
    target({ providers: { c: { type: 'command' } } }),
    target({ providers: { static: { type: 'anthropic' } } }),
  ];
  t.after(() => dirs.forEach((d) => rmSync(d, { recursive: true })));
  usageError(() => loadConfig(dirs[0] as string), /config\.json is not valid JSON/);
  usageError(() => loadConfig(dirs[1] as string), /\/providers\/a: must NOT have additional properties 'apiKey'/);
  usageError(() => loadConfig(dirs[2] as string, trusted), /Role 'recon' uses provider 'nowhere'|Role 'hunter' uses provider 'nowhere'/);
  usageError(() => loadConfig(dirs[3] as string, trusted), /names no model/);
  usageError(() => loadConfig(dirs[4] as string, trusted), /no "command" argv/);
  usageError(() => loadConfig(dirs[5] as string, trusted), /'static' .* is reserved for the static engine/);
  const empty = target();
  dirs.push(empty);
  usageError(() => loadConfig(empty, { path: 'missing.json' }), /Cannot read config/);
});

test('a missing key variable is a usage error naming the variable, never a value', (t) => {
  const dir = target({ providers: { a: { type: 'anthropic', apiKeyEnv: 'BH_ABSENT_KEY' } }, roles: { default: { provider: 'a', model: 'm' } } });
  t.after(() => rmSync(dir, { recursive: true }));
  usageError(() => createModelClient(loadConfig(dir, { trustRepoConfig: true }), { env: {} }), /environment variable BH_ABSENT_KEY, which is not set/);
  const dflt = target({ providers: { o: { type: 'openai' } }, roles: { default: { provider: 'o', model: 'm' } } });
  t.after(() => rmSync(dflt, { recursive: true }));
  usageError(() => createModelClient(loadConfig(dflt, { trustRepoConfig: true }), { env: {} }), /OPENAI_API_KEY/);
  // A local OpenAI-compatible server needs no key at all.
  const local = target({ providers: { l: { type: 'openai-compatible', baseURL: 'http://127.0.0.1:1/v1' } }, roles: { default: { provider: 'l', model: 'm' } } });
  t.after(() => rmSync(local, { recursive: true }));
  assert.ok(createModelClient(loadConfig(local, { trustRepoConfig: true }), { env: {} }));
});
