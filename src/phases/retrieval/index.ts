// The retrieval phase's shell: from triage.json, adaptive-plan.json and (if present) recon.json, builds the code
// index from sources at their triage hashes and plans context per chunk: retrieval-plan.json's body.
// Only model hunters and refuters read that context: with neither (the static engine), the index is not built
// and the plan holds each chunk's own files, with a note saying why.
import type { RetrievalPlan } from '../../artifacts/schemas/retrieval-plan.ts';
import { definePhase } from '../../phase-kit/define-phase.ts';
import { loadCodeIndex, type LoadedIndex } from '../../engines/cache/code-index-load.ts';
import { modelFor, type PhaseContext } from '../../phase-kit/types.ts';
import { budgetsFrom } from './budgets.ts';
import { chunksToPlan, planRetrieval, retrievalNotes } from './core.ts';

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

/** `buildIndex`: build the code index even so (true) or not (false); default: when a model reads the context. */
export function createRetrievalPhase(buildIndexOverride?: boolean) {
  return definePhase({
    name: 'retrieval',
    summary: 'rank context per chunk under budgets',
    reads: { triage: 'required', 'adaptive-plan': 'required', recon: 'optional' },
    writes: ['retrieval-plan'],
    // The roles whose model reads the context it plans.
    roles: ['hunter', 'skeptic'],
    async run(ctx, { triage, 'adaptive-plan': plan, recon }) {
      const buildIndex = buildIndexOverride ?? contextHasReaders(ctx);
      ctx.signal.throwIfAborted();
      const chunks = chunksToPlan(triage, plan);
      const { budgets, note } = budgetsFrom(plan.limits);
      const notes = retrievalNotes(note, recon !== undefined, buildIndex);
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
      const dropped = planned.reduce((n, c) => n + c.excluded.length, 0);
      ctx.log.progress('retrieval', chunks.length, chunks.length, `${loaded.stats.files} file(s) indexed in ${loaded.stats.millis} ms, ${dropped} exclusion(s)`);
      return { 'retrieval-plan': { budgets, index: { ...loaded.stats, unindexed: loaded.unindexed }, notes, chunks: planned } };
    },
  });
}

export const retrievalPhase = createRetrievalPhase();

/** Runs the retrieval phase and returns retrieval-plan.json as written. */
export async function runRetrieval(ctx: PhaseContext, buildIndex?: boolean): Promise<RetrievalPlan> {
  return (await createRetrievalPhase(buildIndex).run(ctx))['retrieval-plan'] as RetrievalPlan;
}
