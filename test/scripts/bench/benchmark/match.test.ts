import { test } from 'node:test';
import assert from 'node:assert/strict';
import { categoriesCompatible } from '../../../../scripts/bench/benchmark/categories.ts';
import type { BugLabel, DecoyLabel } from '../../../../scripts/bench/benchmark/labels.ts';
import { matchCase, type ScoredFinding } from '../../../../scripts/bench/benchmark/match.ts';

const bug = (id: string, startLine: number, endLine: number, category: BugLabel['category'] = 'injection', file = 'a.js'): BugLabel => ({
  id, file, startLine, endLine, category, severity: 'high', description: id, engines: ['static', 'model'],
});
const finding = (startLine: number, category: ScoredFinding['category'] = 'injection', confidence = 0.9, file = 'a.js'): ScoredFinding => ({
  fingerprint: `${file}${startLine}${category}`, file, startLine, endLine: startLine, category, severity: 'high', confidence, lens: 'l',
});

test('a finding matches a label in the same file within ±3 lines and a compatible category', () => {
  const m = matchCase([finding(13)], [bug('b', 10, 10)], []);
  assert.deepEqual(m.matched.map((x) => x.label.id), ['b']);
  assert.equal(matchCase([finding(14)], [bug('b', 10, 10)], []).matched.length, 0, '4 lines away is too far');
  assert.equal(matchCase([finding(10, 'injection', 0.9, 'b.js')], [bug('b', 10, 10)], []).matched.length, 0, 'other file');
  assert.equal(matchCase([finding(10, 'path-traversal')], [bug('b', 10, 10)], []).matched.length, 0, 'wrong diagnosis');
});

test('matching is one-to-one: two findings on one bug give one true and one false positive', () => {
  const m = matchCase([finding(10), finding(11)], [bug('b', 10, 11)], []);
  assert.equal(m.matched.length, 1);
  assert.equal(m.falsePositives.length, 1);
  assert.equal(m.missed.length, 0);
});

test('maximum matching: a finding near two bugs leaves the closer one for the other finding', () => {
  // f1 (line 12) is near both bugs; f2 (line 16) only near b2. Both must match.
  const m = matchCase([finding(12, 'injection', 0.99), finding(16, 'injection', 0.5)], [bug('b1', 10, 10), bug('b2', 14, 14)], []);
  assert.equal(m.matched.length, 2);
  assert.deepEqual(m.matched.map((x) => `${x.finding.startLine}->${x.label.id}`).sort(), ['12->b1', '16->b2']);
});

test('a false positive on a decoy is named after the decoy', () => {
  const decoys: DecoyLabel[] = [{ id: 'literal-exec', file: 'a.js', startLine: 30, endLine: 30, description: 'constant' }];
  const m = matchCase([finding(31), finding(80)], [bug('b', 10, 10)], decoys);
  assert.deepEqual(m.falsePositives.map((f) => f.decoy ?? null), ['literal-exec', null]);
  assert.deepEqual(m.missed.map((l) => l.id), ['b']);
});

test('category compatibility is symmetric and keeps security kinds apart', () => {
  assert.ok(categoriesCompatible('async', 'error-handling'));
  assert.ok(categoriesCompatible('error-handling', 'async'));
  assert.ok(categoriesCompatible('cross-file', 'api-contract'));
  assert.ok(!categoriesCompatible('injection', 'path-traversal'));
  assert.ok(!categoriesCompatible('secrets', 'logic'));
});
