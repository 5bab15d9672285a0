import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { entryPath, MAX_ENTRY_BYTES, openCacheDir, TOUCH_AFTER_MS } from '../../../src/engines/cache/store.ts';
import { cacheFiles, sizesOf } from '../../../src/engines/cache/inventory.ts';
import { tempDir } from '../../helpers/temp.ts';

const Value = Type.Object({ n: Type.Integer() }, { additionalProperties: false });
const KEY = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);

function logger() {
  const warnings: string[] = [];
  return { warnings, log: { warn: (m: string) => warnings.push(m) } };
}

test('an entry written is read back as a hit; an absent key is a plain miss without a warning', (t) => {
  const dir = tempDir(t);
  const { warnings, log } = logger();
  const cache = openCacheDir(dir, log);
  assert.equal(cache.get('static', KEY, Value), undefined);
  cache.put('static', KEY, { n: 7 });
  assert.deepEqual(cache.get('static', KEY, Value), { n: 7 });
  assert.deepEqual(cache.counters().static, { hits: 1, misses: 1, corrupt: 0, writes: 1 });
  assert.deepEqual(warnings, []);
  // The same key under another kind is another entry.
  assert.equal(cache.get('recon', KEY, Value), undefined);
});

test('a hit refreshes the time of an entry older than TOUCH_AFTER_MS, and leaves a younger one as it is', (t) => {
  const dir = tempDir(t);
  const cache = openCacheDir(dir, logger().log);
  cache.put('static', KEY, { n: 1 });
  cache.put('static', OTHER, { n: 2 });
  const old = new Date(Date.now() - 2 * TOUCH_AFTER_MS);
  const young = new Date(Date.now() - TOUCH_AFTER_MS / 2);
  utimesSync(entryPath(dir, 'static', KEY), old, old);
  utimesSync(entryPath(dir, 'static', OTHER), young, young);
  const before = Date.now();
  assert.deepEqual(cache.get('static', KEY, Value), { n: 1 });
  assert.deepEqual(cache.get('static', OTHER, Value), { n: 2 });
  assert.ok(statSync(entryPath(dir, 'static', KEY)).mtimeMs >= before - 1000, 'the old entry was hit, so it is young again');
  assert.equal(Math.round(statSync(entryPath(dir, 'static', OTHER)).mtimeMs / 1000), Math.round(young.getTime() / 1000));
});

test('a corrupt entry (not JSON, wrong shape, or holding another key) is a miss with a warning, never a crash', (t) => {
  const dir = tempDir(t);
  const { warnings, log } = logger();
  const cache = openCacheDir(dir, log);
  const path = entryPath(dir, 'static', KEY);
  mkdirSync(dirname(path), { recursive: true });

  writeFileSync(path, '{"schemaVersion":1,"kind":"static","key":');
  assert.equal(cache.get('static', KEY, Value), undefined);
  writeFileSync(path, JSON.stringify({ schemaVersion: 1, kind: 'static', key: KEY, value: { n: 'seven' } }));
  assert.equal(cache.get('static', KEY, Value), undefined);
  writeFileSync(path, JSON.stringify({ schemaVersion: 1, kind: 'static', key: OTHER, value: { n: 1 } }));
  assert.equal(cache.get('static', KEY, Value), undefined);

  assert.deepEqual(cache.counters().static, { hits: 0, misses: 3, corrupt: 3, writes: 0 });
  assert.equal(warnings.length, 3);
  assert.match(warnings[0]!, /not JSON/);
  assert.match(warnings[1]!, /\/value\/n/);
  assert.match(warnings[2]!, /not this one/);
  // Recomputed and written again, the entry is good.
  cache.put('static', KEY, { n: 1 });
  assert.deepEqual(cache.get('static', KEY, Value), { n: 1 });
  assert.equal(JSON.parse(readFileSync(path, 'utf8')).key, KEY);
});

test('batch mode holds entries until flush, then writes one pack per kind that a later run reads; model answers are written at once', (t) => {
  const dir = tempDir(t);
  const { warnings, log } = logger();
  const cache = openCacheDir(dir, log, { batch: true });
  cache.put('static', KEY, { n: 1 });
  cache.put('static', OTHER, { n: 2 });
  cache.put('recon', KEY, { n: 3 });
  cache.put('model', KEY, { n: 4 });
  // Whole-set entries are written one file each too: a pack would grow the index every lookup of the kind reads.
  cache.put('recon-files', KEY, { n: 5 });
  cache.put('threat-model', KEY, { n: 6 });
  // Held: visible to this run, nothing on disk yet but the model answer and the whole-set entries.
  assert.deepEqual(cache.get('static', KEY, Value), { n: 1 });
  assert.equal(existsSync(entryPath(dir, 'static', KEY)), false);
  assert.equal(existsSync(entryPath(dir, 'model', KEY)), true);
  assert.equal(existsSync(entryPath(dir, 'recon-files', KEY)), true);
  assert.equal(existsSync(entryPath(dir, 'threat-model', KEY)), true);
  assert.equal(cache.counters().static.writes, 0);
  // A run that dies before its flush leaves nothing behind but the model answer: the next one recomputes.
  assert.equal(openCacheDir(dir, log).get('static', KEY, Value), undefined);

  cache.flush();
  assert.equal(cache.counters().static.writes, 2);
  assert.equal(cache.counters().recon.writes, 1);
  const packs = readdirSync(join(dir, 'static')).filter((n) => n.startsWith('pack-'));
  assert.equal(packs.length, 1);
  assert.equal(readFileSync(join(dir, 'static', packs[0]!), 'utf8').split('\n').filter(Boolean).length, 2);
  assert.equal(existsSync(entryPath(dir, 'static', KEY)), false);
  // Still answered in this run (from the pack), and by a new one.
  assert.deepEqual(cache.get('static', OTHER, Value), { n: 2 });
  const later = openCacheDir(dir, log);
  assert.deepEqual(later.get('static', KEY, Value), { n: 1 });
  assert.deepEqual(later.get('static', OTHER, Value), { n: 2 });
  assert.deepEqual(later.get('recon', KEY, Value), { n: 3 });
  assert.equal(later.get('recon', OTHER, Value), undefined);
  assert.deepEqual(later.counters().static, { hits: 2, misses: 0, corrupt: 0, writes: 0 });
  // cache stats counts the entries a pack holds, not the files.
  const { entries } = cacheFiles(dir);
  assert.deepEqual(sizesOf(entries).static.entries, 2);
  assert.deepEqual(warnings, []);
});

/** A cache folder with one static pack of KEY ({ n: 1 }, damaged: the value no longer fits its schema) and OTHER ({ n: 2 }). */
function damagedPack(t: Parameters<typeof tempDir>[0]): { dir: string; path: string } {
  const dir = tempDir(t);
  const first = openCacheDir(dir, logger().log, { batch: true });
  first.put('static', KEY, { n: 1 });
  first.put('static', OTHER, { n: 2 });
  first.flush();
  const [pack] = readdirSync(join(dir, 'static')).filter((n) => n.startsWith('pack-'));
  const path = join(dir, 'static', pack!);
  writeFileSync(path, readFileSync(path, 'utf8').replace('{"n":1}', '{"n":"one"}'));
  return { dir, path };
}

test('a damaged pack line is a miss with a warning naming the pack; the recomputed entry, packed anew, answers after it', (t) => {
  const { dir, path } = damagedPack(t);
  utimesSync(path, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  const { warnings, log } = logger();
  const second = openCacheDir(dir, log, { batch: true });
  assert.equal(second.get('static', KEY, Value), undefined);
  assert.deepEqual(second.get('static', OTHER, Value), { n: 2 });
  assert.deepEqual(second.counters().static, { hits: 1, misses: 1, corrupt: 1, writes: 0 });
  assert.equal(warnings.length, 1);
  assert.ok(warnings[0]!.includes(path) && /\/value\/n/.test(warnings[0]!), warnings[0]);
  second.put('static', KEY, { n: 1 });
  second.flush();
  const third = openCacheDir(dir, logger().log);
  assert.deepEqual(third.get('static', KEY, Value), { n: 1 });
  assert.equal(third.counters().static.corrupt, 0);
});

test('a pack line looked up again in one run answers the same fresh value; a damaged line stays a miss every time', (t) => {
  const { dir } = damagedPack(t);
  const { warnings, log } = logger();
  const cache = openCacheDir(dir, log, { batch: true });
  const once = cache.get('static', OTHER, Value) as { n: number };
  once.n = 99;
  // Checked once, parsed each time: the caller's change to its value is not the next caller's.
  assert.deepEqual(cache.get('static', OTHER, Value), { n: 2 });
  assert.equal(cache.get('static', KEY, Value), undefined);
  assert.equal(cache.get('static', KEY, Value), undefined);
  assert.deepEqual(cache.counters().static, { hits: 2, misses: 2, corrupt: 2, writes: 0 });
  assert.equal(warnings.length, 2);
  // The recomputed line for the key replaces the damaged one in this run and is checked before it answers.
  cache.put('static', KEY, { n: 1 });
  assert.deepEqual(cache.get('static', KEY, Value), { n: 1 });
  cache.flush();
  assert.deepEqual(cache.get('static', KEY, Value), { n: 1 });
});

test('an entry larger than the read cap is not kept: no write, and a later lookup is a plain miss without a warning', (t) => {
  const dir = tempDir(t);
  const { warnings, log } = logger();
  const Big = Type.Object({ text: Type.String() }, { additionalProperties: false });
  for (const batch of [false, true]) {
    const cache = openCacheDir(dir, log, { batch });
    cache.put('recon-files', KEY, { text: 'x'.repeat(MAX_ENTRY_BYTES) });
    cache.put('static', KEY, { text: 'é'.repeat(MAX_ENTRY_BYTES / 2) });
    cache.flush();
    assert.equal(cache.get('recon-files', KEY, Big), undefined);
    assert.equal(cache.get('static', KEY, Big), undefined);
    assert.deepEqual({ files: cache.counters()['recon-files'], packs: cache.counters().static }, { files: { hits: 0, misses: 1, corrupt: 0, writes: 0 }, packs: { hits: 0, misses: 1, corrupt: 0, writes: 0 } });
  }
  assert.equal(existsSync(entryPath(dir, 'recon-files', KEY)), false);
  assert.deepEqual(warnings, []);
});
