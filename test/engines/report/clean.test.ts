// "Clean" has one meaning (src/engines/report/clean.ts): every in-scope file read in this run, nothing confirmed, unreviewed
// or waiting for a person, and every check asked for ran. Checked over every combination of those gaps, and the
// checks' own "did it run" read from their artifacts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CheckRun, ScanReport } from '../../../src/artifacts/schemas/scan-report.ts';
import type { VerificationReport } from '../../../src/artifacts/schemas/verification-report.ts';
import { checksRun } from '../../../src/engines/report/checks.ts';
import { decideClean, type CleanInputs } from '../../../src/engines/report/clean.ts';
import { reproductionsOf, verificationOf } from './helpers.ts';

const COVERAGE_GAPS = ['none', 'failed', 'unreviewed', 'scanner-unsupported', 'unreadable', 'nothing-in-scope'] as const;
const CHECKS: CheckRun['check'][] = ['verify', 'repro', 'dep-scan'];

function inputsOf(gap: (typeof COVERAGE_GAPS)[number], unreviewedFindings: number, unreviewedChunks: number, confirmed: number, checks: CheckRun[]): CleanInputs {
  const inScope = gap === 'nothing-in-scope' ? 0 : 4;
  const notCovered = gap === 'none' || gap === 'nothing-in-scope' ? [] : [{ status: gap === 'unreadable' ? 'unreviewed' : gap }];
  const counts: ScanReport['counts'] = { byVerdict: {}, byTier: {}, bySeverity: {}, byCategory: {}, suppressed: 3, failing: confirmed };
  if (unreviewedFindings) counts.byVerdict.unreviewed = unreviewedFindings;
  if (confirmed) counts.byVerdict.confirmed = confirmed;
  return {
    counts,
    chunks: { total: 2, done: 2 - unreviewedChunks, failed: 0, unreviewed: unreviewedChunks },
    coverage: { filesInScope: inScope, filesScanned: inScope - notCovered.length, complete: notCovered.length === 0 && unreviewedChunks === 0, notCovered: [...notCovered, { status: 'skipped' }] },
    checks,
  };
}

test('clean exactly when no coverage gap, nothing unreviewed or confirmed, and every check asked for ran; each gap is named', () => {
  let cases = 0;
  for (const gap of COVERAGE_GAPS) {
    for (const unreviewedFindings of [0, 2]) {
      for (const unreviewedChunks of [0, 1]) {
        for (const confirmed of [0, 1]) {
          // Every subset of the three checks asked for, each either run or not.
          for (let mask = 0; mask < 27; mask++) {
            const checks: CheckRun[] = [];
            CHECKS.forEach((check, i) => {
              const state = Math.floor(mask / 3 ** i) % 3; // 0 not asked, 1 asked and ran, 2 asked and not run
              if (state > 0) checks.push({ check, ran: state === 1, detail: state === 1 ? 'ran' : 'no sandbox' });
            });
            const notRun = checks.filter((c) => !c.ran);
            const decision = decideClean(inputsOf(gap, unreviewedFindings, unreviewedChunks, confirmed, checks));
            const expected = gap === 'none' && unreviewedFindings === 0 && unreviewedChunks === 0 && confirmed === 0 && notRun.length === 0;
            const label = JSON.stringify({ gap, unreviewedFindings, unreviewedChunks, confirmed, checks });
            assert.equal(decision.clean, expected, label);
            assert.equal(decision.notClean.length === 0, decision.clean, `reasons are empty exactly when clean: ${label}`);
            for (const c of notRun) assert.ok(decision.notClean.some((r) => r.startsWith(`--${c.check} was asked for but did not run`)), label);
            if (gap !== 'none' && gap !== 'nothing-in-scope') assert.ok(decision.notClean.some((r) => r.includes('not covered')), label);
            cases += 1;
          }
        }
      }
    }
  }
  assert.equal(cases, 6 * 2 * 2 * 2 * 27);
});

test('a check that did not check anything did not run: no sandbox, a check that never started, reproductions all skipped', () => {
  const verified = verificationOf(['BH-1']);
  const noSandbox: VerificationReport = { ...verified, sandbox: { backend: 'bwrap', available: false, reason: 'user namespaces are off' } };
  const unavailable: VerificationReport = { ...verified, checks: verified.checks.map((c) => ({ ...c, status: 'UNAVAILABLE' as const })) };
  const skipped = reproductionsOf([]);
  skipped.reproductions = [{ findingId: 'BH-1', outcome: 'skipped', reason: 'unknown: no tester model configured', attempts: 0 }];
  const asked = { verify: true, repro: true, depScan: true };

  assert.deepEqual(checksRun({ requested: asked }).map((c) => [c.check, c.ran]), [['verify', false], ['repro', false], ['dep-scan', false]]);
  assert.match(checksRun({ requested: asked, verification: noSandbox })[0]!.detail, /no sandbox \(bwrap: user namespaces are off\)/);
  assert.match(checksRun({ requested: asked, verification: unavailable })[0]!.detail, /1 of 1 check did not run \(repro-BH-1: UNAVAILABLE\)/);
  assert.equal(checksRun({ requested: asked, verification: verified })[0]!.ran, true, 'a check that ran and failed ran');
  assert.match(checksRun({ requested: asked, reproductions: skipped })[1]!.detail, /1 of 1 reproduction skipped \(unknown: no tester model configured\)/);
  assert.deepEqual(checksRun({ requested: { verify: false, repro: false, depScan: false }, verification: noSandbox }), [], 'nothing asked for, nothing required');
});
