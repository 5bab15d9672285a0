import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Type } from '@sinclair/typebox';
import { entryPath, openCacheDir, TOUCH_AFTER_MS } from '../../src/cache/store.ts';
import { tempDir } from '../helpers/temp.ts';

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
