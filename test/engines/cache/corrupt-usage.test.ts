// A damaged cache-usage.json: `cache stats` says which file is wrong and exits 3, instead of reporting that no run
// used the cache.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../helpers/cli.ts';
import { gitRepo } from '../../helpers/temp.ts';

for (const [what, body] of [
  ['cut-off JSON', '{"schemaVersion": 1, "kinds": {'],
  ['JSON that breaks the schema', '{"schemaVersion": 1, "kinds": "none"}\n'],
] as const) {
  test(`cache stats on a cache-usage.json with ${what} exits 3 naming the file`, async (t) => {
    const repo = gitRepo(t, { 'a.js': 'module.exports = 1;\n' });
    mkdirSync(join(repo, '.bug-hunter'), { recursive: true });
    writeFileSync(join(repo, '.bug-hunter', 'cache-usage.json'), body);
    for (const args of [['cache', 'stats', repo], ['cache', 'stats', repo, '--json']]) {
      const result = await runCli(args);
      assert.equal(result.code, 3, `${args.join(' ')}: ${result.stdout}${result.stderr}`);
      assert.match(result.stderr, /cache-usage\.json/);
      assert.equal(result.stdout, '');
    }
  });
}
