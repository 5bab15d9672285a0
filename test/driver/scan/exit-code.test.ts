import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decideExit } from '../../../src/engines/report/exit-decision.ts';
import { joinStamped, doneChunks, hunterOf, noSuppressions, planOf, refereeOf, skepticOf, triageOf } from '../../engines/report/helpers.ts';
import type { Verdict } from '../../../src/artifacts/schemas/common.ts';
import type { Triage } from '../../../src/artifacts/schemas/triage.ts';
import { makeFinding } from '../../helpers/builders.ts';

const medium = makeFinding({ file: 'src/a.ts', symbol: 'get', subject: 'id', line: 8, quote: 'query(id)', severity: 'medium' });

// The helper triages every file as TypeScript; give the others the language their extension names.
function triageWithLanguages(files: string[][], skipped: Triage['skipped'] = []): Triage {
  const triage = triageOf(files, undefined, skipped);
  const LANGUAGE: Record<string, string> = { py: 'python', sh: 'shell' };
  return { ...triage, files: triage.files.map((f) => ({ ...f, language: LANGUAGE[f.path.split('.').pop() ?? ''] ?? f.language })) };
}

/** The report of a run with no finding over this triage; `unsupported` files get the static engine's reason. */
function findingless(triage: Triage, unsupported: Record<string, string> = {}) {
  const chunks = doneChunks(triage, 'done').map((c) => ({ ...c, ...(Object.keys(unsupported).length ? { unsupported: Object.entries(unsupported).map(([path, reason]) => ({ path, reason })) } : {}) }));
  return joinStamped({
    triage,
    plan: planOf(triage),
    hunter: hunterOf([], chunks),
    skeptic: skepticOf([]),
    referee: refereeOf({}, []),
    suppressions: noSuppressions(),
    options: { failOn: 'low', showSuspected: false },
    durationMs: 1,
  }).scanReport;
}

function report(verdict: Verdict, chunkStatus: 'done' | 'failed' = 'done', unsupported: string[] = []) {
  const triage = triageWithLanguages([['src/a.ts', ...unsupported]]);
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
  return findingless(triageOf([], undefined, skipped));
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

test('in-scope files in a language no configured engine reads are listed by language, not counted; --require-coverage counts them', () => {
  const r = report('confirmed', 'done', ['src/b.py']);
  assert.deepEqual(decideExit(r, low), { code: 1, reason: '1 confirmed finding at or above --fail-on low' });
  const clean = report('dismissed', 'done', ['src/b.py']);
  const plain = decideExit(clean, low);
  assert.equal(plain.code, 0);
  assert.match(plain.reason, /1 file in a language no configured engine reads listed, not counted \(python 1 \(src\/b\.py\); --require-coverage counts them\)/);
  const required = decideExit(clean, { ...low, requireCoverage: true });
  assert.equal(required.code, 3);
  // First how to get them read, then how to leave them out on purpose.
  assert.match(required.reason, /^1 of 2 in-scope files in a language no configured engine reads \(python 1 \(src\/b\.py\); --require-coverage\); configure a model to hunt in them; to leave them out on purpose/);
  assert.equal(decideExit(r, { ...low, requireCoverage: true }).code, 3);
  // Never Clean, whatever the exit code.
  assert.equal(clean.clean, false);
});

test('a run that read no file exits 3 even when every in-scope file is in an unsupported language; --allow-uncovered still lets it pass', () => {
  const r = findingless(triageWithLanguages([['src/a.sh']]), { 'src/a.sh': 'the static engine has no rules for shell' });
  const d = decideExit(r, low);
  assert.equal(d.code, 3);
  assert.match(d.reason, /^nothing was read: no configured engine reads the 1 in-scope file \(shell 1 \(src\/a\.sh\)\)/);
  assert.equal(decideExit(r, { ...low, allowUncovered: true }).code, 0);
});

test('a supported file over the size limit is not covered: exit 3 saying first how to get it read, then how to leave it out', () => {
  const r = findingless(triageOf([['src/a.ts']], undefined, [{ path: 'src/big.js', reason: 'huge', detail: '2000000 bytes, over the 1048576-byte limit', language: 'javascript' }]));
  for (const policy of [low, { ...low, allowUncovered: true }]) {
    const d = decideExit(r, policy);
    assert.equal(d.code, 3);
    assert.match(d.reason, /1 in-scope file not read \(src\/big\.js: .*\); to read it, raise the size limit: --max-file-bytes 2000000; to leave it out on purpose/);
  }
  // Without a language (test code, or a file no path rule calls source) it stays a listed skip.
  const quiet = findingless(triageOf([['src/a.ts']], undefined, [{ path: 'test/big.js', reason: 'huge', detail: '2000000 bytes, over the 1048576-byte limit' }]));
  assert.equal(decideExit(quiet, low).code, 0);
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
