import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SINK_LINE_TOLERANCE, classCompatible, matchesSink, sinkStatus, stillFlagged, type RecordedFinding } from '../../../../scripts/corpora/real-world/match.ts';

const finding = (over: Partial<RecordedFinding> = {}): RecordedFinding => ({
  file: 'lib/run.js', startLine: 40, endLine: 40, verdict: 'confirmed', tier: 'T2', reported: true,
  category: 'injection', ruleId: 'command-injection', cwe: 'CWE-78', severity: 'high', claim: 'c', ...over,
});
const sink = { file: 'lib/run.js', line: 40, functionStart: 30, functionEnd: 50 };

test('in the vulnerable version only the line tolerance counts: elsewhere in the enclosing function is not found', () => {
  assert.equal(matchesSink(finding({ startLine: 40 + SINK_LINE_TOLERANCE, endLine: 40 + SINK_LINE_TOLERANCE }), sink, 'command-injection'), true);
  assert.equal(matchesSink(finding({ startLine: 30, endLine: 40 - SINK_LINE_TOLERANCE }), sink, 'command-injection'), true, 'a range that reaches the window');
  assert.equal(matchesSink(finding({ startLine: 31, endLine: 31 }), sink, 'command-injection'), false, 'inside the function, 9 lines away');
  assert.equal(matchesSink(finding({ startLine: 41 + SINK_LINE_TOLERANCE, endLine: 45 }), sink, 'command-injection'), false);
  assert.equal(matchesSink(finding({ startLine: 20, endLine: 20 }), sink, 'command-injection'), false);
});

test('a module-level sink (no function) matches by the line tolerance alone', () => {
  const moduleSink = { file: 'index.js', line: 9 };
  const redos = finding({ file: 'index.js', category: 'redos', ruleId: 'redos', cwe: 'CWE-1333' });
  assert.equal(matchesSink({ ...redos, startLine: 11, endLine: 11 }, moduleSink, 'redos'), true);
  assert.equal(matchesSink({ ...redos, startLine: 30, endLine: 30 }, moduleSink, 'redos'), false);
});

test('another file never matches, however close the line', () => {
  assert.equal(matchesSink(finding({ file: 'lib/other.js' }), sink, 'command-injection'), false);
});

test('a bundle copy folded into the source finding counts at its own file and lines, and only there', () => {
  const bundleSink = { file: 'dist/run.js', line: 400 };
  const folded = finding({ related: [{ file: 'dist/run.js', startLine: 401, endLine: 401 }] });
  assert.equal(matchesSink(folded, bundleSink, 'command-injection'), true);
  assert.equal(matchesSink(folded, sink, 'command-injection'), true, 'the source location still counts');
  assert.equal(matchesSink(finding({ related: [{ file: 'dist/run.js', startLine: 300, endLine: 300 }] }), bundleSink, 'command-injection'), false);
  assert.equal(matchesSink({ ...folded, cwe: 'CWE-1333' }, bundleSink, 'command-injection'), false, 'the class still has to fit');
});

test('the class must fit: by CWE when the finding has one, by category otherwise', () => {
  assert.equal(matchesSink(finding({ cwe: 'CWE-94', ruleId: 'code-injection' }), sink, 'command-injection'), false);
  assert.equal(matchesSink(finding({ category: 'resource-leak', ruleId: 'handle-leak', cwe: 'CWE-775' }), sink, 'command-injection'), false);
  assert.equal(classCompatible({ category: 'path-traversal', cwe: 'CWE-22' }, 'zip-slip'), true);
  assert.equal(classCompatible({ category: 'injection' }, 'ssrf'), true);
  assert.equal(classCompatible({ category: 'redos' }, 'xss'), false);
});

test('a fixed version whose sink function is gone matches any finding of the class in the sink file', () => {
  const gone = { file: 'lib/run.js' };
  assert.equal(matchesSink(finding({ startLine: 400, endLine: 400 }), gone, 'command-injection'), true);
  assert.equal(matchesSink(finding({ file: 'lib/x.js' }), gone, 'command-injection'), false);
  // A fixed version where the function still exists: only findings inside it count.
  assert.equal(matchesSink(finding({ startLine: 400, endLine: 400 }), { file: 'lib/run.js', functionStart: 30, functionEnd: 50 }, 'command-injection'), false);
});

test('found needs a reported finding at the sink; a manual-review candidate there is seen, not found; anything else is missed', () => {
  const at = [{ file: 'lib/run.js', line: 40 }];
  assert.equal(sinkStatus([finding()], at, 'command-injection'), 'found');
  const review = finding({ reported: false, verdict: 'manual-review', tier: 'T2' });
  assert.equal(sinkStatus([review], at, 'command-injection'), 'seen');
  assert.equal(sinkStatus([review, finding()], at, 'command-injection'), 'found');
  assert.equal(sinkStatus([finding({ reported: false, verdict: 'dismissed' })], at, 'command-injection'), 'missed');
  assert.equal(sinkStatus([finding({ reported: false, verdict: 'confirmed', tier: 'T3' })], at, 'command-injection'), 'missed', 'a suspected (T3) finding is not reported');
  assert.equal(sinkStatus([{ ...review, suppressed: true }], at, 'command-injection'), 'missed', 'a suppressed candidate is no lead');
  assert.equal(sinkStatus([finding({ startLine: 50, endLine: 50 })], at, 'command-injection'), 'missed');
  assert.equal(sinkStatus([finding({ cwe: 'CWE-22', category: 'path-traversal', ruleId: 'path-traversal' })], at, 'command-injection'), 'missed', 'wrong class');
});

test('a fixed version is still flagged by a reported finding of the class in the sink function, or anywhere in the file when it is gone', () => {
  const fn = [{ file: 'lib/run.js', functionStart: 30, functionEnd: 50 }];
  assert.equal(stillFlagged([finding({ startLine: 49, endLine: 49 })], fn, 'command-injection'), true);
  assert.equal(stillFlagged([finding({ startLine: 60, endLine: 60 })], fn, 'command-injection'), false);
  assert.equal(stillFlagged([finding({ startLine: 49, endLine: 49, reported: false, verdict: 'manual-review' })], fn, 'command-injection'), false);
  assert.equal(stillFlagged([finding({ startLine: 400, endLine: 400 })], [{ file: 'lib/run.js' }], 'command-injection'), true);
  // A line on a fixed sink does not narrow it: the function decides.
  assert.equal(stillFlagged([finding({ startLine: 31, endLine: 31 })], [{ ...fn[0]!, line: 45 }], 'command-injection'), true);
});
