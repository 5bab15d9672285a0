// The fix-plan phase's pure core: a base commit is required, an executable plan grants a scope once, and an existing
// scope is kept when it grants the same and refused when it differs or the plan has nothing executable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FixerScope } from '../../../src/artifacts/schemas/fix.ts';
import { IntegrityError, UsageError } from '../../../src/foundations/errors.ts';
import { fixPlanOutputs } from '../../../src/phases/fix-plan/core.ts';
import { ZERO_RUN, finding, identity, reported, scanReport } from '../../helpers/builders.ts';


const BASE = 'a'.repeat(40);
const RUN = identity({ ...ZERO_RUN, repoRoot: '/tmp/repo', baseCommit: BASE });
const HEADER = { schemaVersion: 1, artifact: 'fixer-scope', run: RUN, generatedAt: '2025-01-01T00:00:00.000Z' } as const;

test('an executable finding is planned, scoped at the base commit, and summarised', () => {
  const { outputs, summary } = fixPlanOutputs(scanReport(RUN, [reported(finding('BH-00000001'))]), RUN, undefined, '/tmp/out');
  assert.equal(outputs['fixer-scope']?.baseCommit, BASE);
  assert.deepEqual(outputs['fixer-scope']?.entries.map((e) => e.bugIds), [['BH-00000001']]);
  assert.equal(outputs['fix-plan'].canary.length, 1);
  assert.equal(summary, 'fix plan: 1 clusters, 1 executable, 0 manual review, 0 report only');
});

test('without a base commit fixing is a UsageError that says how to get one', () => {
  const outsideGit = { ...RUN, baseCommit: null };
  assert.throws(() => fixPlanOutputs(scanReport(outsideGit, [reported(finding('BH-00000001'))]), outsideGit, undefined, '/tmp/out'), (e: unknown) => e instanceof UsageError && /git init && git commit/.test(e.message));
});

test('an existing scope granting the same is kept (not rewritten); a different one, or one with nothing to execute, is refused', () => {
  const report = scanReport(RUN, [reported(finding('BH-00000001'))]);
  const granted = fixPlanOutputs(report, RUN, undefined, '/tmp/out').outputs['fixer-scope']!;
  const existing: FixerScope = { ...HEADER, ...granted };
  const again = fixPlanOutputs(report, { ...RUN, runId: 'run-2' }, existing, '/tmp/out');
  assert.equal('fixer-scope' in again.outputs, false);
  assert.equal(again.outputs['fix-plan'].canary.length, 1);
  const moved = { ...RUN, baseCommit: 'b'.repeat(40) };
  assert.throws(() => fixPlanOutputs(scanReport(moved, report.findings), moved, existing, '/tmp/out'), (e: unknown) => e instanceof IntegrityError && /fixer-scope\.json in \/tmp\/out already grants a different scope \(base commit/.test(e.message));
  const nothing = scanReport(RUN, [reported(finding('BH-00000002'), { verdict: 'manual-review' })]);
  assert.throws(() => fixPlanOutputs(nothing, RUN, existing, '/tmp/out'), (e: unknown) => e instanceof IntegrityError && /nothing executable/.test(e.message));
});
