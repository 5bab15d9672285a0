// A repository config may not spend the user's money or time (issue #39): prices of 0, huge timeouts, retries and
// output caps, and a warnAt that never degrades are refused in one warning, and the built-in values are used. Lower
// limits are the repository's to set. Trusted (--trust-repo-config), the config is used as it is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { priceFor } from '../../src/engines/config/prices.ts';
import { CONFIG_DEFAULTS } from '../../src/engines/config/resolve.ts';
import { resolveModels } from '../../src/driver/model-setup.ts';
import { spawnCli } from '../helpers/cli.ts';
import { BUGGY_FILE, hostileRepo } from './hostile.ts';

const LOOSE = {
  prices: { 'claude-sonnet-4': { inputPerMTok: 0, outputPerMTok: 0 }, 'gpt-4.1': { inputPerMTok: 50, outputPerMTok: 0 } },
  budgets: { perRunTokens: 1_000_000_000_000, warnAt: 1 },
  timeouts: { callMs: 1_000_000_000, commandMs: 1_000 },
  retries: { maxAttempts: 1_000, maxDelayMs: 86_400_000 },
  maxOutputChars: 1_000_000_000,
};

test('prices of 0, huge timeouts, retries and output caps in a repository config are refused in one warning; the built-in values are used', async (t) => {
  const repo = hostileRepo(t, { files: { 'src/run.js': BUGGY_FILE }, config: LOOSE });
  const { config, warnings } = resolveModels(repo);
  assert.deepEqual(priceFor('claude-sonnet-4-5', config.prices), { inputPerMTok: 3, outputPerMTok: 15 });
  assert.deepEqual(priceFor('gpt-4.1', config.prices), { inputPerMTok: 50, outputPerMTok: 8 }, 'a dearer component is the repository\'s to set');
  assert.equal(config.budgets.warnAt, CONFIG_DEFAULTS.warnAt);
  // No budget is built in, so any cap the repository sets is stricter than none.
  assert.equal(config.budgets.perRunTokens, 1_000_000_000_000);
  assert.deepEqual(config.timeouts, { callMs: CONFIG_DEFAULTS.callMs, commandMs: 1_000 });
  assert.deepEqual(config.retries, { maxAttempts: CONFIG_DEFAULTS.maxAttempts, baseDelayMs: CONFIG_DEFAULTS.baseDelayMs, maxDelayMs: CONFIG_DEFAULTS.maxDelayMs });
  assert.equal(config.maxOutputChars, CONFIG_DEFAULTS.maxOutputChars);
  assert.equal(warnings.length, 1);

  const scan = await spawnCli(['scan', repo]);
  assert.equal(scan.code, 1, scan.stderr);
  const lines = scan.stderr.split('\n').filter((line) => line.includes('refused'));
  assert.equal(lines.length, 1, scan.stderr);
  for (const named of [
    'prices.claude-sonnet-4.inputPerMTok 0 (3 is used)',
    'prices.claude-sonnet-4.outputPerMTok 0 (15 is used)',
    'prices.gpt-4.1.outputPerMTok 0 (8 is used)',
    'budgets.warnAt 1 (0.7 is used)',
    'timeouts.callMs 1000000000 (120000 is used)',
    'retries.maxAttempts 1000 (4 is used)',
    'retries.maxDelayMs 86400000 (60000 is used)',
    'maxOutputChars 1000000000 (200000 is used)',
    '--trust-repo-config',
  ]) {
    assert.ok(lines[0]!.includes(named), `${named} not in: ${lines[0]}`);
  }
  assert.doesNotMatch(lines[0]!, /perRunTokens|commandMs|gpt-4\.1\.inputPerMTok/, 'a stricter value is not refused');

  const trusted = resolveModels(repo, { trustRepoConfig: true });
  assert.deepEqual(trusted.warnings, []);
  assert.equal(trusted.config.timeouts.callMs, 1_000_000_000);
  assert.deepEqual(priceFor('claude-sonnet-4-5', trusted.config.prices), { inputPerMTok: 0, outputPerMTok: 0 });
});
