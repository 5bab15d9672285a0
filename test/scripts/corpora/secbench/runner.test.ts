import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sampleCases, selectSecbench, type SecbenchCase } from '../../../../scripts/corpora/secbench/corpus.ts';
import { pinSecbenchCase } from '../../../../scripts/corpora/secbench/pins.ts';
import { missReason } from '../../../../scripts/corpora/secbench/misses.ts';
import { scoreSecbenchCase, type SecbenchInput } from '../../../../scripts/corpora/secbench/score.ts';
import type { RecordedFinding } from '../../../../scripts/corpora/real-world/match.ts';
import type { ScanRecord } from '../../../../scripts/corpora/real-world/score.ts';
import { formatDev, heldOutCounts } from '../../../../scripts/corpora/secbench/format.ts';

const kase = (id: string, over: Partial<SecbenchCase> = {}): SecbenchCase => ({
  id, class: 'command-injection', package: `pkg-${id}`, version: '1.0.0', fixedVersion: '1.0.1', sink: { file: 'lib/run.js', line: 6 }, advisory: null, ...over,
});
const finding = (over: Partial<RecordedFinding> = {}): RecordedFinding => ({
  file: 'lib/run.js', startLine: 6, endLine: 6, verdict: 'confirmed', tier: 'T2', reported: true,
  category: 'injection', ruleId: 'command-injection', cwe: 'CWE-78', severity: 'high', claim: 'c', ...over,
});
const record = (findings: RecordedFinding[], over: Partial<ScanRecord> = {}): ScanRecord => ({
  key: 'k', status: 'complete', exitCode: 0, lines: 10, files: 1, durationMs: 1, findings, unread: [], ...over,
});

test('--sample N takes N cases per class, evenly spaced in corpus order, and all of a smaller class', () => {
  const cases = [...Array.from({ length: 10 }, (_, i) => ({ id: `a${i}`, class: 'a' })), ...Array.from({ length: 2 }, (_, i) => ({ id: `b${i}`, class: 'b' }))];
  assert.deepEqual(sampleCases(cases, 3).map((c) => c.id), ['a0', 'a3', 'a6', 'b0', 'b1']);
  assert.deepEqual(sampleCases(cases, 5).map((c) => c.id), ['a0', 'a2', 'a4', 'a6', 'a8', 'b0', 'b1']);
  assert.equal(sampleCases(cases, 100).length, 12);
});

test('a part selects the cases of its packages only; the sample is taken per side; a package on no side fails without naming it', () => {
  const cases = [kase('d1'), kase('d2', { package: 'pkg-d1' }), kase('h1'), kase('h2', { class: 'redos' })];
  const split = { development: ['pkg-d1'], heldOut: ['pkg-h1', 'pkg-h2'] };
  assert.deepEqual(selectSecbench(cases, split, { part: 'dev', classes: [] }).map((s) => s.case.id), ['d1', 'd2']);
  assert.deepEqual(selectSecbench(cases, split, { part: 'held-out', classes: ['redos'] }).map((s) => [s.case.id, s.side]), [['h2', 'held-out']]);
  assert.deepEqual(selectSecbench(cases, split, { part: 'both', classes: [], sample: 1 }).map((s) => s.case.id), ['d1', 'h1', 'h2']);
  assert.throws(() => selectSecbench(cases, { development: ['pkg-d1'], heldOut: ['pkg-h1'] }, { part: 'dev', classes: [] }), (e: Error) => /1 case/.test(e.message) && !/pkg-h2|h2/.test(e.message));
});

const VULN = ['const cp = require("child_process");', 'module.exports = function run(cmd) {', '  const x = 1;', '  const y = 2;', '  // the sink', '  cp.exec(cmd);', '};', ''].join('\n');
const FIXED = ['const cp = require("child_process");', '', '', 'module.exports = function run(cmd) {', '  cp.execFile(cmd, []);', '};', ''].join('\n');

test('a pin holds when the sink file has the sink line; the function is located in the vulnerable source and looked up in the fixed one', () => {
  const read = (version: string, path: string) => (path !== 'lib/run.js' ? undefined : version === '1.0.0' ? VULN : FIXED);
  const pin = pinSecbenchCase(kase('a'), read);
  assert.ok(pin.ok);
  assert.deepEqual(pin.vulnerable, { file: 'lib/run.js', line: 6, functionStart: 2, functionEnd: 7 });
  assert.deepEqual(pin.fixed, { file: 'lib/run.js', functionStart: 4, functionEnd: 6 });
  assert.deepEqual(pinSecbenchCase(kase('b', { sink: { file: 'lib/other.js', line: 1 } }), read), { ok: false, why: 'sink file missing' });
  assert.deepEqual(pinSecbenchCase(kase('c', { sink: { file: 'lib/run.js', line: 40 } }), read), { ok: false, why: 'sink line past the end of the file' });
  // The fix removed the function (or the sink is at module level): the whole file is the fixed version's place.
  const gone = pinSecbenchCase(kase('d'), (version) => (version === '1.0.0' ? VULN : 'module.exports = {};\n'));
  assert.ok(gone.ok);
  assert.deepEqual(gone.fixed, { file: 'lib/run.js' });
  const moduleLevel = pinSecbenchCase(kase('e', { sink: { file: 'lib/run.js', line: 1 } }), read);
  assert.ok(moduleLevel.ok);
  assert.deepEqual(moduleLevel.fixed, { file: 'lib/run.js' });
  const noFixed = pinSecbenchCase(kase('f', { fixedVersion: null }), read);
  assert.ok(noFixed.ok);
  assert.equal(noFixed.fixed, undefined);
});

test('a bare sink file name stands for its one namesake in the package; none or several, and the pin does not hold', () => {
  const files: Record<string, string> = { 'lib/run.js': VULN, 'lib/a/util.js': 'x\n', 'test/util.js': 'y\n', 'run.jsx': 'z\n' };
  const read = (_version: string, path: string) => files[path];
  const list = () => Object.keys(files);
  const bare = pinSecbenchCase(kase('a', { sink: { file: 'run.js', line: 6 } }), read, list);
  assert.ok(bare.ok);
  assert.equal(bare.vulnerable.file, 'lib/run.js');
  assert.equal(bare.functionName !== undefined, true, 'the function is located in the namesake');
  assert.deepEqual(pinSecbenchCase(kase('b', { sink: { file: 'util.js', line: 1 } }), read, list), { ok: false, why: 'sink file name names several files' });
  assert.deepEqual(pinSecbenchCase(kase('c', { sink: { file: 'un.js', line: 1 } }), read, list), { ok: false, why: 'sink file missing' }, 'a name is matched whole, not as a suffix');
  assert.deepEqual(pinSecbenchCase(kase('d', { sink: { file: 'src/run.js', line: 1 } }), read, list), { ok: false, why: 'sink file missing' }, 'a recorded path is never re-pinned');
  assert.deepEqual(pinSecbenchCase(kase('e', { sink: { file: 'run.js', line: 6 } }), read), { ok: false, why: 'sink file missing' }, 'no lister, no resolution');
  assert.deepEqual(pinSecbenchCase(kase('f', { sink: { file: 'run.js', line: 60 } }), read, list), { ok: false, why: 'sink line past the end of the file' });
});

const pinned = (c: SecbenchCase) => pinSecbenchCase(c, (version) => (version === '1.0.0' ? VULN : FIXED));
const scored = (over: Partial<SecbenchInput> & { case: SecbenchCase }) => scoreSecbenchCase({ side: 'dev', fetched: true, pin: pinned(over.case), vulnerable: record([]), fixed: record([]), ...over });

test('a case is found, seen or missed by the one definition; the fixed version is still flagged only inside the sink function', () => {
  const c = kase('a');
  assert.equal(scored({ case: c, vulnerable: record([finding()]) }).status, 'found');
  assert.equal(scored({ case: c, vulnerable: record([finding({ startLine: 2, endLine: 2 })]) }).status, 'missed', 'in the function, 4 lines from the sink');
  assert.equal(scored({ case: c, vulnerable: record([finding({ reported: false, verdict: 'manual-review' })]) }).status, 'seen');
  assert.equal(scored({ case: c, fixed: record([finding({ startLine: 5, endLine: 5 })]) }).fixed, 'flagged');
  assert.equal(scored({ case: c, fixed: record([finding({ startLine: 1, endLine: 1 })]) }).fixed, 'clean');
  assert.equal(scored({ case: c, fixed: record([], { status: 'failed' }) }).fixed, 'unmeasured');
  assert.equal(scored({ case: kase('n', { fixedVersion: null }) }).fixed, undefined);
  assert.equal(scored({ case: c, vulnerable: record([finding()], { status: 'incomplete' }) }).status, 'missed', 'an incomplete scan is a miss');
});

test('cases that did not fetch or do not line up are left out with why; held-out misses carry no reason', () => {
  const c = kase('a');
  assert.equal(scoreSecbenchCase({ case: c, side: 'dev', fetched: false }).excluded, 'not fetched');
  assert.equal(scored({ case: c, pin: { ok: false, why: 'sink file missing' } }).excluded, 'sink file missing');
  assert.equal(scored({ case: c }).miss?.reason, 'no-candidate-in-file');
  assert.equal(scored({ case: c, side: 'held-out' }).miss, undefined);
});

test('each development miss gets one mechanism label', () => {
  const sink = { file: 'lib/run.js', line: 6 };
  const label = (findings: RecordedFinding[], over: Partial<ScanRecord> = {}) => missReason(record(findings, over), sink, 'command-injection');
  assert.deepEqual(label([], { status: 'failed', error: 'timed out' }), { reason: 'scan-failed', detail: 'timed out' });
  assert.deepEqual(label([], { unread: [{ path: 'lib/', reason: 'skipped by triage: vendored' }] }), { reason: 'file-not-read', detail: 'skipped by triage: vendored' });
  assert.deepEqual(label([], { unread: [{ path: 'lib/run.js', reason: 'skipped by triage: huge' }] }).reason, 'file-not-read');
  assert.deepEqual(label([finding({ reported: false, verdict: 'manual-review', why: 'manual-review: no sanitiser known' })]), { reason: 'manual-review', detail: 'command-injection: manual-review: no sanitiser known' });
  assert.deepEqual(label([finding({ reported: false, verdict: 'dismissed', why: 'refuted by guards: a fixed command' })]), { reason: 'dismissed', detail: 'command-injection: refuted by guards: a fixed command' });
  assert.equal(label([finding({ reported: false, verdict: 'confirmed', tier: 'T3' })]).reason, 'not-reported');
  assert.deepEqual(label([finding({ category: 'path-traversal', ruleId: 'path-traversal', cwe: 'CWE-22', startLine: 8, endLine: 8 })]), { reason: 'wrong-class-at-sink', detail: 'path-traversal CWE-22' });
  assert.deepEqual(label([finding({ startLine: 20, endLine: 21 }), finding({ startLine: 15, endLine: 15, reported: false, verdict: 'dismissed' })]).detail, 'nearest 9 lines away: command-injection at line 15 (dismissed)');
  assert.deepEqual(label([finding({ category: 'redos', ruleId: 'redos', cwe: 'CWE-1333', startLine: 30, endLine: 30 })]), { reason: 'no-candidate-in-file', detail: '1 candidate(s) of other classes in the file, none near the sink' });
  assert.deepEqual(label([finding({ file: 'other.js' })]), { reason: 'no-candidate-in-file', detail: 'nothing in the file' });
});

test('a flagged fixed version counts apart only for a development case with evidence; the summary gives raw and split figures', () => {
  const flagged = (id: string, side: 'dev' | 'held-out' = 'dev') => ({ case: kase(id), side, fixed: record([finding({ startLine: 5, endLine: 5 })]) });
  const evidence = new Set(['a', 'h']);
  const outcomes = [
    scoreSecbenchCase({ ...flagged('a'), fetched: true, pin: pinned(kase('a')), vulnerable: record([]) }, evidence),
    scoreSecbenchCase({ ...flagged('b'), fetched: true, pin: pinned(kase('b')), vulnerable: record([]) }, evidence),
    // A held-out case never counts apart, whatever a set says (the evidence file refuses held-out entries anyway).
    scoreSecbenchCase({ ...flagged('h', 'held-out'), fetched: true, pin: pinned(kase('h')), vulnerable: record([]) }, evidence),
  ];
  assert.deepEqual(outcomes.map((o) => [o.case.id, o.fixed, o.fixShownIncomplete ?? false]), [['a', 'flagged', true], ['b', 'flagged', false], ['h', 'flagged', false]]);
  assert.match(formatDev(outcomes, { showMisses: true }), /fixed versions still flagged 2\/2 \(1\.00\); of which the fix is shown incomplete \(evidence in incomplete-fixes\.json\): 1; without them 1\/2 \(0\.50\)/);
  assert.match(formatDev(outcomes, { showMisses: true }), /a \(fixed 1\.0\.1, fix shown incomplete\), b \(fixed 1\.0\.1\)/);
  assert.equal(heldOutCounts(outcomes).rows[0]!.shownIncomplete, 0);
});
