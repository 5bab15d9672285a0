import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PhaseError } from '../../../src/foundations/errors.ts';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { planPhase } from '../../../src/phases/plan/index.ts';
import { triagePhase } from '../../../src/phases/triage/index.ts';
import { gitRepo } from '../../helpers/temp.ts';
import { phaseContext } from '../triage/context.ts';
import { asDriverRuns } from '../../helpers/as-driver-runs.ts';

const files = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`src/m${i}.js`, `export const v${i} = ${i};\n`.repeat(30)]));

test('plan reads triage.json and writes a valid adaptive-plan.json covering its chunks', async (t) => {
  const dir = gitRepo(t, files(12));
  const ctx = phaseContext(dir, { chunkTokens: 600 });
  await triagePhase.run(ctx);
  await planPhase.run(ctx);
  const triage = readArtifact(ctx.outDir, 'triage');
  const plan = readArtifact(ctx.outDir, 'adaptive-plan');
  assert.deepEqual(plan.run, ctx.identity);
  assert.equal(plan.limits.chunkTokenBudget, 600);
  assert.deepEqual([...plan.chunkOrder, ...plan.deferredChunks], triage.chunks.map((c) => c.id));
  assert.ok(triage.chunks.length > 3, `expected several chunks, got ${triage.chunks.length}`);
  assert.equal(plan.mode, 'parallel');
  assert.deepEqual(plan.overrides, ['chunkTokenBudget']);
});

test('plan without triage.json fails naming the missing file and the phase that writes it', async (t) => {
  const ctx = phaseContext(gitRepo(t, files(1)));
  await assert.rejects(asDriverRuns(planPhase.run(ctx)), (e: Error) => e instanceof PhaseError && /triage\.json is missing\. Run 'bug-hunter phase triage' first\./.test(e.message));
});

test('plan refuses a triage built for another test scope', async (t) => {
  const dir = gitRepo(t, files(2));
  await triagePhase.run(phaseContext(dir));
  // The driver refuses it before the plan reads it: a triage of another run (here, of another scope) is no input.
  await assert.rejects(asDriverRuns(planPhase.run(phaseContext(dir, {}, { includeTests: true }))), /triage\.json belongs to another run .*scope \(\w+ → \w+\) differ.*Run 'bug-hunter phase triage' first/);
});
