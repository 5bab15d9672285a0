// cache-usage.json files written before a cache kind existed: `cache stats` reads the kinds they lack as zero
// instead of refusing the file (and so forgetting the last run).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../helpers/cli.ts';
import { buggyProject } from '../../helpers/project.ts';
import { gitRepo } from '../../helpers/temp.ts';

// The kinds cache-usage.json had before the cross-file pass was cached.
const OLD_KINDS = ['static', 'recon', 'threat', 'code-index', 'model'];

test('cache stats reads a cache-usage.json written before the cross-file kinds existed, counting them as zero', async (t) => {
  const repo = gitRepo(t, buggyProject(2));
  assert.equal((await runCli(['scan', repo, '--quiet'])).code, 1);
  const path = join(repo, '.bug-hunter', 'cache-usage.json');
  const usage = JSON.parse(readFileSync(path, 'utf8'));
  usage.kinds = Object.fromEntries(OLD_KINDS.map((k) => [k, usage.kinds[k]]));
  writeFileSync(path, `${JSON.stringify(usage, null, 2)}\n`);

  const stats = await runCli(['cache', 'stats', repo, '--json']);
  assert.equal(stats.code, 0, stats.stderr);
  const report = JSON.parse(stats.stdout);
  assert.equal(report.lastRun?.runId, usage.run.runId);
  assert.deepEqual(report.kinds.static.lastRun, usage.kinds.static);
  assert.deepEqual(report.kinds['cross-file'].lastRun, { hits: 0, misses: 0, corrupt: 0, writes: 0 });
  assert.deepEqual(report.kinds['cross-file-calls'].lastRun, { hits: 0, misses: 0, corrupt: 0, writes: 0 });
  const text = await runCli(['cache', 'stats', repo]);
  assert.match(text.stdout, new RegExp(`Last run ${usage.run.runId}`));
  assert.match(text.stdout, /cross-file +\d+ entries .*last run 0 hit\(s\), 0 miss\(es\)/);
});
