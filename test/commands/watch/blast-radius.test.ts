// A watch cycle looks at the commit's blast radius, not the whole tree (split from scope-sweep.test.ts so the two
// run side by side).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../helpers/cli.ts';
import { buggyHandler, CLEAN, commit, events, ledgerJson, watchedRepo } from './helpers.ts';

test('a commit is investigated in its blast radius (changed files and their importers); findings elsewhere stay open and quiet', async (t) => {
  const repo = watchedRepo(t);
  commit(repo, { 'src/handler.js': buggyHandler(), 'src/uses-ok.js': "import { ok } from './ok.js';\nexport const twice = (x) => ok(ok(x));\n", 'src/far.js': CLEAN.replace('ok', 'far') }, 'before the watcher');
  assert.equal((await runCli(['watch', '--once', repo, '--quiet', '--no-sweep'])).code, 0);
  assert.deepEqual(events(repo).map((e) => e.kind), ['new'], 'the baseline scans the whole tree');
  const changed = commit(repo, { 'src/ok.js': CLEAN.replace('x + 1', 'x + 2') }, 'touch ok.js');
  assert.equal((await runCli(['watch', '--once', repo, '--quiet', '--no-sweep'])).code, 0);
  const triage = JSON.parse(readFileSync(join(repo, '.bug-hunter', 'watch', 'runs', changed, 'triage.json'), 'utf8')) as { diffScope: { files: { path: string; reason: string }[] } };
  assert.deepEqual(triage.diffScope.files.map((f) => [f.path, f.reason]), [['src/ok.js', 'changed'], ['src/uses-ok.js', 'dependent']]);
  assert.deepEqual(events(repo).map((e) => e.kind), ['new'], 'nothing said about the untouched finding');
  assert.equal(ledgerJson(repo).entries[0]!.status, 'open');
});
