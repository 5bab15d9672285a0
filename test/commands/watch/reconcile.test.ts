import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Finding } from '../../../src/artifacts/schemas/common.ts';
import type { Ledger } from '../../../src/artifacts/schemas/memory.ts';
import type { ReadSource } from '../../../src/engines/ledger/update.ts';
import { reconcile } from '../../../src/commands/watch/reconcile.ts';
import { joinStamped, doneChunks, hunterOf, noSuppressions, planOf, refereeOf, skepticOf, triageOf } from '../../engines/report/helpers.ts';
import { identity, makeFinding } from '../../helpers/builders.ts';

const A = ['function a(p) {', '  const x = 1;', '  return eval(p);', '}'].join('\n');
const fa = (line = 3) => makeFinding({ file: 'src/a.js', symbol: 'a', subject: 'p', line, quote: 'return eval(p);' });
const C1 = 'c'.repeat(40);
const C2 = 'd'.repeat(40);

function reportOf(runId: string, files: string[], findings: Finding[]) {
  const run = identity({ runId });
  const triage = triageOf([files], run);
  const verdicts = Object.fromEntries(findings.map((f) => [f.id, 'confirmed' as const]));
  return joinStamped({
    triage,
    plan: planOf(triage, run),
    hunter: hunterOf(findings, doneChunks(triage), run),
    skeptic: skepticOf(findings, run),
    referee: refereeOf(verdicts, findings, run),
    suppressions: noSuppressions(),
    options: { failOn: 'low', showSuspected: false },
    identity: run,
    durationMs: 0,
  }).scanReport;
}

const tree = (files: Record<string, string>): ReadSource => (path) => (path in files ? { status: 'present', content: files[path]! } : { status: 'gone' });

function step(previous: Ledger | undefined, runId: string, commit: string, files: Record<string, string>, findings: Finding[], scanned: string[]) {
  return reconcile({ previous, report: reportOf(runId, Object.keys(files), findings), scanned: new Set(scanned), suppressions: noSuppressions(), read: tree(files), commit, now: new Date('2026-01-01T00:00:00Z') });
}

test('a finding whose code changed, in a file the investigation examined, that is not reported again is fixed by that commit', () => {
  const first = step(undefined, 'r1', C1, { 'src/a.js': A }, [fa()], ['src/a.js']);
  assert.deepEqual(first.events.map((e) => e.kind), ['new']);
  // A guard is added next to the bug; the cited line is still there but the funnel no longer reports it.
  const guarded = A.replace('  const x = 1;', '  if (typeof p !== "string") throw new Error();');
  const second = step(first.ledger, 'r2', C2, { 'src/a.js': guarded }, [], ['src/a.js']);
  const entry = second.ledger.entries[0]!;
  assert.equal(entry.status, 'fixed');
  assert.deepEqual(entry.fixedBy, { commit: C2, at: '2026-01-01T00:00:00.000Z' });
  assert.equal(entry.reverify, undefined);
  assert.deepEqual(second.events.map((e) => [e.kind, e.commit]), [['fixed', C2]]);
  assert.deepEqual(second.reverifications.map((r) => r.result), ['fixed']);
});

test('a changed finding the cycle did not examine stays open and queued, said once; a later examination that reports it re-verifies it', () => {
  const first = step(undefined, 'r1', C1, { 'src/a.js': A }, [fa()], ['src/a.js']);
  const edited = A.replace('  const x = 1;', '  const x = 2;');
  const second = step(first.ledger, 'r2', C2, { 'src/a.js': edited }, [], []);
  assert.equal(second.ledger.entries[0]!.status, 'open');
  assert.ok(second.ledger.entries[0]!.reverify, 'queued for re-verification');
  assert.deepEqual(second.events.map((e) => e.kind), ['unreviewed']);
  const third = step(second.ledger, 'r3', 'e'.repeat(40), { 'src/a.js': edited }, [], []);
  assert.deepEqual(third.events, [], 'not repeated every cycle');
  const fourth = step(third.ledger, 'r4', 'f'.repeat(40), { 'src/a.js': edited }, [fa()], ['src/a.js']);
  assert.deepEqual(fourth.events.map((e) => e.kind), ['re-verified']);
  assert.equal(fourth.ledger.entries[0]!.reverify, undefined);
});

test('code removed closes the finding with the commit; the bug coming back reopens it without the old fixedBy', () => {
  const first = step(undefined, 'r1', C1, { 'src/a.js': A }, [fa()], ['src/a.js']);
  const second = step(first.ledger, 'r2', C2, { 'src/a.js': A.replace('return eval(p);', 'return p;') }, [], []);
  assert.deepEqual(second.events.map((e) => [e.kind, e.commit]), [['closed', C2]]);
  assert.equal(second.ledger.entries[0]!.fixedBy?.commit, C2);
  const third = step(second.ledger, 'r3', 'e'.repeat(40), { 'src/a.js': A }, [fa()], ['src/a.js']);
  assert.deepEqual(third.events.map((e) => e.kind), ['reopened']);
  assert.equal(third.ledger.entries[0]!.status, 'open');
  assert.equal(third.ledger.entries[0]!.fixedBy, undefined);
});

test('an unchanged open finding found again says nothing', () => {
  const first = step(undefined, 'r1', C1, { 'src/a.js': A }, [fa()], ['src/a.js']);
  const second = step(first.ledger, 'r2', C2, { 'src/a.js': A }, [fa()], ['src/a.js']);
  assert.deepEqual(second.events, []);
  assert.deepEqual(second.reverifications, []);
});
