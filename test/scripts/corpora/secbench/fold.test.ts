import { test } from 'node:test';
import assert from 'node:assert/strict';
import { selectSecbench, readSecbench, sideOf, type SecbenchCase } from '../../../../scripts/corpora/secbench/corpus.ts';
import { foldOf } from '../../../../scripts/corpora/secbench/fold.ts';
import { formatHeldOut, heldOutCounts } from '../../../../scripts/corpora/secbench/format.ts';
import { scoreSecbenchCase } from '../../../../scripts/corpora/secbench/score.ts';
import { join } from 'node:path';

const BENCH = join(import.meta.dirname, '../../../../benchmark/real-world/secbench');

test('the development part splits into two folds by package, about half of each class on each side, and never reaches a held-out package', () => {
  const { cases, split } = readSecbench(BENCH);
  const sides = sideOf(cases, split);
  const dev = cases.filter((c) => sides.get(c.id) === 'dev');
  const folds = foldOf(dev);
  const study = selectSecbench(cases, split, { part: 'dev', classes: [], fold: 'study' });
  const check = selectSecbench(cases, split, { part: 'dev', classes: [], fold: 'check' });
  assert.equal(study.length + check.length, dev.length);
  const held = new Set(split.heldOut);
  for (const s of [...study, ...check]) assert.ok(!held.has(s.case.package), 'a fold holds only development packages');
  const studyPackages = new Set(study.map((s) => s.case.package));
  for (const s of check) assert.ok(!studyPackages.has(s.case.package), 'one package, one fold');
  for (const s of study) assert.equal(folds.get(s.case.package), 'study');
  for (const cls of new Set(dev.map((c) => c.class))) {
    const n = dev.filter((c) => c.class === cls).length;
    const inCheck = check.filter((s) => s.case.class === cls).length;
    assert.ok(Math.abs(inCheck - n / 2) <= Math.max(3, n * 0.15), `${cls}: ${inCheck} of ${n} in the check fold`);
  }
  assert.ok(check.every((s) => s.side === 'held-out'), 'the check fold is counted like the held-out part');
  assert.ok(study.every((s) => s.side === 'dev'));
});

test('--fold works only on the development part, and the check fold prints counts without a case, package or file', () => {
  const kase = (id: string): SecbenchCase => ({ id, class: 'redos', package: `pkg-${id}`, version: '1.0.0', fixedVersion: null, sink: { file: `lib/${id}.js`, line: 3 }, advisory: null });
  const cases = [kase('a'), kase('b'), kase('c'), kase('d')];
  const split = { development: cases.map((c) => c.package), heldOut: [] };
  assert.throws(() => selectSecbench(cases, split, { part: 'both', classes: [], fold: 'check' }), /--part dev/);
  const check = selectSecbench(cases, split, { part: 'dev', classes: [], fold: 'check' });
  assert.ok(check.length > 0 && check.length < cases.length);
  const outcomes = check.map((s) => scoreSecbenchCase({ case: s.case, side: s.side, fetched: false }));
  const text = formatHeldOut(heldOutCounts(outcomes), 'SecBench.js development part, check fold (per-class counts only; its misses are not read)');
  assert.match(text, /check fold/);
  assert.match(text, /redos/);
  for (const s of check) {
    assert.ok(!text.includes(s.case.package) && !text.includes(s.case.sink.file), 'no package or file in the check fold text');
  }
});
