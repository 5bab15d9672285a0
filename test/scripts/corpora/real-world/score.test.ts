import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RealWorldCase } from '../../../../scripts/corpora/real-world/corpus.ts';
import type { RecordedFinding } from '../../../../scripts/corpora/real-world/match.ts';
import { scoreRealWorld, type CaseInput, type ScanRecord } from '../../../../scripts/corpora/real-world/score.ts';
import { evaluateRealWorldGate, gateFromScore } from '../../../../scripts/corpora/real-world/gate.ts';
import { formatScore } from '../../../../scripts/corpora/real-world/format.ts';

const kase = (id: string, cls: RealWorldCase['class']): RealWorldCase => ({
  id, package: id, vulnerable: '1.0.0', fixed: '1.0.1', advisories: ['CVE-2020-0001'], year: 2020, class: cls,
  cwe: 'CWE-78', kind: 'library', summary: 's', sink: { file: 'index.js', line: 10, function: 'run', snippet: 'exec(' },
});
const hit = (over: Partial<RecordedFinding> = {}): RecordedFinding => ({
  file: 'index.js', startLine: 10, endLine: 10, verdict: 'confirmed', tier: 'T2', reported: true,
  category: 'injection', ruleId: 'command-injection', cwe: 'CWE-78', severity: 'high', claim: 'shell', ...over,
});
const review = (over: Partial<RecordedFinding> = {}) => hit({ verdict: 'manual-review', tier: 'T3', reported: false, ...over });
const scan = (key: string, findings: RecordedFinding[], over: Partial<ScanRecord> = {}): ScanRecord => ({
  key, status: 'complete', exitCode: 0, lines: 1000, files: 3, durationMs: 5, findings, ...over,
});
const located = { file: 'index.js', line: 10, functionStart: 5, functionEnd: 20 };
const input = (c: RealWorldCase, vulnerable: RecordedFinding[], fixed: RecordedFinding[] = [], over: Partial<CaseInput> = {}): CaseInput => ({
  case: c, vulnerableSinks: [located], fixedSinks: [{ file: 'index.js', functionStart: 5, functionEnd: 22 }],
  vulnerable: scan(`${c.package}@1.0.0`, vulnerable), fixed: scan(`${c.package}@1.0.1`, fixed), ...over,
});

test('recall counts reported sinks only; a manual-review hit is shown as review-only, never as found', () => {
  const score = scoreRealWorld([
    input(kase('a', 'command-injection'), [hit()]),
    input(kase('b', 'command-injection'), [review()]),
    input(kase('c', 'command-injection'), [hit({ file: 'other.js' })]),
  ], []);
  assert.deepEqual(score.recall, { found: 1, total: 3, value: 1 / 3 });
  assert.deepEqual(score.cases.map((c) => [c.id, c.found, c.reviewOnly]), [['a', true, false], ['b', false, true], ['c', false, false]]);
  assert.deepEqual(score.perClass, [{ class: 'command-injection', cases: 3, found: 1, recall: 1 / 3, reviewOnly: 1, fixedFlagged: 0 }]);
});

test('a sink copy listed in alsoAt counts like the sink itself', () => {
  const c = input(kase('a', 'command-injection'), [hit({ file: 'dist/bundle.js', startLine: 500, endLine: 500 })], [], {
    vulnerableSinks: [located, { file: 'dist/bundle.js', line: 501 }],
  });
  assert.equal(scoreRealWorld([c], []).recall.found, 1);
});

test('a fixed version still reporting the sink is counted and its finding is listed as matching the case', () => {
  const score = scoreRealWorld([input(kase('a', 'command-injection'), [hit()], [hit({ startLine: 21, endLine: 21 })])], []);
  assert.deepEqual(score.fixedFlagged, { count: 1, total: 1, rate: 1, shownIncomplete: 0, without: 1, rateWithout: 1 });
  assert.deepEqual(score.findings.map((j) => [j.role, j.scan, j.matches]), [['vulnerable', 'a@1.0.0', 'a'], ['fixed', 'a@1.0.1', 'a']]);
});

test('a flagged fixed version counts apart only when incomplete-fixes.json has its entry; the gate counts the rest', () => {
  const flaggedFixed = [hit({ startLine: 21, endLine: 21 })];
  const inputs = [input(kase('a', 'command-injection'), [hit()], flaggedFixed), input(kase('b', 'command-injection'), [hit()], flaggedFixed), input(kase('c', 'command-injection'), [hit()], [])];
  // 'a' has evidence; 'b' is flagged without any; 'c' has an entry but is not flagged, so there is nothing to count apart.
  const score = scoreRealWorld(inputs, [], new Set(['a', 'c']));
  assert.deepEqual(score.fixedFlagged, { count: 2, total: 3, rate: 2 / 3, shownIncomplete: 1, without: 1, rateWithout: 1 / 3 });
  assert.deepEqual(score.cases.map((c) => [c.id, c.fixedFlagged, c.fixShownIncomplete]), [['a', true, true], ['b', true, false], ['c', false, false]]);
  const text = formatScore(score);
  assert.match(text, /of which the fix is shown incomplete \(evidence in incomplete-fixes\.json\): 1; without them 1\/3 \(0\.33\)/);
  assert.match(text, /fixed still flagged: a \(fix shown incomplete\), b\n/);
  const gate = { description: '', measuredOn: 'x', minRecall: 0, maxFixedFlagged: 1, maxMaturePerKloc: 1, found: [] };
  const held = evaluateRealWorldGate(score, gate).checks.find((c) => c.name === 'fixed-flagged')!;
  assert.equal(held.passed, true);
  assert.match(held.detail, /2 fixed version\(s\) still flagged, 1 of them with the fix shown incomplete .*: 1 against at most 1/);
  // Without the evidence the same run has two against the ceiling, and fails.
  assert.equal(evaluateRealWorldGate(scoreRealWorld(inputs, []), gate).checks.find((c) => c.name === 'fixed-flagged')!.passed, false);
  assert.equal(gateFromScore(score, 'x').maxFixedFlagged, 1);
});

test('an incomplete scan is a failure and its case is missed, not silently dropped', () => {
  const c = kase('a', 'command-injection');
  const score = scoreRealWorld([input(c, [hit()], [], { vulnerable: scan('a@1.0.0', [hit()], { status: 'incomplete', error: 'chunk failed' }) })], []);
  assert.equal(score.recall.found, 0);
  assert.deepEqual(score.failures, [{ key: 'a@1.0.0', error: 'chunk failed' }]);
  const missing = scoreRealWorld([{ case: c, vulnerableSinks: [located], fixedSinks: [located] }], []);
  assert.deepEqual(missing.failures.map((f) => f.error), ['not scanned', 'not scanned']);
});

test('mature packages give reported findings per 1,000 lines and list every one for judging', () => {
  const score = scoreRealWorld([], [
    scan('lodash@4.17.21', [hit({ file: 'lodash.js' }), review()], { lines: 30_000 }),
    scan('qs@6.13.1', [], { lines: 10_000 }),
  ]);
  assert.deepEqual({ lines: score.mature.lines, reported: score.mature.reported, perKloc: score.mature.perKloc }, { lines: 40_000, reported: 1, perKloc: 0.025 });
  assert.deepEqual(score.mature.rows.map((r) => [r.key, r.reported, r.reviewOnly]), [['lodash@4.17.21', 1, 1], ['qs@6.13.1', 0, 0]]);
  assert.deepEqual(score.findings.map((j) => [j.role, j.scan, j.matches]), [['mature', 'lodash@4.17.21', undefined]]);
  assert.match(formatScore(score), /lodash@4\.17\.21 lodash\.js:10 command-injection CWE-78 \(no case\)/);
});

test('the gate holds recall and the false-alarm figures at the recorded values and names lost cases', () => {
  const good = scoreRealWorld([input(kase('a', 'command-injection'), [hit()]), input(kase('b', 'redos'), [])], [scan('m@1.0.0', [], { lines: 5000 })]);
  const gate = gateFromScore(good, 'abc123');
  // The false-alarm ceilings are the targets (10% of fixed versions, 0.1 per 1,000 lines) when the run is better.
  assert.deepEqual({ minRecall: gate.minRecall, maxFixedFlagged: gate.maxFixedFlagged, maxMaturePerKloc: gate.maxMaturePerKloc, found: gate.found }, { minRecall: 0.5, maxFixedFlagged: 0, maxMaturePerKloc: 0.1, found: ['a'] });
  assert.equal(evaluateRealWorldGate(good, gate).passed, true);

  // One mature finding in 5,000 lines is 0.2 per 1,000: above the 0.1 ceiling.
  const worse = scoreRealWorld([input(kase('a', 'command-injection'), []), input(kase('b', 'redos'), [])], [scan('m@1.0.0', [hit({ file: 'x.js' })], { lines: 5000 })]);
  const result = evaluateRealWorldGate(worse, gate);
  assert.equal(result.passed, false);
  assert.deepEqual(result.checks.filter((c) => !c.passed).map((c) => c.name), ['recall', 'mature-per-kloc']);
  // A run already worse than the targets records its own figures as the ceilings.
  assert.deepEqual([gateFromScore(worse, 'x').maxMaturePerKloc, gateFromScore(scoreRealWorld([input(kase('a', 'command-injection'), [], [hit()])], []), 'x').maxFixedFlagged], [0.2, 1]);
  assert.deepEqual(result.lost, ['a']);

  const incomplete = scoreRealWorld([input(kase('a', 'command-injection'), [hit()], [], { fixed: undefined }), input(kase('b', 'redos'), [])], [scan('m@1.0.0', [], { lines: 5000 })]);
  assert.deepEqual(evaluateRealWorldGate(incomplete, gate).checks.filter((c) => !c.passed).map((c) => c.name), ['complete']);
});
