// The retrieval phase's shell: reads triage.json, adaptive-plan.json and (if present) recon.json, builds
// the code index from sources at their triage hashes, plans context per chunk and writes retrieval-plan.json.
// Only model hunters and refuters read that context: with neither (the static engine), the index is not built
// and the plan holds each chunk's own files, with a note saying why.
import { readArtifact, readArtifactIfPresent, writeArtifact } from '../../artifacts/store.ts';
import { SCHEMA_VERSION } from '../../artifacts/schemas/common.ts';
import type { RetrievalPlan } from '../../artifacts/schemas/retrieval-plan.ts';
import { loadCodeIndex, type LoadedIndex } from '../../code-index/load.ts';
import { IntegrityError } from '../../errors.ts';
import { modelFor, type PhaseContext, type PhaseDefinition } from '../types.ts';
import { budgetsFrom } from './budgets.ts';
import { planRetrieval } from './core.ts';

const NO_INDEX: LoadedIndex = {
  index: { files: new Map(), importers: new Map() },
  sources: new Map(),
  unindexed: [],
  stats: { files: 0, precise: 0, fallback: 0, millis: 0 },
};

/** True when a model hunter or refuter will read the context this phase plans. */
export function contextHasReaders(ctx: Pick<PhaseContext, 'models' | 'modelRoles'>): boolean {
  return modelFor(ctx, 'hunter') !== undefined || modelFor(ctx, 'skeptic') !== undefined;
}

export async function runRetrieval(ctx: PhaseContext, buildIndex = contextHasReaders(ctx)): Promise<RetrievalPlan> {
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

  if (!buildIndex) notes.push('No model reads retrieval context in this run (static engine): the code index was not built; each chunk lists only its own files.');
  ctx.log.progress('retrieval', 0, chunks.length, buildIndex ? `indexing ${triage.files.length} file(s)` : 'no model reads context: index not built');
  const loaded = buildIndex ? await loadCodeIndex(ctx.target, triage.files, ctx.signal, [], ctx.cache) : NO_INDEX;
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
