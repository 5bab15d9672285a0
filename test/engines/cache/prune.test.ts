import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { Type } from '@sinclair/typebox';
import { cacheFiles, choosePrunes, type CacheFile } from '../../../src/engines/cache/inventory.ts';
import { entryPath, openCacheDir } from '../../../src/engines/cache/store.ts';
import { parseAge, parseSize } from '../../../src/engines/cache/units.ts';
import { clearAnalysisMemo } from '../../../src/engines/static/engine.ts';
import { runCli } from '../../helpers/cli.ts';
import { buggyProject } from '../../helpers/project.ts';
import { gitRepo, tempDir } from '../../helpers/temp.ts';

const DAY = 86_400_000;
const key = (c: string) => c.repeat(64);
const quiet = { warn: () => undefined };

test('ages and sizes parse from 30d, 12h, 500MB, 64KB and bytes; anything else is a usage error naming the flag', () => {
  assert.equal(parseAge('older-than', '30d'), 30 * DAY);
  assert.equal(parseAge('older-than', '12h'), 12 * 3_600_000);
  assert.equal(parseSize('max-size', '500MB'), 500 * 1024 * 1024);
  assert.equal(parseSize('max-size', '64kb'), 64 * 1024);
  assert.equal(parseSize('max-size', '1000'), 1000);
  assert.throws(() => parseAge('older-than', '30 days'), /--older-than takes an age/);
  assert.throws(() => parseAge('older-than', '0d'), /--older-than/);
  assert.throws(() => parseSize('max-size', 'lots'), /--max-size takes a size/);
  assert.throws(() => parseSize('max-size', '5M'), /--max-size/);
});

test('prune removes what is older than the age, then the least recently used until the rest fits the size', () => {
  const now = 100 * DAY;
  const e = (name: string, ageDays: number, bytes: number): CacheFile => ({ kind: 'static', path: name, bytes, mtimeMs: now - ageDays * DAY, entries: 1 });
  const entries = [e('old', 40, 10), e('mid', 10, 10), e('new', 1, 10), e('newest', 0, 10)];
  assert.deepEqual(choosePrunes(entries, { olderThanMs: 30 * DAY }, now).map((x) => x.path), ['old']);
  assert.deepEqual(choosePrunes(entries, { maxBytes: 20 }, now).map((x) => x.path).sort(), ['mid', 'old']);
  assert.deepEqual(choosePrunes(entries, { olderThanMs: 30 * DAY, maxBytes: 25 }, now).map((x) => x.path).sort(), ['mid', 'old']);
  assert.deepEqual(choosePrunes(entries, {}, now), []);
});

test('cache stats counts entries per kind and shows the last run; cache prune --older-than removes old entries, on disk', async (t) => {
  const repo = gitRepo(t, buggyProject(2));
  // Cold: another test in this process (test files share processes) may have analysed these very files.
  clearAnalysisMemo();
  const scan = await runCli(['scan', repo, '--quiet']);
  assert.equal(scan.code, 1);
  const stats = await runCli(['cache', 'stats', repo, '--json']);
  assert.equal(stats.code, 0);
  const report = JSON.parse(stats.stdout);
  assert.equal(report.kinds.static.entries, 2);
  assert.equal(report.kinds.recon.entries, 2);
  assert.equal(report.kinds.threat.entries, 2);
  assert.ok(report.kinds.static.bytes > 0);
  assert.equal(report.kinds.recon.lastRun.misses, 2);
  assert.match(report.lastRun.runId, /\S/);
  const text = await runCli(['cache', 'stats', repo]);
  assert.match(text.stdout, /static +2 entries .*last run 0 hit\(s\), 2 miss\(es\)/);

  // Age one entry by 40 days: a 30-day prune removes it alone.
  const { entries } = cacheFiles(report.dir);
  const old = new Date(Date.now() - 40 * DAY);
  utimesSync(entries[0]!.path, old, old);
  const pruned = await runCli(['cache', 'prune', repo, '--older-than', '30d', '--json']);
  assert.equal(pruned.code, 0);
  // A scan packs each kind's entries (pack.ts): the aged file is a pack of several, removed whole.
  assert.ok(entries[0]!.entries >= 1);
  assert.equal(JSON.parse(pruned.stdout).removed.entries, entries[0]!.entries);
  assert.equal(existsSync(entries[0]!.path), false);
  assert.equal(cacheFiles(report.dir).entries.length, entries.length - 1);

  const all = await runCli(['cache', 'prune', repo, '--max-size', '0']);
  const left = entries.slice(1).reduce((n, e) => n + e.entries, 0);
  assert.match(all.stdout, new RegExp(`Removed ${left} entries`));
  assert.equal(cacheFiles(report.dir).entries.length, 0);
});

test('prune keeps files that are not cache entries, and a recently hit entry outlives one never used again', async (t) => {
  const dir = tempDir(t);
  const cache = openCacheDir(dir, quiet);
  cache.put('static', key('a'), { n: 1 });
  cache.put('static', key('b'), { n: 2 });
  const long = new Date(Date.now() - 10 * DAY);
  for (const k of [key('a'), key('b')]) utimesSync(entryPath(dir, 'static', k), long, long);
  writeFileSync(`${dir}/README`, 'mine');
  openCacheDir(dir, quiet).get('static', key('b'), Type.Object({ n: Type.Integer() }));
  const r = await runCli(['cache', 'prune', '--cache-dir', dir, '--older-than', '5d', '--json']);
  assert.equal(JSON.parse(r.stdout).removed.entries, 1);
  assert.equal(existsSync(entryPath(dir, 'static', key('a'))), false);
  assert.equal(existsSync(entryPath(dir, 'static', key('b'))), true);
  assert.equal(existsSync(`${dir}/README`), true);
});

test('cache commands refuse a missing subcommand and bad flag values with exit 2', async () => {
  assert.equal((await runCli(['cache'])).code, 2);
  const bad = await runCli(['cache', 'prune', '--older-than', 'soon']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--older-than/);
  assert.equal((await runCli(['cache', 'stats', '--max-size', '1GB'])).code, 2);
});
