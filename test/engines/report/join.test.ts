import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Coverage } from '../../../src/artifacts/schemas/coverage.ts';
import { ScanReport } from '../../../src/artifacts/schemas/scan-report.ts';
import { validate } from '../../../src/artifacts/validate.ts';
import { PhaseError } from '../../../src/foundations/errors.ts';
import type { JoinInputs } from '../../../src/engines/report/join.ts';
import { joinStamped, doneChunks, hunterOf, noSuppressions, planOf, refereeOf, skepticOf, triageOf, verificationOf, reproductionsOf } from './helpers.ts';
import { identity, makeFinding } from '../../helpers/builders.ts';

const a = makeFinding({ file: 'src/a.ts', symbol: 'run', subject: 'cmd', line: 3, quote: 'exec(cmd)', severity: 'critical' });
const b = makeFinding({ file: 'src/a.ts', symbol: 'get', subject: 'id', line: 8, quote: 'query(id)', severity: 'medium', category: 'logic' });
const c = makeFinding({ file: 'src/b.ts', symbol: 'put', subject: 'v', line: 2, quote: 'v.x', severity: 'low', category: 'nil-safety' });
const d = makeFinding({ file: 'src/b.ts', symbol: 'del', subject: 'k', line: 5, quote: 'rm(k)', severity: 'high' });
const e = makeFinding({ file: 'src/b.ts', symbol: 'ls', subject: 'p', line: 9, quote: 'ls(p)', severity: 'high' });
const all = [a, b, c, d, e];

function inputs(overrides: Partial<JoinInputs> = {}): JoinInputs {
  const triage = triageOf([['src/a.ts'], ['src/b.ts']]);
  return {
    triage,
    plan: planOf(triage),
    hunter: hunterOf(all, doneChunks(triage)),
    skeptic: skepticOf(all),
    referee: refereeOf({ [c.id]: 'manual-review', [d.id]: 'dismissed', [e.id]: 'unreviewed' }, all),
    verification: verificationOf([a.id]), reproductions: reproductionsOf([a.id]),
    suppressions: noSuppressions(),
    options: { failOn: 'high', showSuspected: false },
    durationMs: 42,
    ...overrides,
  };
}

test('the joined report and coverage validate against their schemas', () => {
  const { scanReport, coverage } = joinStamped(inputs());
  assert.deepEqual(validate(ScanReport, scanReport), { ok: true });
  assert.deepEqual(validate(Coverage, coverage), { ok: true });
});

test('verdicts are kept apart and tiers follow verification and the referee', () => {
  const { scanReport } = joinStamped(inputs());
  const byId = new Map(scanReport.findings.map((f) => [f.finding.id, f]));
  assert.equal(byId.get(a.id)!.tier, 'T1');
  assert.equal(byId.get(a.id)!.repro?.command, `node --test repro/${a.id}/repro.test.js`);
  assert.equal(byId.get(b.id)!.tier, 'T2');
  assert.equal(byId.get(c.id)!.verdict, 'manual-review');
  assert.equal(byId.get(c.id)!.tier, 'T3');
  assert.equal(byId.get(d.id)!.verdict, 'dismissed');
  assert.equal(byId.get(e.id)!.verdict, 'unreviewed');
  // Confirmed first, in tier order.
  assert.deepEqual(scanReport.findings.map((f) => f.finding.id), [a.id, b.id, c.id, e.id, d.id]);
});

test('counts by verdict, tier, severity and category', () => {
  // a is a security finding: its severity is its CVSS band, so its referee proposes a critical (9.8) vector.
  const referee = refereeOf({ [c.id]: 'manual-review', [d.id]: 'dismissed', [e.id]: 'unreviewed' }, all);
  referee.verdicts.find((v) => v.findingId === a.id)!.cvss = { vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', reason: 'unauthenticated remote command execution' };
  const { scanReport } = joinStamped(inputs({ referee }));
  assert.deepEqual(scanReport.counts.byVerdict, { confirmed: 2, 'manual-review': 1, unreviewed: 1, dismissed: 1 });
  assert.deepEqual(scanReport.counts.byTier, { T1: 1, T2: 1, T3: 2 });
  assert.deepEqual(scanReport.counts.bySeverity, { critical: 1, medium: 1 });
  assert.deepEqual(scanReport.counts.byCategory, { injection: 1, logic: 1 });
  assert.equal(scanReport.counts.failing, 1, 'only the critical one is at or above --fail-on high');
  assert.equal(scanReport.counts.suppressed, 0);
});

test('the reasoning trace carries every skeptic vote and the referee reasoning', () => {
  const { scanReport } = joinStamped(inputs());
  const f = scanReport.findings.find((x) => x.finding.id === b.id)!;
  assert.equal(f.skepticOutcome, 'survived');
  assert.deepEqual(f.skepticReasoning.map((r) => `${r.seat}:${r.vote}`), ['guards:upheld']);
  assert.equal(f.refereeReasoning, 'input flows to the sink');
});

test('a finding without a referee verdict is unreviewed, and the run is incomplete', () => {
  const referee = refereeOf({}, all);
  referee.verdicts = referee.verdicts.filter((v) => v.findingId !== b.id);
  const { scanReport } = joinStamped(inputs({ referee }));
  const f = scanReport.findings.find((x) => x.finding.id === b.id)!;
  assert.equal(f.verdict, 'unreviewed');
  assert.equal(scanReport.status, 'incomplete');
  assert.equal(scanReport.clean, false);
});

test('a suppressed fingerprint is marked, counted apart and not failing', () => {
  const suppressions = { ...noSuppressions(), entries: [{ fingerprint: a.fingerprint, reason: 'test harness only', by: 'Ann <ann@example.com>', at: '2025-01-02T00:00:00.000Z' }] };
  const { scanReport } = joinStamped(inputs({ suppressions }));
  const f = scanReport.findings.find((x) => x.finding.id === a.id)!;
  assert.equal(f.suppressed?.reason, 'test harness only');
  assert.equal(scanReport.counts.suppressed, 1);
  assert.equal(scanReport.counts.byVerdict.confirmed, 1);
  assert.equal(scanReport.counts.failing, 0);
});

test('files in failed or never-run chunks are not covered, with the reason', () => {
  const triage = triageOf([['src/a.ts'], ['src/b.ts', 'src/c.ts'], ['src/d.ts']]);
  const chunks = doneChunks(triage).slice(0, 2);
  chunks[1] = { ...chunks[1]!, status: 'failed', error: 'src/b.ts changed during the scan' };
  const plan = planOf(triage, identity(), ['chunk-001', 'chunk-002']);
  const { scanReport, coverage } = joinStamped(inputs({ triage, plan, hunter: hunterOf([a, b], chunks), skeptic: skepticOf([a, b]), referee: refereeOf({}, [a, b]), verification: undefined }));
  assert.deepEqual(coverage.totals, { inScope: 4, scanned: 1, failed: 2, unreviewed: 1, notCovered: 0, skipped: 0, unsupported: 0 });
  assert.equal(coverage.complete, false);
  assert.equal(scanReport.status, 'failed');
  const why = Object.fromEntries(scanReport.coverage.notCovered.map((n) => [n.path, n.reason]));
  assert.match(why['src/b.ts']!, /chunk-002 failed: src\/b.ts changed/);
  assert.match(why['src/d.ts']!, /past the plan's chunk limit/);
  assert.deepEqual(scanReport.chunks, { total: 3, done: 1, failed: 1, unreviewed: 1 });
});

test('clean only when nothing is confirmed, pending, unreviewed, failed or uncovered', () => {
  const triage = triageOf([['src/a.ts']]);
  const base = { triage, plan: planOf(triage), hunter: hunterOf([], doneChunks(triage)), skeptic: skepticOf([]), referee: refereeOf({}, []), verification: undefined };
  const clean = joinStamped(inputs(base)).scanReport;
  assert.equal(clean.clean, true);
  assert.deepEqual(clean.notClean, []);

  const unreviewedChunk = joinStamped(inputs({ ...base, hunter: hunterOf([], doneChunks(triage, 'unreviewed')) })).scanReport;
  assert.equal(unreviewedChunk.clean, false);
  assert.equal(unreviewedChunk.status, 'incomplete');

  const confirmed = joinStamped(inputs({ ...base, hunter: hunterOf([a], doneChunks(triage)), skeptic: skepticOf([a]), referee: refereeOf({}, [a]) })).scanReport;
  assert.equal(confirmed.clean, false);
  assert.deepEqual(confirmed.notClean, ['1 confirmed finding']);

  const nothingInScope = triageOf([]);
  const empty = joinStamped(inputs({ ...base, triage: nothingInScope, plan: planOf(nothingInScope), hunter: hunterOf([], []) })).scanReport;
  assert.equal(empty.clean, false, 'nothing checked is not clean');
});

test('artifacts from another run, or verdicts on unknown findings, are refused', () => {
  const other = { ...identity(), baseCommit: 'a'.repeat(40) };
  assert.throws(() => joinStamped(inputs({ skeptic: skepticOf(all, other) })), (err: unknown) => err instanceof PhaseError && /skeptic.json belongs to another run/.test(err.message));
  const stray = makeFinding({ file: 'src/z.ts', symbol: 'z', subject: 'z', line: 1, quote: 'z' });
  assert.throws(() => joinStamped(inputs({ referee: refereeOf({}, [...all, stray]) })), (err: unknown) => err instanceof PhaseError && err.message.includes(stray.id));
});
