// `bug-hunter init`: writes the repository's config with only keys a repository may set and the user's own config
// (in XDG_CONFIG_HOME) with providers, roles and examples; refuses to overwrite without --force; every example
// becomes a working configuration when promoted; and `init --use` then `scan` reaches a local model without
// --trust-repo-config. Each test has its own XDG_CONFIG_HOME, so the CLI runs as a child process.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnCli } from '../../helpers/cli.ts';
import { gitRepo, tempDir } from '../../helpers/temp.ts';
import { startFakeServer } from '../models/fixtures/fake-server.ts';
import { configPath, loadConfig, parseConfig, userConfigPath } from '../../../src/engines/config/load.ts';
import { describeEngineChoice } from '../../../src/engines/models/static.ts';
import { createModelClient } from '../../../src/engines/models/client.ts';
import type { ConfigFile } from '../../../src/engines/config/schema.ts';
import { BUGGY_FILE } from '../../untrusted/hostile.ts';

function ownConfigHome(t: TestContext): NodeJS.ProcessEnv {
  return { XDG_CONFIG_HOME: tempDir(t, 'bh-xdg-') };
}

const readJson = (path: string): ConfigFile => JSON.parse(readFileSync(path, 'utf8')) as ConfigFile;

test("init writes the repository's config with repository-safe keys and the user's with providers, and refuses to overwrite without --force", async (t) => {
  const dir = tempDir(t, 'bh-init-');
  const env = ownConfigHome(t);
  const first = await spawnCli(['init', dir, '--json'], { env });
  assert.equal(first.code, 0, first.stderr);
  const said = JSON.parse(first.stdout) as { path: string; userPath: string; wrote: string[]; kept: string[]; engine: string };
  assert.equal(said.path, configPath(dir));
  assert.equal(said.userPath, userConfigPath(env));
  assert.deepEqual(said.wrote, [configPath(dir), userConfigPath(env)]);
  assert.match(said.engine, /^static engine \(.*bind no role to a model; set "roles" and "providers" in .*bug-hunter\/config\.json/);

  const repo = readJson(configPath(dir));
  assert.deepEqual(Object.keys(repo).sort(), ['budgets', 'maxOutputChars', 'retries', 'timeouts']);
  const own = readJson(userConfigPath(env));
  assert.deepEqual(Object.keys(own).sort(), ['examples', 'providers', 'roles']);
  const config = loadConfig(dir, { env });
  assert.deepEqual(config.refused, [], 'the repository config init writes asks for nothing a repository config may not set');
  assert.equal(config.budgets.perRunTokens, 2_000_000);
  assert.equal(config.origins['budgets.perRunTokens'], configPath(dir));

  const second = await spawnCli(['init', dir], { env });
  assert.equal(second.code, 2);
  assert.match(second.stderr, /already exist.*--force/);
  assert.equal((await spawnCli(['init', dir, '--force'], { env })).code, 0);
});

test('every example, promoted to the top level, resolves and builds a client', async (t) => {
  const dir = tempDir(t, 'bh-init-');
  const env = ownConfigHome(t);
  assert.equal((await spawnCli(['init', dir], { env })).code, 0);
  const file = readJson(userConfigPath(env));
  const names = Object.keys(file.examples ?? {});
  assert.deepEqual(names.sort(), ['anthropic', 'claude-cli', 'ollama', 'openai', 'openrouter', 'replay']);
  for (const [name, example] of Object.entries(file.examples ?? {})) {
    const promoted = parseConfig({ ...file, providers: example.providers, roles: example.roles }, `example ${name}`, dir);
    assert.match(describeEngineChoice(promoted), /^models: /, name);
    const keys = { ANTHROPIC_API_KEY: 'k-anthropic', OPENAI_API_KEY: 'k-openai', OPENROUTER_API_KEY: 'k-openrouter' };
    assert.ok(createModelClient(promoted, { env: keys, outDir: dir }), name);
  }
  assert.equal(readFileSync(userConfigPath(env), 'utf8').includes('k-anthropic'), false);
});

test('init --use ollama, then scan: the local model answers without --trust-repo-config', async (t) => {
  const server = await startFakeServer();
  t.after(() => server.close());
  server.fallback = () => ({ status: 400, message: 'no' });
  const repo = gitRepo(t, { 'src/run.js': BUGGY_FILE });
  const env = ownConfigHome(t);
  const init = await spawnCli(['init', repo, '--use', 'ollama', '--model', 'stand-in', '--base-url', server.openaiURL], { env });
  assert.equal(init.code, 0, init.stderr);
  assert.match(init.stdout, /Wrote .*bug-hunter\/config\.json: your config, with providers and roles \(the ollama example, in force\)/);
  assert.match(init.stdout, /Engine now: models: .*local\/stand-in/);
  // The repository's config holds no provider: nothing there needs trusting.
  assert.equal(readJson(configPath(repo)).providers, undefined);

  const scan = await spawnCli(['scan', repo], { env });
  assert.ok(server.requests.length > 0, `the local model was never asked:\n${scan.stderr}`);
  assert.match(scan.stderr, /engine: models: .*local\/stand-in/);
  assert.doesNotMatch(scan.stderr, /refused in/);
});
