import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decideExit } from '../../../src/engines/report/exit-decision.ts';
import { joinStamped, doneChunks, hunterOf, noSuppressions, planOf, refereeOf, skepticOf, triageOf } from '../../engines/report/helpers.ts';
import type { Verdict } from '../../../src/artifacts/schemas/common.ts';
import type { Triage } from '../../../src/artifacts/schemas/triage.ts';
import { makeFinding } from '../../helpers/builders.ts';

const medium = makeFinding({ file: 'src/a.ts', symbol: 'get', subject: 'id', line: 8, quote: 'query(id)', severity: 'medium' });

function report(verdict: Verdict, chunkStatus: 'done' | 'failed' = 'done', unsupported: string[] = []) {
  const triage = triageOf([['src/a.ts', ...unsupported]]);
  const chunks = doneChunks(triage, chunkStatus).map((c) => ({ ...c, ...(unsupported.length ? { unsupported: unsupported.map((path) => ({ path, reason: 'the static engine has no rules for python' })) } : {}) }));
  return joinStamped({
    triage,
    plan: planOf(triage),
    hunter: hunterOf([medium], chunks),
    skeptic: skepticOf([medium]),
    referee: refereeOf({ [medium.id]: verdict }, [medium]),
    suppressions: noSuppressions(),
    options: { failOn: 'low', showSuspected: false },
    durationMs: 1,
  }).scanReport;
}

function emptyReport(skipped: Triage['skipped']) {
  const triage = triageOf([], undefined, skipped);
  return joinStamped({
    triage,
    plan: planOf(triage),
    hunter: hunterOf([], []),
    skeptic: skepticOf([]),
    referee: refereeOf({}, []),
    suppressions: noSuppressions(),
    options: { failOn: 'low', showSuspected: false },
    durationMs: 1,
  }).scanReport;
}

const low = { failOn: 'low' } as const;

test('a confirmed finding fails the run only at or above --fail-on', () => {
  const r = report('confirmed');
  assert.deepEqual(decideExit(r, low), { code: 1, reason: '1 confirmed finding at or above --fail-on low' });
  assert.equal(decideExit(r, { failOn: 'medium' }).code, 1);
  assert.equal(decideExit(r, { failOn: 'high' }).code, 0);
});

test('dismissed findings never fail the run; manual-review ones only with --fail-on-review, at or above --fail-on', () => {
  assert.equal(decideExit(report('dismissed'), low).code, 0);
  const review = report('manual-review');
  const plain = decideExit(review, low);
  assert.equal(plain.code, 0);
  assert.match(plain.reason, /1 manual-review finding not counted \(add --fail-on-review/);
  assert.deepEqual(decideExit(review, { ...low, failOnReview: true }), { code: 1, reason: '1 manual-review finding at or above --fail-on low (--fail-on-review)' });
  assert.equal(decideExit(review, { failOn: 'high', failOnReview: true }).code, 0);
});

test('an unreviewed finding, a failed chunk or a missing report is an incomplete run (exit 3)', () => {
  assert.equal(decideExit(report('unreviewed'), low).code, 3);
  assert.match(decideExit(report('confirmed', 'failed'), low).reason, /^the run failed: 1 file in failed chunks/);
  assert.deepEqual(decideExit(null, low), { code: 3, reason: 'the run wrote no report' });
});

test('in-scope files without a scanner exit 3 naming --allow-uncovered, which restores the finding-based code', () => {
  const r = report('confirmed', 'done', ['src/b.py']);
  const d = decideExit(r, low);
  assert.equal(d.code, 3);
  assert.match(d.reason, /^1 of 2 in-scope files not checked \(src\/b\.py: the static engine has no rules for python\); pass --allow-uncovered/);
  assert.equal(decideExit(r, { ...low, allowUncovered: true }).code, 1);
});

test('nothing in scope exits 3 and says why, with the flag that brings the files in', () => {
  assert.match(decideExit(emptyReport([]), low).reason, /^nothing was checked: the folder has no files; pass --allow-uncovered/);
  const dist = decideExit(emptyReport([{ path: 'dist/index.js', reason: 'generated', detail: 'build output folder dist/' }]), low);
  assert.equal(dist.code, 3);
  assert.match(dist.reason, /no source file in scope \(1 file skipped: 1 generated\); --include-generated/);
  const ignored = Array.from({ length: 3 }, (_, i) => ({ path: `lib/f${i}.js`, reason: 'ignored' as const, detail: 'ignored by /p/.gitignore of the enclosing repository' }));
  assert.match(decideExit(emptyReport(ignored), low).reason, /^nothing was checked: all 3 files are ignored by \/p\/\.gitignore of the enclosing repository \(pass --no-gitignore to scan them\)/);
  const allowed = decideExit(emptyReport([]), { ...low, allowUncovered: true });
  assert.equal(allowed.code, 0);
  assert.match(allowed.reason, /nothing was checked \(--allow-uncovered\)/);
});
