// Every parent is followed: the commits of a merged branch are each investigated (a bug is opened by the commit that
// brought it, not by the merge), and the merge itself is examined against each of its parents.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../helpers/cli.ts';
import { git } from '../../helpers/temp.ts';
import { buggyHandler, CLEAN, commit, events, fixedHandler, ledgerJson, watchedRepo } from './helpers.ts';

test('a merged branch: each of its commits is processed in order, its bug opened and closed by its own commits, and the merge is scoped to both sides', async (t) => {
  const repo = watchedRepo(t);
  assert.equal((await runCli(['watch', '--once', repo, '--quiet', '--no-sweep'])).code, 0);
  git(repo, 'checkout', '-q', '-b', 'feature');
  const bug = commit(repo, { 'src/feature.js': buggyHandler().replace('handler0', 'feature') }, 'feature with a bug');
  const fix = commit(repo, { 'src/feature.js': fixedHandler().replace('handler0', 'feature') }, 'fix it on the branch');
  git(repo, 'checkout', '-q', 'main');
  const mainline = commit(repo, { 'src/main-only.js': CLEAN.replace('ok', 'mainOnly') }, 'meanwhile on main');
  git(repo, 'merge', '-q', '--no-ff', '-m', 'merge feature', 'feature');
  const merge = git(repo, 'rev-parse', 'HEAD').trim();

  const run = await runCli(['watch', '--once', repo, '--quiet', '--no-sweep', '--json']);
  assert.equal(run.code, 0, run.stderr);
  const order = (JSON.parse(run.stdout) as { processed: { sha: string; status: string }[] }).processed.map((p) => p.sha);
  assert.deepEqual([...order].sort(), [bug, fix, mainline, merge].sort(), 'the branch\'s commits too, not only first parents');
  assert.ok(order.indexOf(bug) < order.indexOf(fix) && order.indexOf(fix) < order.indexOf(merge) && order.indexOf(mainline) < order.indexOf(merge), `parents first: ${order.join(' ')}`);
  assert.deepEqual(events(repo).map((e) => [e.kind, e.commit, e.file]), [['new', bug, 'src/feature.js'], ['closed', fix, 'src/feature.js']]);
  assert.equal(ledgerJson(repo).entries[0]!.fixedBy?.commit, fix);

  const triage = JSON.parse(readFileSync(join(repo, '.bug-hunter', 'watch', 'runs', merge, 'triage.json'), 'utf8')) as { diffScope: { files: { path: string; reason: string }[] } };
  assert.deepEqual(triage.diffScope.files.filter((f) => f.reason === 'changed').map((f) => f.path).sort(), ['src/feature.js', 'src/main-only.js'], 'the merge against each parent: both sides');
});
