// The retrieval phase's shell: reads triage.json, adaptive-plan.json and (if present) recon.json, builds
// the code index from sources at their triage hashes, plans context per chunk and writes retrieval-plan.json.
import { readArtifact, readArtifactIfPresent, writeArtifact } from '../../artifacts/store.ts';
import { SCHEMA_VERSION } from '../../artifacts/schemas/common.ts';
import type { RetrievalPlan } from '../../artifacts/schemas/retrieval-plan.ts';
import { loadCodeIndex } from '../../code-index/load.ts';
import { IntegrityError } from '../../errors.ts';
import type { PhaseContext, PhaseDefinition } from '../types.ts';
import { budgetsFrom } from './budgets.ts';
import { planRetrieval } from './core.ts';

export async function runRetrieval(ctx: PhaseContext): Promise<RetrievalPlan> {
  ctx.signal.throwIfAborted();
  const triage = readArtifact(ctx.outDir, 'triage');
  const plan = readArtifact(ctx.outDir, 'adaptive-plan');
  const recon = readArtifactIfPresent(ctx.outDir, 'recon');
  const chunks = plan.chunkOrder.map((id) => {
    const chunk = triage.chunks.find((c) => c.id === id);
    if (!chunk) throw new IntegrityError(`adaptive-plan.json names ${id}, which triage.json does not have. Re-run 'bug-hunter phase plan'.`);
    return chunk;
  });
  const notes: string[] = [];
  const { budgets, note } = budgetsFrom(plan.limits);
  if (note) notes.push(note);
  if (!recon) notes.push('recon.json is absent: no trust-boundary context was added.');

  ctx.log.progress('retrieval', 0, chunks.length, `indexing ${triage.files.length} file(s)`);
  const loaded = await loadCodeIndex(ctx.target, triage.files, ctx.signal);
  const planned = planRetrieval({
    chunks,
    files: triage.files,
    index: loaded.index,
    sources: loaded.sources,
    unindexed: loaded.unindexed,
    boundaries: recon?.trustBoundaries ?? [],
    budgets,
  });
  const artifact: RetrievalPlan = {
    schemaVersion: SCHEMA_VERSION,
    artifact: 'retrieval-plan',
    run: ctx.identity,
    generatedAt: new Date().toISOString(),
    budgets,
    index: { ...loaded.stats, unindexed: loaded.unindexed },
    notes,
    chunks: planned,
  };
  writeArtifact(ctx.outDir, 'retrieval-plan', artifact);
  const dropped = planned.reduce((n, c) => n + c.excluded.length, 0);
  ctx.log.progress('retrieval', chunks.length, chunks.length, `${loaded.stats.files} file(s) indexed in ${loaded.stats.millis} ms, ${dropped} exclusion(s)`);
  return artifact;
}

export const retrievalPhase: PhaseDefinition = {
  name: 'retrieval',
  summary: 'rank context per chunk under budgets',
  reads: ['triage', 'adaptive-plan', 'recon'],
  writes: ['retrieval-plan'],
  async run(ctx) {
    await runRetrieval(ctx);
  },
};
