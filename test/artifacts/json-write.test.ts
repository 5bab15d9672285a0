import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPACT_ARRAY, jsonChunks, writeJsonAtomic } from '../../src/foundations/fs/atomic.ts';
import { tempDir } from '../helpers/temp.ts';

/** Writes the value as an artifact file and returns its text, checked to read back as JSON.stringify's value. */
function writtenText(t: TestContext, name: string, value: unknown): { path: string; text: string } {
  const path = join(tempDir(t), name);
  writeJsonAtomic(path, value);
  const text = readFileSync(path, 'utf8');
  assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(value)));
  return { path, text };
}

test('small values are written exactly as JSON.stringify(value, null, 2) writes them', () => {
  const values: unknown[] = [{}, [], 1, 'x', null, { a: undefined, b: () => 1, c: [undefined, () => 1, 'é\n', { d: [1, { e: [] }] }], f: new Date(0), g: { toJSON: () => 'T' } }, new Date(2), [1, [2]], { x: 'a\u2028b', y: [[1, 2], [3]] }];
  for (const value of values) assert.equal([...jsonChunks(value)].join(''), `${JSON.stringify(value, null, 2)}\n`, JSON.stringify(value));
});

test('a long top-level array is written one compact element per line and reads back equal', (t) => {
  const value = { header: { n: 1 }, records: Array.from({ length: COMPACT_ARRAY + 1 }, (_, i) => (i === 3 ? undefined : { i, text: `line\n"${i}"`, tags: ['a', 'b'] })), short: [1, 2] };
  const { path, text } = writtenText(t, 'out.json', value);
  const lines = text.split('\n');
  assert.equal(lines[5], '    {"i":0,"text":"line\\n\\"0\\"","tags":["a","b"]},');
  assert.equal(lines[8], '    null,');
  assert.ok(text.includes('"short": [\n    1,\n    2\n  ]'), 'short arrays keep the indented layout');
  assert.deepEqual(readdirSync(join(path, '..')), ['out.json']);
});

test('a large document is written through a small buffer, multi-byte text intact', (t) => {
  // Over the 1 MiB write buffer several times, with characters of 1 to 4 UTF-8 bytes.
  const value = { rows: Array.from({ length: 20_000 }, (_, i) => ({ i, s: `é€😀-${'x'.repeat(i % 300)}` })) };
  const path = join(tempDir(t), 'big.json');
  writeJsonAtomic(path, value);
  assert.deepEqual(JSON.parse(readFileSync(path, 'utf8')), value);
});

test('a large top-level record is written one compact member per line and reads back equal; a small one keeps the indented layout', (t) => {
  const files = Object.fromEntries(Array.from({ length: COMPACT_ARRAY + 1 }, (_, i) => [`src/f${i}.ts`, i === 2 ? undefined : { sha256: `${i}`, status: 'done' }]));
  const value = { header: 1, files, few: { a: { b: 1 } } };
  const { text } = writtenText(t, 'state.json', value);
  const lines = text.split('\n');
  assert.equal(lines[2], '  "files": {');
  assert.equal(lines[3], '    "src/f0.ts":{"sha256":"0","status":"done"},');
  assert.equal(lines[5], '    "src/f3.ts":{"sha256":"3","status":"done"},', 'a member with no JSON form is left out');
  assert.ok(text.includes('"few": {\n    "a": {\n      "b": 1\n    }\n  }'), 'small records keep the indented layout');
  // A large record whose members all have no JSON form is written as JSON.stringify writes it: {}.
  const empty = { none: Object.fromEntries(Array.from({ length: COMPACT_ARRAY + 1 }, (_, i) => [`k${i}`, undefined])) };
  assert.equal([...jsonChunks(empty)].join(''), `${JSON.stringify(empty, null, 2)}\n`);
});
