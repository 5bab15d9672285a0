// Status, "clean" and its reasons are decided once (src/engines/report/status.ts): the report phase and the re-read with
// today's suppressions (report, publish) agree, and a dismissal cannot make a report clean while a vulnerable
// dependency or an unchecked chunk remains.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ScanReport } from '../../../src/artifacts/schemas/scan-report.ts';
import { applySuppressions } from '../../../src/engines/report/resuppress.ts';
import { joinStamped, doneChunks, hunterOf, noSuppressions, planOf, refereeOf, skepticOf, triageOf } from './helpers.ts';
import { makeFinding } from '../../helpers/builders.ts';

const a = makeFinding({ file: 'src/a.ts', symbol: 'run', subject: 'cmd', line: 3, quote: 'exec(cmd)', severity: 'critical' });

function joined(chunkStatus: 'done' | 'unreviewed' = 'done'): ScanReport {
  const triage = triageOf([['src/a.ts']]);
  return joinStamped({
    triage,
    plan: planOf(triage),
    hunter: hunterOf([a], doneChunks(triage, chunkStatus)),
    skeptic: skepticOf([a]),
    referee: refereeOf({}, [a]),
    suppressions: noSuppressions(),
    options: { failOn: 'high', showSuspected: false },
    durationMs: 1,
  }).scanReport;
}

const dismissA = { ...noSuppressions(), entries: [{ fingerprint: a.fingerprint, reason: 'constant in every caller', by: 'T <t@example.com>', at: '2025-01-01T00:00:00.000Z' }] };
const vulnerableDependency: NonNullable<ScanReport['dependencies']> = {
  status: 'complete',
  notes: [],
  advisories: { source: 'osv', location: '/advisories', ok: true, count: 1 },
  lockfiles: [{ path: 'package-lock.json', manager: 'npm', status: 'scanned', dependencies: 1, unmatched: 0 }],
  findings: [
    {
      id: 'DEP-0123abcd', fingerprint: '0123abcd0123abcd', lockfile: 'package-lock.json', package: 'lodash', version: '4.17.15', line: 3, direct: true, dev: false, workspaces: ['.'], path: ['app', 'lodash@4.17.15'],
      advisory: { id: 'GHSA-35jh-r3h4-6jhm', aliases: [], summary: 'Command Injection in lodash', url: 'https://osv.dev/GHSA-35jh-r3h4-6jhm', cwe: [], severitySource: 'database_specific.severity HIGH' },
      severity: 'high', vulnerableFunctions: ['template'], functionsSource: 'curated', importedAt: [], reachability: 'not-imported', reachabilityReason: 'nothing imports lodash', callSites: [],
    },
  ],
  counts: { byReachability: { 'not-imported': 1 }, failing: 0 },
};

test('re-applying the same suppressions gives the status, clean and reasons the report phase gave', () => {
  for (const report of [joined(), joined('unreviewed')]) {
    const again = applySuppressions(report, noSuppressions());
    assert.deepEqual({ status: again.status, clean: again.clean, notClean: again.notClean }, { status: report.status, clean: report.clean, notClean: report.notClean });
  }
  assert.equal(joined('unreviewed').status, 'incomplete');
});

test('dismissing the only finding makes the report clean, unless a vulnerable dependency is still listed', () => {
  const dismissed = applySuppressions(joined(), dismissA);
  assert.equal(dismissed.clean, true);
  assert.deepEqual(dismissed.notClean, []);

  const withDependency = { ...joined(), dependencies: vulnerableDependency };
  const after = applySuppressions(withDependency, dismissA);
  assert.equal(after.counts.suppressed, 1);
  assert.equal(after.clean, false);
  assert.deepEqual(after.notClean, ['1 vulnerable dependency finding (0 reachable)']);
});
