import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCli } from '../../helpers/cli.ts';
import { CLEAN, commit, watchedRepo } from './helpers.ts';

function cycles(repo: string): { outcome: string; detail: string | null; swept: number }[] {
  const db = new Database(join(repo, '.bug-hunter', 'watch.db'), { readonly: true });
  try {
    return db.prepare('SELECT outcome, detail, swept FROM cycles ORDER BY id').all() as { outcome: string; detail: string | null; swept: number }[];
  } finally {
    db.close();
  }
}

test('the slow sweep re-examines a few of the plan\'s chunks per cycle, least recently reviewed first; a spent daily budget stops it and status says so', async (t) => {
  const repo = watchedRepo(t);
  // About 5,000 tokens each: the balanced profile's 12,000-token chunks hold two of them.
  const big = (n: string) => `${CLEAN.replace('ok', n)}${`// ${'padding '.repeat(12)}\n`.repeat(200)}`;
  commit(repo, Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((n) => [`src/${n}.js`, big(n)])), 'more files');
  const watch = () => runCli(['watch', '--once', repo, '--quiet', '--profile', 'balanced', '--sweep-chunks', '1']);
  assert.equal((await watch()).code, 0);
  assert.deepEqual(cycles(repo).map((c) => c.outcome), ['investigated'], 'no sweep right after the whole-tree baseline');
  for (let i = 0; i < 4; i += 1) assert.equal((await watch()).code, 0);
  const swept = cycles(repo).filter((c) => c.outcome === 'sweep');
  assert.deepEqual(swept.map((c) => [c.swept, c.detail]), [
    [1, 'src/a.js, src/b.js'],
    [1, 'src/c.js, src/d.js'],
    [1, 'src/e.js, src/ok.js'],
    [1, 'src/a.js, src/b.js'],
  ], 'one chunk per cycle, the whole tree covered in three, then round again');
  assert.match((await runCli(['watch', 'status', repo])).stdout, /Sweep: 6 file\(s\) reviewed, the oldest review .*; last sweep .*: src\/a\.js, src\/b\.js\./);

  const capped = watchedRepo(t);
  assert.equal((await runCli(['watch', '--once', capped, '--quiet', '--per-day-seconds', '0.001'])).code, 0);
  assert.equal((await runCli(['watch', '--once', capped, '--quiet', '--per-day-seconds', '0.001'])).code, 0, 'nothing pending');
  assert.deepEqual(cycles(capped).filter((c) => c.outcome === 'sweep'), [], 'no sweep once the day is spent');
  const status = await runCli(['watch', 'status', capped]);
  assert.match(status.stdout, /level exhausted/);
  assert.match(status.stdout, /no investigation or sweep starts until the day rolls over/);
  assert.match(status.stdout, /no sweep yet/);
});
