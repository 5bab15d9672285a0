import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RecordedFinding } from '../../../../scripts/corpora/real-world/match.ts';
import type { ScanRecord } from '../../../../scripts/corpora/real-world/score.ts';
import { compareRuns } from '../../../../scripts/corpora/real-world/twice.ts';

const f = (line: number, verdict = 'confirmed'): RecordedFinding => ({
  file: 'a.js', startLine: line, endLine: line, verdict, tier: verdict === 'confirmed' ? 'T2' : 'T3', reported: verdict === 'confirmed',
  category: 'redos', ruleId: 'redos', cwe: 'CWE-1333', severity: 'medium', claim: 'c',
});
const rec = (findings: RecordedFinding[], status: ScanRecord['status'] = 'complete'): ScanRecord => ({ key: 'k', status, exitCode: 0, lines: 1, files: 1, durationMs: 1, findings });

test('two runs with the same findings in another order are identical', () => {
  assert.deepEqual(compareRuns(new Map([['p@1', rec([f(1), f(2)])]]), new Map([['p@1', rec([f(2), f(1)])]])), []);
});

test('a verdict that changes, a finding that comes and goes, or a status change is a difference', () => {
  const diff = compareRuns(
    new Map([['p@1', rec([f(1), f(2)])], ['q@1', rec([])]]),
    new Map([['p@1', rec([f(1, 'manual-review')])], ['q@1', rec([], 'incomplete')]]),
  );
  assert.deepEqual(diff, [
    'p@1: only in the first run: a.js:1-1 redos confirmed/T2',
    'p@1: only in the first run: a.js:2-2 redos confirmed/T2',
    'p@1: only in the second run: a.js:1-1 redos manual-review/T3',
    'q@1: status complete then incomplete',
  ]);
});
