// The adaptive plan phase (no model): reads triage.json, picks profile, execution mode and limits from the
// modes/ data, lets explicit caller limits win, and writes adaptive-plan.json.
import { readArtifact, writeArtifact } from '../../artifacts/store.ts';
import { SCHEMA_VERSION } from '../../artifacts/schemas/common.ts';
import { PhaseError } from '../../errors.ts';
import type { PhaseContext, PhaseDefinition } from '../types.ts';
import { choosePlan } from './choose.ts';
import { DEFAULT_MODES_DIR, loadModes } from './modes.ts';

export async function runPlan(ctx: PhaseContext, modesDir = DEFAULT_MODES_DIR): Promise<string> {
  ctx.signal.throwIfAborted();
  const modes = loadModes(modesDir);
  const triage = readArtifact(ctx.outDir, 'triage');
  if (triage.includeTests !== ctx.scope.includeTests) {
    throw new PhaseError(
      `triage.json was built ${triage.includeTests ? 'with' : 'without'} test files but this run ${ctx.scope.includeTests ? 'includes' : 'excludes'} them. Re-run 'bug-hunter phase triage'.`,
    );
  }
  ctx.log.progress('plan', 0, 1);
  const body = choosePlan({ chunks: triage.chunks, chunkTokenBudget: triage.totals.chunkTokenBudget, options: ctx.options, modes });
  const path = writeArtifact(ctx.outDir, 'adaptive-plan', {
    schemaVersion: SCHEMA_VERSION,
    artifact: 'adaptive-plan',
    run: ctx.identity,
    generatedAt: new Date().toISOString(),
    ...body,
  });
  ctx.log.progress('plan', 1, 1, `${body.profile}, ${body.mode}, ${body.chunkOrder.length} chunk(s)`);
  return path;
}

export const planPhase: PhaseDefinition = {
  name: 'plan',
  summary: 'choose profile, execution mode and limits',
  reads: ['triage'],
  writes: ['adaptive-plan'],
  run: async (ctx) => {
    await runPlan(ctx);
  },
};
