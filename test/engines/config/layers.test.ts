// Configuration layers: built-in < the repository's config < the user's ($XDG_CONFIG_HOME) < --config < flags, with
// one key set at each level (the highest wins, and doctor's origins name its file); --config layers over the
// repository's config instead of replacing it; a repository limit may only be stricter, also over the user's.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { configPath, loadConfig, userConfigPath } from '../../../src/engines/config/load.ts';
import { applyFlagOverrides } from '../../../src/engines/config/overrides.ts';
import { scanSettingsOf } from '../../../src/driver/scan-settings.ts';
import { tempDir, writeFiles } from '../../helpers/temp.ts';

interface Levels {
  repository?: object;
  user?: object;
  explicit?: object;
}

function setUp(t: TestContext, levels: Levels): { target: string; env: NodeJS.ProcessEnv; explicit?: string } {
  const target = tempDir(t, 'bh-layers-');
  const env = { XDG_CONFIG_HOME: tempDir(t, 'bh-xdg-') };
  const mine = join(tempDir(t, 'bh-mine-'), 'ci.json');
  if (levels.repository) writeFiles(target, { '.bug-hunter/config.json': JSON.stringify(levels.repository) });
  if (levels.user) writeFiles('/', { [userConfigPath(env).slice(1)]: JSON.stringify(levels.user) });
  if (levels.explicit) writeFiles('/', { [mine.slice(1)]: JSON.stringify(levels.explicit) });
  return { target, env, ...(levels.explicit ? { explicit: mine } : {}) };
}

function effective(t: TestContext, levels: Levels, flags: { maxFileBytes?: number; rules?: string[]; model?: string } = {}) {
  const { target, env, explicit } = setUp(t, levels);
  const config = applyFlagOverrides(loadConfig(target, { env, ...(explicit ? { path: explicit } : {}) }), flags.model ? { model: flags.model } : {});
  const settings = scanSettingsOf({ config, target, ignoreRepository: false, flags: { ...(flags.maxFileBytes ? { maxFileBytes: flags.maxFileBytes } : {}), ...(flags.rules ? { rules: flags.rules } : {}) } });
  return { config, settings, target, env, explicit };
}

const provider = { providers: { local: { type: 'openai-compatible', baseURL: 'http://127.0.0.1:1/v1' } } };

test('one key set at each level: built-in, then the repository, the user, --config and a flag each win over the one below', (t) => {
  // maxFileBytes: built-in (none set) < repository < user < --config < --max-file-bytes.
  assert.equal(effective(t, {}).settings.maxFileBytes, undefined);
  assert.equal(effective(t, { repository: { maxFileBytes: 100 } }).settings.maxFileBytes, 100);
  assert.equal(effective(t, { repository: { maxFileBytes: 100 }, user: { maxFileBytes: 200 } }).settings.maxFileBytes, 200);
  const three = effective(t, { repository: { maxFileBytes: 100 }, user: { maxFileBytes: 200 }, explicit: { maxFileBytes: 300 } });
  assert.equal(three.settings.maxFileBytes, 300);
  assert.equal(three.config.origins.maxFileBytes, three.explicit);
  assert.equal(effective(t, { repository: { maxFileBytes: 100 }, user: { maxFileBytes: 200 }, explicit: { maxFileBytes: 300 } }, { maxFileBytes: 400 }).settings.maxFileBytes, 400);

  // A rule's setting, the same way: each level's word, and whose it is.
  const rule = (levels: Levels, flags: { rules?: string[] } = {}) => effective(t, levels, flags).settings.rules.get('command-injection');
  assert.equal(rule({}), undefined);
  const repoOnly = effective(t, { repository: { rules: { 'command-injection': 'off' } } });
  assert.deepEqual(repoOnly.settings.rules.get('command-injection'), { setting: 'off', source: 'repository', where: configPath(repoOnly.target) });
  assert.equal(rule({ repository: { rules: { 'command-injection': 'off' } }, user: { rules: { 'command-injection': 'low' } } })?.setting, 'low');
  assert.equal(rule({ repository: { rules: { 'command-injection': 'off' } }, user: { rules: { 'command-injection': 'low' } }, explicit: { rules: { 'command-injection': 'medium' } } })?.setting, 'medium');
  const top = rule({ repository: { rules: { 'command-injection': 'off' } }, user: { rules: { 'command-injection': 'low' } }, explicit: { rules: { 'command-injection': 'medium' } } }, { rules: ['command-injection=critical'] });
  assert.deepEqual(top, { setting: 'critical', source: 'flag', where: '--rule' });

  // Who answers: the user's config < --config < --model (the repository's is refused, not layered).
  const model = (levels: Levels, flags: { model?: string } = {}) => effective(t, levels, flags).config.roles.hunter;
  assert.equal(model({ repository: { ...provider, roles: { default: { provider: 'local', model: 'repo' } } } }).provider, 'static');
  assert.equal(model({ user: { ...provider, roles: { default: { provider: 'local', model: 'mine' } } } }).model, 'mine');
  assert.equal(model({ user: { ...provider, roles: { default: { provider: 'local', model: 'mine' } } }, explicit: { roles: { default: { provider: 'local', model: 'ci' } } } }).model, 'ci');
  assert.equal(model({ user: { ...provider, roles: { default: { provider: 'local', model: 'mine' } } }, explicit: { roles: { default: { provider: 'local', model: 'ci' } } } }, { model: 'flag' }).model, 'flag');
});

test("--config layers over the repository's config: its rules and excludes stay, and its refusals are still named", (t) => {
  const { config, settings, target, explicit } = effective(t, {
    repository: { rules: { 'command-injection': 'off' }, exclude: ['vendor/'], ...provider },
    explicit: { rules: { 'redos': 'high' } },
  });
  assert.equal(settings.rules.get('command-injection')?.source, 'repository');
  assert.equal(settings.rules.get('redos')?.where, explicit);
  assert.deepEqual(settings.repositoryExclude, ['vendor/']);
  assert.deepEqual(config.layers.map((l) => [l.kind, l.path]), [['repository', configPath(target)], ['explicit', explicit]]);
  assert.deepEqual(config.refused.map((r) => [r.key, r.source]), [['providers.local', configPath(target)]]);
});

test("a repository limit stricter than the user's stands over it; a looser one is refused", (t) => {
  const stricter = effective(t, { repository: { timeouts: { callMs: 1000 } }, user: { timeouts: { callMs: 5000 } } });
  assert.equal(stricter.config.timeouts.callMs, 1000);
  assert.equal(stricter.config.origins['timeouts.callMs'], configPath(stricter.target));
  const looser = effective(t, { repository: { timeouts: { callMs: 9000 } }, user: { timeouts: { callMs: 5000 } } });
  assert.equal(looser.config.timeouts.callMs, 5000);
  assert.deepEqual(looser.config.refused.map((r) => r.key), ['timeouts.callMs']);
});

test('a rule id no rule has is a usage error naming the file', (t) => {
  const { target, env } = setUp(t, { user: { rules: { 'no-such-rule': 'off' } } });
  assert.throws(() => scanSettingsOf({ config: loadConfig(target, { env }), target, ignoreRepository: false, flags: {} }), /bug-hunter\/config\.json: there is no rule 'no-such-rule'/);
  const clean = setUp(t, {});
  assert.throws(() => scanSettingsOf({ config: loadConfig(clean.target, { env: clean.env }), target: clean.target, ignoreRepository: false, flags: { rules: ['command-injection=loud'] } }), /--rule takes <id>=<setting>/);
  assert.throws(() => scanSettingsOf({ config: loadConfig(clean.target, { env: clean.env }), target: clean.target, ignoreRepository: false, flags: { rules: ['no-such-rule=off'] } }), /--rule: there is no rule 'no-such-rule'/);
});
