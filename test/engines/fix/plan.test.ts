import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readArtifact, writeArtifact } from '../../../src/artifacts/store.ts';
import { IntegrityError, UsageError } from '../../../src/foundations/errors.ts';
import { planFixes } from '../../../src/engines/fix/plan.ts';
import { topologicalWaves } from '../../../src/engines/fix/waves.ts';
import { silentLogger } from '../../../src/foundations/logger.ts';
import { runFixPlan } from '../../../src/phases/fix-plan/index.ts';
import { outWith } from './helpers.ts';
import { finding, identity, reported, scanReport, ZERO_RUN } from '../../helpers/builders.ts';

const BASE = 'a'.repeat(40);
const id = { ...identity({ ...ZERO_RUN, repoRoot: '/repo', baseCommit: BASE }), baseCommit: BASE };

test('findings in the same function cluster together; others stay apart', () => {
  const report = scanReport(id, [
    reported(finding('BH-00000001', { startLine: 3 })),
    reported(finding('BH-00000002', { startLine: 2 })),
    reported(finding('BH-00000003', { file: 'src/other.js', symbol: 'other' })),
  ]);
  const { strategy } = planFixes(report, id);
  assert.deepEqual(strategy.clusters.map((c) => c.findingIds), [['BH-00000002', 'BH-00000001'], ['BH-00000003']]);
});

test('classification: T3 and manual-review are report-only, wide evidence is a larger refactor, security T1 single site is safe', () => {
  const wide = finding('BH-00000004', {
    file: 'src/a.js',
    symbol: 'a',
    evidence: ['src/a.js', 'src/b.js', 'src/c.js', 'src/d.js'].map((file) => ({ file, startLine: 1, endLine: 1, quote: 'x' })),
  });
  const report = scanReport(id, [
    reported(finding('BH-00000001', { category: 'injection' })),
    reported(finding('BH-00000002', { file: 'src/t3.js', symbol: 't3' }), { tier: 'T3' }),
    reported(finding('BH-00000003', { file: 'src/mr.js', symbol: 'mr' }), { verdict: 'manual-review', tier: 'T2' }),
    reported(wide),
    reported(finding('BH-00000005', { file: 'src/gone.js', symbol: 'gone' }), { verdict: 'dismissed' }),
  ]);
  const { strategy, plan, scope } = planFixes(report, id);
  const classOf = (fid: string) => strategy.clusters.find((c) => c.findingIds.includes(fid))?.classification;
  assert.equal(classOf('BH-00000001'), 'safe-autofix');
  assert.match(strategy.clusters.find((c) => c.findingIds.includes('BH-00000001'))!.reasons[0]!, /security T1 .*single site/);
  assert.equal(classOf('BH-00000002'), 'report-only');
  assert.equal(classOf('BH-00000003'), 'report-only');
  assert.equal(classOf('BH-00000004'), 'larger-refactor');
  assert.equal(classOf('BH-00000005'), undefined, 'dismissed findings are not planned');
  assert.equal(plan.canary.length, 1);
  assert.deepEqual(scope?.entries.map((e) => e.bugIds), [['BH-00000001']]);
  assert.deepEqual(scope?.entries[0]?.files, [{ path: 'src/clamp.js', ranges: [{ start: 3, end: 3 }] }]);
  assert.equal(plan.manualReview.length, 1);
  assert.equal(plan.reportOnly.length, 2);
});

test('dependent clusters are ordered in waves; a dependency cycle goes to manual review', () => {
  assert.deepEqual(topologicalWaves([{ id: 'C2', dependsOn: ['C1'] }, { id: 'C1', dependsOn: [] }, { id: 'C3', dependsOn: ['C2'] }]), { waves: [['C1'], ['C2'], ['C3']], cyclic: [] });
  const cross = (fid: string, file: string, other: string) =>
    reported(finding(fid, { file, symbol: file, evidence: [{ file, startLine: 1, endLine: 1, quote: 'x' }, { file: other, startLine: 2, endLine: 2, quote: 'y' }] }));
  const report = scanReport(id, [cross('BH-00000001', 'src/a.js', 'src/b.js'), cross('BH-00000002', 'src/b.js', 'src/a.js'), reported(finding('BH-00000003'))]);
  const { strategy, plan } = planFixes(report, id);
  const cyclic = strategy.clusters.filter((c) => c.findingIds[0] !== 'BH-00000003');
  assert.ok(cyclic.every((c) => c.classification === 'manual-review' && c.reasons.some((r) => /cycle/.test(r))));
  assert.deepEqual(plan.manualReview.sort(), cyclic.map((c) => c.id).sort());
  assert.equal(plan.canary.length, 1);
});

test('the fix-plan phase writes valid artifacts; a different existing scope is an IntegrityError and is not overwritten', async () => {
  const out = outWith(scanReport(id, [reported(finding('BH-00000001'))]));
  try {
    const ctx = { outDir: out.outDir, identity: id, log: silentLogger };
    assert.deepEqual(await runFixPlan(ctx), { executable: 1, scopeWritten: true });
    assert.equal(readArtifact(out.outDir, 'fixer-scope').baseCommit, BASE);
    // Each later run plans from its own report (the driver hands a phase no input of another run).
    const run2 = { ...id, runId: 'run-2' };
    writeArtifact(out.outDir, 'scan-report', scanReport(run2, [reported(finding('BH-00000001'))]));
    assert.deepEqual(await runFixPlan({ ...ctx, identity: run2 }), { executable: 1, scopeWritten: false }, 'the same grant is kept, not rewritten');
    const moved = { ...id, runId: 'run-3', baseCommit: 'b'.repeat(40) };
    writeArtifact(out.outDir, 'scan-report', scanReport(moved, [reported(finding('BH-00000001'))]));
    await assert.rejects(runFixPlan({ ...ctx, identity: moved }), (e: unknown) => e instanceof IntegrityError && /already grants a different scope \(base commit/.test(e.message));
    assert.equal(readArtifact(out.outDir, 'fixer-scope').baseCommit, BASE, 'the existing scope is untouched');
    assert.equal(readArtifact(out.outDir, 'fixer-scope').run.runId, 'run-test-1');
  } finally {
    out.cleanup();
  }
});

test('outside git (no base commit) the fix plan is a clear UsageError', async () => {
  const outsideGit = { ...id, baseCommit: null };
  const out = outWith(scanReport(outsideGit, [reported(finding('BH-00000001'))]));
  try {
    await assert.rejects(runFixPlan({ outDir: out.outDir, identity: outsideGit, log: silentLogger }), (e: unknown) => e instanceof UsageError && /needs a git repository/.test(e.message));
  } finally {
    out.cleanup();
  }
});
