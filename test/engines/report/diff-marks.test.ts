// The join of a diff-aware, baselined run: inDiff from the changed lines, baseline from the base's fingerprints,
// and what they do to the exit code and the views.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BaseFinding, Baseline } from '../../../src/artifacts/schemas/baseline.ts';
import type { DiffScopeRecord, Triage } from '../../../src/artifacts/schemas/triage.ts';
import { decideExit } from '../../../src/engines/report/exit-decision.ts';
import { markFindings } from '../../../src/engines/report/diff-marks.ts';
import { formerModelFingerprint } from '../../../src/engines/findings/former-fingerprint.ts';
import { renderMarkdown } from '../../../src/engines/report/markdown.ts';
import { joinStamped, doneChunks, hunterOf, noSuppressions, NOW, planOf, refereeOf, skepticOf, triageOf } from './helpers.ts';
import { identity, makeFinding } from '../../helpers/builders.ts';

const a = makeFinding({ file: 'src/a.ts', symbol: 'run', subject: 'cmd', line: 3, quote: 'exec(cmd)', severity: 'high' });
const b = makeFinding({ file: 'src/b.ts', symbol: 'go', subject: 'sql', line: 5, quote: 'query(sql)', severity: 'high' });

const DIFF: DiffScopeRecord = {
  mode: 'diff',
  radius: 1,
  base: 'main',
  head: 'HEAD',
  range: '...',
  changed: [{ path: 'src/a.ts', status: 'modified', lines: [{ start: 2, end: 3 }] }],
  files: [
    { path: 'src/a.ts', reason: 'changed' },
    { path: 'src/b.ts', reason: 'dependent', of: 'src/a.ts', via: 'src/a.ts', hop: 1 },
  ],
  outOfScope: 0,
  graph: 'code-index',
};

function baselineOf(fingerprints: string[], findings?: BaseFinding[]): Baseline {
  return { schemaVersion: 1, artifact: 'baseline', run: identity(), generatedAt: NOW, ref: 'main', commit: 'a'.repeat(40), source: 'worktree-scan', detail: 'test', fingerprints, ...(findings ? { findings } : {}) };
}

/** A base finding as baseline.json records it. */
function baseFinding(file: string, fingerprint: string): BaseFinding {
  return { fingerprint, ruleId: 'command-injection', category: 'injection', file, startLine: 4, endLine: 4, claim: 'ls runs user input', severity: 'high', level: 'error' };
}

// The real join over a two-file run with a and b confirmed (or, with `empty`, a run with no file at all).
function join(options: { diffScope?: DiffScopeRecord; baseline?: Baseline; empty?: boolean } = {}) {
  const base = triageOf(options.empty ? [] : [['src/a.ts'], ['src/b.ts']]);
  const triage: Triage = options.diffScope ? { ...base, diffScope: options.diffScope } : base;
  const findings = options.empty ? [] : [a, b];
  return joinStamped({
    triage,
    plan: planOf(triage),
    hunter: hunterOf(findings, doneChunks(triage)),
    skeptic: skepticOf(findings),
    referee: refereeOf(Object.fromEntries(findings.map((f) => [f.id, 'confirmed' as const])), findings),
    suppressions: noSuppressions(),
    options: { failOn: 'low', showSuspected: false },
    durationMs: 0,
    ...(options.baseline ? { baseline: options.baseline } : {}),
  }).scanReport;
}

const byFile = (report: ReturnType<typeof join>) => new Map(report.findings.map((f) => [f.finding.file, f]));

test('without a diff scope or a baseline, neither mark is set and both findings fail the run', () => {
  const report = join();
  assert.ok(report.findings.every((f) => f.inDiff === undefined && f.baseline === undefined));
  assert.equal(report.diff, undefined);
  assert.equal(report.baseline, undefined);
  assert.equal(decideExit(report, { failOn: 'low' }).code, 1);
});

test('inDiff is true only for the finding on a changed line; the dependent file\'s finding is kept, marked false, and still counts', () => {
  const report = join({ diffScope: DIFF });
  assert.equal(byFile(report).get('src/a.ts')?.inDiff, true);
  assert.equal(byFile(report).get('src/b.ts')?.inDiff, false);
  assert.deepEqual(report.diff, { mode: 'diff', radius: 1, base: 'main', head: 'HEAD', range: '...', changedFiles: 1, filesInScope: 2 });
  assert.equal(report.counts.failing, 2);
  assert.match(renderMarkdown(report), /\| Diff scope \| main\.\.\.HEAD \(radius 1\): 1 changed path, 2 files in scope · 1 of 2 reported finding\(s\) on changed lines \|/);
});

test('a baseline the previous version wrote (the finding under its former fingerprint) still marks it pre-existing', () => {
  const former = formerModelFingerprint('src/a.ts', 'run', 'injection', 'exec(cmd)');
  const findings = join().findings.map((f) => (f.finding.fingerprint === a.fingerprint ? { ...f, finding: { ...f.finding, formerFingerprints: [former] } } : f));
  markFindings(findings, undefined, baselineOf([former]));
  assert.deepEqual(findings.map((f) => [f.finding.file, f.baseline]), [['src/a.ts', true], ['src/b.ts', false]]);
});

test('a finding already at the baseline is marked and does not count; the new one does', () => {
  const report = join({ diffScope: DIFF, baseline: baselineOf([b.fingerprint]) });
  assert.equal(byFile(report).get('src/b.ts')?.baseline, true);
  assert.equal(byFile(report).get('src/a.ts')?.baseline, false);
  assert.equal(report.counts.failing, 1);
  assert.deepEqual({ ...report.baseline }, { ref: 'main', commit: 'a'.repeat(40), source: 'worktree-scan', detail: 'test', new: 1, preExisting: 1, fixed: 0, absent: [] });
  const decision = decideExit(report, { failOn: 'low' });
  assert.equal(decision.code, 1);
  assert.equal(decision.reason, '1 new confirmed finding at or above --fail-on low; 1 pre-existing finding at --baseline main not counted');
  const md = renderMarkdown(report);
  assert.match(md, /\| Baseline \| main \(aaaaaaaaaaaa, worktree-scan\): 1 new, 1 pre-existing/);
  assert.match(md, /- \*\*Change:\*\* pre-existing at the baseline, not on a changed line/);
  assert.match(md, /- \*\*Change:\*\* new, on a changed line/);
});

test('everything at the baseline: exit 0, saying what was not counted', () => {
  const report = join({ baseline: baselineOf([a.fingerprint, b.fingerprint]) });
  const decision = decideExit(report, { failOn: 'low' });
  assert.equal(decision.code, 0, decision.reason);
  assert.match(decision.reason, /2 pre-existing findings at --baseline main not counted/);
});

test('a diff-aware run with nothing in scope exits 0 (nothing to check), where a plain empty run exits 3', () => {
  assert.equal(decideExit(join({ empty: true }), { failOn: 'low' }).code, 3);
  const decision = decideExit(join({ empty: true, diffScope: { ...DIFF, files: [], changed: [{ path: 'README.md', status: 'modified', lines: [{ start: 1, end: 1 }] }] } }), { failOn: 'low' });
  assert.equal(decision.code, 0);
  assert.equal(decision.reason, 'the diff changes no source file in scope (1 changed path); nothing to check');
});

test('absent: a base finding with no head finding of its fingerprint, in a file the head scanned or deleted; never one outside the scan', () => {
  const gone = baseFinding('src/a.ts', 'c'.repeat(32));
  const stillThere = baseFinding('src/b.ts', b.fingerprint);
  const outOfScope = baseFinding('src/elsewhere.ts', 'd'.repeat(32));
  const deleted = baseFinding('src/old.ts', 'e'.repeat(32));
  const diff: DiffScopeRecord = { ...DIFF, changed: [...DIFF.changed, { path: 'src/old.ts', status: 'deleted', lines: [] }] };
  const report = join({ diffScope: diff, baseline: baselineOf([b.fingerprint, gone.fingerprint, outOfScope.fingerprint, deleted.fingerprint], [gone, stillThere, outOfScope, deleted]) });
  assert.deepEqual(report.baseline?.absent.map((f) => f.file), ['src/a.ts', 'src/old.ts']);
  assert.equal(report.baseline?.fixed, 2);
  assert.match(renderMarkdown(report), /\| Baseline \| main \(aaaaaaaaaaaa, worktree-scan\): 1 new, 1 pre-existing, 2 fixed by this change/);
  // A baseline.json from before base findings were recorded names none absent.
  assert.deepEqual(join({ baseline: baselineOf([gone.fingerprint]) }).baseline?.absent, []);
});

test('absent: a file the head did not finish scanning is not checked, so its base findings are not reported gone', () => {
  const triage = triageOf([['src/a.ts'], ['src/b.ts']]);
  const chunks = doneChunks(triage);
  chunks[1] = { ...chunks[1]!, status: 'failed', error: 'worker crashed' };
  const report = joinStamped({
    triage,
    plan: planOf(triage),
    hunter: hunterOf([a], chunks),
    skeptic: skepticOf([a]),
    referee: refereeOf({ [a.id]: 'confirmed' }, [a]),
    suppressions: noSuppressions(),
    options: { failOn: 'low', showSuspected: false },
    durationMs: 0,
    baseline: baselineOf(['c'.repeat(32), 'd'.repeat(32)], [baseFinding('src/a.ts', 'c'.repeat(32)), baseFinding('src/b.ts', 'd'.repeat(32))]),
  }).scanReport;
  assert.deepEqual(report.baseline?.absent.map((f) => f.file), ['src/a.ts']);
});
