import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildChunks } from '../../../src/engines/chunks/build.ts';

const file = (path: string, tokens: number, risk: number) => ({ path, tokens, risk });

test('chunks follow risk order and never pass the token budget', () => {
  const files = [file('a', 400, 9), file('b', 400, 8), file('c', 300, 7), file('d', 500, 3), file('e', 100, 1)];
  const chunks = buildChunks(files, 1000);
  assert.deepEqual(chunks.map((c) => c.files), [['a', 'b'], ['c', 'd', 'e']]);
  assert.deepEqual(chunks.map((c) => c.id), ['chunk-001', 'chunk-002']);
  assert.deepEqual(chunks.map((c) => c.tokens), [800, 900]);
  assert.deepEqual(chunks.map((c) => c.risk), [9, 7]);
  for (const c of chunks) assert.ok(c.tokens <= 1000 && !c.oversized);
});

test('a file over the budget is isolated in its own chunk marked oversized', () => {
  const chunks = buildChunks([file('a', 300, 9), file('huge', 5000, 8), file('b', 300, 7)], 1000);
  const big = chunks.find((c) => c.files.includes('huge'));
  assert.deepEqual(big?.files, ['huge']);
  assert.equal(big?.oversized, true);
  assert.equal(big?.tokens, 5000);
  assert.deepEqual(chunks.filter((c) => !c.oversized).flatMap((c) => c.files), ['a', 'b']);
  assert.ok(chunks.every((c, i) => i === 0 || (chunks[i - 1]?.risk ?? 0) >= c.risk), 'chunk risk never rises');
});

test('no files, no chunks; a bad budget is refused', () => {
  assert.deepEqual(buildChunks([], 1000), []);
  assert.throws(() => buildChunks([file('a', 1, 1)], 0), /budget/);
});
