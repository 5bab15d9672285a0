import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { splitCorpus } from '../../../../scripts/corpora/secbench/split.ts';
import { LENSES_DIR, lensSplitCases, lensSplitText } from '../../../../scripts/corpora/lenses/write-split.ts';
import { LENSES, parseLensCases } from '../../../../scripts/corpora/lenses/corpus.ts';

test('the recorded lenses split is what the seeded split computes (a changed seed, rule or case shows in review)', () => {
  assert.equal(readFileSync(join(LENSES_DIR, 'split.json'), 'utf8'), lensSplitText());
});

test('every package lies on exactly one side, some of the corpus is held out, and every lens has development cases', () => {
  const cases = lensSplitCases();
  const split = splitCorpus(cases);
  const dev = new Set(split.development);
  for (const p of split.heldOut) assert.ok(!dev.has(p), `${p} on both sides`);
  assert.equal(dev.size + split.heldOut.length, new Set(cases.map((c) => c.package)).size);
  const held = Object.values(split.counts).reduce((n, row) => n + row.heldOut, 0);
  assert.ok(held / cases.length >= 0.15 && held / cases.length <= 0.31, `held-out share ${(held / cases.length).toFixed(2)}`);
  for (const lens of LENSES) assert.ok((split.counts[lens]?.development ?? 0) >= 5, `${lens}: too few development cases`);
});

test('the cases file rejects a duplicate id and a case whose before and after versions are the same', () => {
  const text = readFileSync(join(LENSES_DIR, 'cases.json'), 'utf8');
  const doc = JSON.parse(text) as { description: string; cases: Array<Record<string, unknown>> };
  assert.ok(parseLensCases(text).length >= 30);
  const dup = { ...doc, cases: [...doc.cases, doc.cases[0]] };
  assert.throws(() => parseLensCases(JSON.stringify(dup)), /appears twice/);
  const same = { ...doc, cases: [{ ...doc.cases[0], after: doc.cases[0]!.before }] };
  assert.throws(() => parseLensCases(JSON.stringify(same)), /same before and after/);
  const badLens = { ...doc, cases: [{ ...doc.cases[0], lens: 'injection' }] };
  assert.throws(() => parseLensCases(JSON.stringify(badLens)), /schema/);
});

test("the split's description states the held-out share the data has, not the share it aims at", () => {
  const doc = JSON.parse(readFileSync(join(LENSES_DIR, 'split.json'), 'utf8')) as { description: string; counts: Record<string, { development: number; heldOut: number }> };
  const rows = Object.values(doc.counts);
  const held = rows.reduce((n, row) => n + row.heldOut, 0);
  const total = rows.reduce((n, row) => n + row.development + row.heldOut, 0);
  assert.ok(doc.description.includes(`${held} of ${total} cases (${Math.round((held / total) * 100)}%) held out`), doc.description);
  assert.doesNotMatch(doc.description, /70\/30/);
});
