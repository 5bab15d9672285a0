import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordFindings, unreadFiles, whyNotReported } from '../../../../scripts/corpora/real-world/scan.ts';
import { finding, identity, reported, scanReport } from '../../../helpers/builders.ts';

test('a finding that is not reported keeps why: the refuting seats and reasons, else the referee', () => {
  const refuted = reported(finding('a'), {
    verdict: 'dismissed',
    skepticReasoning: [
      { seat: 'guards', engine: 'static', vote: 'refuted', reason: 'the path is\n  resolved under root' },
      { seat: 'source', engine: 'static', vote: 'abstained', reason: 'unknown' },
    ],
  });
  assert.equal(whyNotReported(refuted), 'refuted by guards: the path is resolved under root');
  const review = reported(finding('b'), { verdict: 'manual-review', tier: 'T2', refereeReasoning: 'Needs a person: no source traced' });
  assert.equal(whyNotReported(review), 'manual-review: Needs a person: no source traced');
  const suspected = reported(finding('c'), { verdict: 'confirmed', tier: 'T3', refereeReasoning: 'weak' });
  assert.equal(whyNotReported(suspected), 'confirmed T3, not shown; confirmed: weak');
  const rows = recordFindings(scanReport(identity(), [reported(finding('d')), review]));
  assert.equal(rows[0]!.why, undefined, 'a reported finding needs no why');
  assert.equal(rows[1]!.why, 'manual-review: Needs a person: no source traced');
});

test('the files a scan did not read: triage skips (folders as one entry), triaged files in no chunk, and uncovered files', () => {
  const report = scanReport(identity(), []);
  const coverage = { ...report.coverage, notCovered: [{ path: 'lib/big.js', status: 'not-covered' as const, reason: 'out of budget' }, { path: 'dist/', status: 'skipped' as const, reason: 'vendored' }] };
  const unread = unreadFiles(
    { files: [{ path: 'lib/a.js' }, { path: 'test/a.test.js', isTest: true }, { path: 'lib/odd.js' }], skipped: [{ path: 'dist/', reason: 'generated' }], chunks: [{ files: ['lib/a.js'] }] },
    { coverage },
  );
  assert.deepEqual(unread, [
    { path: 'dist/', reason: 'skipped by triage: generated' },
    { path: 'test/a.test.js', reason: 'a test file (not scanned without tests)' },
    { path: 'lib/odd.js', reason: 'triaged but in no chunk' },
    { path: 'lib/big.js', reason: 'not-covered: out of budget' },
  ]);
});
