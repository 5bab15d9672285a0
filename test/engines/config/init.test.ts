// `bug-hunter init`: writes a valid config selecting the static engine, refuses to overwrite without
// --force, and every example in it becomes a working configuration when promoted to the top level.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main.ts';
import { configPath, loadConfig, parseConfig } from '../../../src/engines/config/load.ts';
import { describeEngineChoice } from '../../../src/engines/models/static.ts';
import { createModelClient } from '../../../src/engines/models/client.ts';
import type { CommandIO } from '../../../src/commands/kit/command.ts';
import type { ConfigFile } from '../../../src/engines/config/schema.ts';

function io(cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CommandIO = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), cwd, signal: new AbortController().signal };
  return { value, out, err };
}

test('init writes a valid static-engine config, and refuses to overwrite without --force', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'bh-init-'));
  t.after(() => rmSync(dir, { recursive: true }));
  const first = io(dir);
  assert.equal(await main(['init', '--json'], first.value), 0);
  assert.deepEqual(JSON.parse(first.out.join('')), { path: configPath(dir), engine: 'static engine (no model configured)' });
  const config = loadConfig(dir);
  assert.match(describeEngineChoice(config), /^static engine/);
  assert.deepEqual(config.refused, [], 'the config init writes asks for nothing a repository config may not set');
  assert.equal(config.budgets.perRunTokens, 2_000_000);

  const second = io(dir);
  assert.equal(await main(['init', dir], second.value), 2);
  assert.match(second.err.join(''), /already exists.*--force/);
  assert.equal(await main(['init', dir, '--force'], io(dir).value), 0);
});

test('every example, promoted to the top level, resolves and builds a client', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'bh-init-'));
  t.after(() => rmSync(dir, { recursive: true }));
  await main(['init', dir], io(dir).value);
  const file = JSON.parse(readFileSync(configPath(dir), 'utf8')) as ConfigFile;
  const names = Object.keys(file.examples ?? {});
  assert.deepEqual(names.sort(), ['anthropic', 'claude-cli', 'ollama', 'openai', 'openrouter', 'replay']);
  for (const [name, example] of Object.entries(file.examples ?? {})) {
    const promoted = parseConfig({ ...file, providers: example.providers, roles: example.roles }, `example ${name}`, dir);
    assert.match(describeEngineChoice(promoted), /^models: /, name);
    const env = { ANTHROPIC_API_KEY: 'k-anthropic', OPENAI_API_KEY: 'k-openai', OPENROUTER_API_KEY: 'k-openrouter' };
    assert.ok(createModelClient(promoted, { env, outDir: dir }), name);
  }
  assert.equal(readFileSync(configPath(dir), 'utf8').includes('k-anthropic'), false);
});
