import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { parseIncompleteFixes, type CaseFacts, type IncompleteFix } from '../../../../scripts/corpora/incomplete-fixes/evidence.ts';
import { EVIDENCE_CORPORA, evidenceOf } from '../../../../scripts/corpora/incomplete-fixes/corpora.ts';
import { REPO_ROOT } from '../../../../scripts/corpora/real-world/scan.ts';

const facts: CaseFacts[] = [
  { id: 'dev-case', package: 'left-pad', fixed: '1.0.1', class: 'prototype-pollution', side: 'dev' },
  { id: 'zz-hidden-case', package: 'zz-hidden-pkg', fixed: '2.0.0', class: 'redos', side: 'held-out' },
];
const entry = (over: Partial<IncompleteFix> = {}): IncompleteFix => ({
  case: 'dev-case', package: 'left-pad', fixed: '1.0.1', class: 'prototype-pollution', reason: 'r', exploit: { code: ['module.exports = () => {};'] }, ...over,
});
const parse = (entries: unknown[]) => parseIncompleteFixes(JSON.stringify({ description: 'd', entries }), 'incomplete-fixes.json', facts);

test('the recorded evidence files parse and every entry matches its corpus case (SecBench.js: development cases only)', () => {
  const benchDir = join(REPO_ROOT, 'benchmark', 'real-world');
  for (const corpus of EVIDENCE_CORPORA) {
    const entries = evidenceOf(benchDir, corpus);
    assert.ok(entries.length > 0, `${corpus} has entries`);
    for (const e of entries) assert.ok(e.reason.length > 0 && e.exploit.code.length > 0);
  }
});

test('an entry must name a corpus case with its fixed version and class; a held-out case is refused without being named', () => {
  assert.equal(parse([entry()]).length, 1);
  assert.throws(() => parse([entry({ case: 'nope' })]), /names case 'nope', which is not in the corpus/);
  assert.throws(() => parse([entry({ fixed: '9.9.9' })]), /is left-pad fixed in 1\.0\.1, not left-pad 9\.9\.9/);
  assert.throws(() => parse([entry({ class: 'redos', exploit: { code: ['x'] } })]), /is of class prototype-pollution, not redos/);
  assert.throws(() => parse([entry(), entry()]), /has two entries/);
  assert.throws(
    () => parse([entry({ case: 'zz-hidden-case', package: 'zz-hidden-pkg', fixed: '2.0.0', class: 'redos', exploit: { code: ['x'] } })]),
    (e: Error) => /entry 1 is not a development case/.test(e.message) && !/zz-hidden/.test(e.message),
  );
  assert.throws(() => parse([{ ...entry(), extra: 1 }]), /must NOT have additional properties|additional/);
});

test('a redos exploit states no length or seconds: the criterion (growth as the input doubles) is the harness\'s', () => {
  const redosFacts: CaseFacts[] = [{ id: 'r', package: 'p', fixed: '1.0.1', class: 'redos' }];
  const one = (exploit: unknown) => parseIncompleteFixes(JSON.stringify({ description: 'd', entries: [{ case: 'r', package: 'p', fixed: '1.0.1', class: 'redos', reason: 'r', exploit }] }), 'f.json', redosFacts);
  assert.equal(one({ code: ['x'] }).length, 1);
  assert.throws(() => one({ code: ['x'], length: 10, seconds: 1 }), /additional/);
  assert.throws(() => parse([entry({ exploit: { code: ['x'], seconds: 1 } as IncompleteFix['exploit'] })]), /additional/);
});
