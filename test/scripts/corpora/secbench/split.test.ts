import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { splitCorpus, type SplitCase } from '../../../../scripts/corpora/secbench/split.ts';
import { SECBENCH_DIR, splitText } from '../../../../scripts/corpora/secbench/write-split.ts';

test('the recorded split is what the seeded split computes (a changed seed or rule shows in review)', () => {
  assert.equal(readFileSync(join(SECBENCH_DIR, 'split.json'), 'utf8'), splitText());
});

test('every package lies on exactly one side, and each class keeps about 30% of its cases held out', () => {
  const { cases } = JSON.parse(readFileSync(join(SECBENCH_DIR, 'cases.json'), 'utf8')) as { cases: SplitCase[] };
  const split = splitCorpus(cases);
  const dev = new Set(split.development);
  for (const p of split.heldOut) assert.ok(!dev.has(p), `${p} on both sides`);
  assert.equal(dev.size + split.heldOut.length, new Set(cases.map((c) => c.package)).size);
  for (const [cls, row] of Object.entries(split.counts)) {
    const share = row.heldOut / (row.heldOut + row.development);
    assert.ok(share > 0.25 && share <= 0.31, `${cls}: held-out share ${share.toFixed(2)}`);
  }
});

test('the split groups by package on generated corpora and does not depend on case order', () => {
  const cases: SplitCase[] = [];
  for (let i = 0; i < 200; i++) cases.push({ id: `c${i}`, class: ['a', 'b', 'c'][i % 3]!, package: `p${i % 130}` });
  const one = splitCorpus(cases, 7);
  const two = splitCorpus([...cases].reverse(), 7);
  assert.deepEqual(one, two);
  const dev = new Set(one.development);
  for (const c of cases) assert.notEqual(dev.has(c.package), one.heldOut.includes(c.package), `${c.package} on one side only`);
  assert.notDeepEqual(splitCorpus(cases, 8).heldOut, one.heldOut, 'another seed, another split');
});
