// Split from watch-cli.test.ts so its 20 investigations run beside the other watch tests, not after them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../../helpers/cli.ts';
import { commit, dbState, watchedRepo } from './helpers.ts';

test('watch --once with 20 new commits processes them oldest first and exits 0', async (t) => {
  const repo = watchedRepo(t);
  assert.equal((await runCli(['watch', '--once', repo, '--quiet'])).code, 0);
  const made: string[] = [];
  for (let i = 0; i < 20; i += 1) made.push(commit(repo, { [`src/m${i}.js`]: `export const v${i} = ${i};\n` }, `commit ${i}`));
  const run = await runCli(['watch', '--once', repo, '--json', '--quiet']);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual((JSON.parse(run.stdout) as { processed: { sha: string; status: string }[] }).processed.map((p) => p.sha), made);
  const commits = dbState(repo).commits as { sha: string; seq: number; parent: string }[];
  assert.deepEqual(commits.slice(1).map((c) => c.sha), made, 'recorded in order');
  assert.deepEqual(commits.slice(2).map((c) => c.parent), made.slice(0, -1), 'each after its parent');
  const again = await runCli(['watch', '--once', repo, '--json', '--quiet']);
  assert.deepEqual((JSON.parse(again.stdout) as { processed: unknown[] }).processed, [], 'nothing is processed twice');
});
