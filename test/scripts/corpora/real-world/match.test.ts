import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SINK_LINE_TOLERANCE, classCompatible, matchesSink, type RecordedFinding } from '../../../../scripts/corpora/real-world/match.ts';

const finding = (over: Partial<RecordedFinding> = {}): RecordedFinding => ({
  file: 'lib/run.js', startLine: 40, endLine: 40, verdict: 'confirmed', tier: 'T2', reported: true,
  category: 'injection', ruleId: 'command-injection', cwe: 'CWE-78', severity: 'high', claim: 'c', ...over,
});
const sink = { file: 'lib/run.js', line: 40, functionStart: 30, functionEnd: 50 };

test('a finding anywhere inside the sink\'s enclosing function matches', () => {
  assert.equal(matchesSink(finding({ startLine: 31, endLine: 31 }), sink, 'command-injection'), true);
  assert.equal(matchesSink(finding({ startLine: 50, endLine: 52 }), sink, 'command-injection'), true);
});

test('a finding outside the function matches only within the stated tolerance of the sink line', () => {
  const narrow = { file: 'lib/run.js', line: 40, functionStart: 39, functionEnd: 41 };
  assert.equal(matchesSink(finding({ startLine: 40 + SINK_LINE_TOLERANCE, endLine: 40 + SINK_LINE_TOLERANCE }), narrow, 'command-injection'), true);
  assert.equal(matchesSink(finding({ startLine: 41 + SINK_LINE_TOLERANCE, endLine: 45 }), narrow, 'command-injection'), false);
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
