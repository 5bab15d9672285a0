import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Type } from '@sinclair/typebox';
import { entryPath, openCacheDir } from '../../src/cache/store.ts';
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
