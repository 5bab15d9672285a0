import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UsageError } from '../../../src/foundations/errors.ts';
import { chunksOfShard, parseShard, shardOfChunk } from '../../../src/engines/shard/assign.ts';

const chunk = (i: number, first = `src/file${i}.ts`) => ({ id: `chunk-${String(i + 1).padStart(3, '0')}`, files: [first, `src/other${i}.ts`] });

test('--shard takes i/n with 1 ≤ i ≤ n; anything else is a usage error naming the flag', () => {
  assert.deepEqual(parseShard('2/3'), { index: 2, count: 3 });
  assert.deepEqual(parseShard('1/1'), { index: 1, count: 1 });
  for (const bad of ['0/3', '4/3', '3', '1/0', 'a/b', '-1/3', '1/3/4', '', '1/999']) {
    assert.throws(() => parseShard(bad), (e: unknown) => e instanceof UsageError && /--shard/.test(e.message) && e.message.includes(`'${bad}'`), bad);
  }
});

test('every chunk belongs to exactly one shard, and the shards together hold every chunk', () => {
  const chunks = Array.from({ length: 60 }, (_, i) => chunk(i));
  const shares = [1, 2, 3, 4].map((index) => chunksOfShard(chunks, { index, count: 4 }).map((c) => c.id));
  const all = shares.flat();
  assert.equal(all.length, chunks.length);
  assert.deepEqual([...all].sort(), chunks.map((c) => c.id).sort());
  // A hash spreads 60 chunks over 4 shards: none is empty (a position-free assignment that still shares the work).
  for (const share of shares) assert.ok(share.length > 0, `a shard got no chunk of 60: ${shares.map((s) => s.length).join(', ')}`);
});

test("a chunk's shard depends on its first file only, so adding files elsewhere (new chunks, renumbered ids) moves no chunk", () => {
  const before = Array.from({ length: 30 }, (_, i) => chunk(i));
  const owner = new Map(before.map((c) => [c.files[0], shardOfChunk(c, 5)]));
  // New files sort in first: every chunk gets a new id and position, the same first file.
  const after = [...Array.from({ length: 7 }, (_, i) => chunk(100 + i)), ...before].map((c, i) => ({ ...c, id: `chunk-${i + 1}` }));
  for (const c of after.slice(7)) assert.equal(shardOfChunk(c, 5), owner.get(c.files[0]), c.files[0]);
  // And not on the rest of the chunk: a file appended to a chunk leaves it where it was.
  for (const c of before) assert.equal(shardOfChunk({ ...c, files: [...c.files, 'src/appended.ts'] }, 5), owner.get(c.files[0]));
});
