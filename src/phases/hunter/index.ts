// The hunter phase: chunks in plan order with bounded concurrency, resumable per chunk, fail-closed per chunk.
import pLimit from 'p-limit';
import type { AdaptivePlan } from '../../artifacts/schemas/adaptive-plan.ts';
import type { Leads } from '../../artifacts/schemas/leads.ts';
import type { Triage } from '../../artifacts/schemas/triage.ts';
import { definePhase, type InputsOf } from '../../phase-kit/define-phase.ts';
import { modelFor, type PhaseContext } from '../../phase-kit/types.ts';
import { chunksToHunt, cpuBudgetSpent, hunterFindingsBody, mergeByFingerprint, stateStatus, unreviewedChunk } from './core.ts';
import { loadChunkWork, saveChunkWork, type ChunkWork } from '../../engines/chunks/work.ts';
import type { HunterEngine } from './engine.ts';
import { reacceptSavedChunk, runChunk } from './run-chunk.ts';
import { chooseHunter } from './choose.ts';
import { retrievalContext } from '../../engines/prompts/retrieval-context.ts';
import { threatContext } from './threat-context.ts';
import { poolSize } from '../../engines/workers/size.ts';
import { withFilePool } from '../../engines/workers/lender.ts';
import type { RunOptions } from '../../engines/run/options.ts';
import { analysisStoreFor } from '../../engines/cache/static-analysis.ts';
import { withLeads } from './leads.ts';
import { crossFilePass, type CrossFile } from './cross-file.ts';
import { importedLookup, incomingLookup } from '../../engines/static/incoming-lookup.ts';
import { publicApiLookup } from '../../engines/static/library-lookup.ts';

const READS = {
  triage: 'required',
  'adaptive-plan': 'required',
  // The public API the lenses weigh.
  recon: 'optional',
  // Model context: the threat model's flows and the retrieval plan's ranked code.
  'threat-model': 'optional',
  'retrieval-plan': 'optional',
  // Other analysers' results (--leads).
  leads: 'optional',
} as const;

export const hunterPhase = definePhase({
  name: 'hunter',
  summary: 'find candidate bugs per chunk',
  reads: READS,
  writes: ['hunter-findings'],
  roles: ['hunter'],
  async run(ctx, inputs) {
    const { triage, 'adaptive-plan': plan } = inputs;
    // Worker threads for the static engine when there is enough source to pay for them (tokens are bytes/4): the
    // run's pool (recon used it before), for the cross-file pass's per-file steps and then the static engine.
    const workers = poolSize(triage.totals.tokens * 4);
    return withFilePool(ctx.pools, workers, async (pool) => {
      // Context is read only when a model hunts: the static engine looks at one file at a time.
      const store = analysisStoreFor(ctx);
      // Request input crossing modules, found over the whole tree before any chunk is hunted one file at a time.
      const crossFile = await crossFilePass(ctx.target, triage, publicApiLookup(inputs.recon), ctx.cache, pool);
      const options = { workers, ...(pool ? { pool } : {}), incoming: incomingLookup(crossFile), imported: importedLookup(crossFile), ...(store ? { store } : {}) };
      const engine = chooseHunter(ctx, inputs.recon, plan.limits.lenses, modelFor(ctx, 'hunter') ? hunterContext(ctx, inputs) : undefined, options);
      return { 'hunter-findings': await hunt(ctx, triage, plan, inputs.leads, engine, crossFile) };
    });
  },
});

async function hunt(ctx: PhaseContext, triage: Triage, plan: AdaptivePlan, leadsArtifact: Leads | undefined, engine: HunterEngine, crossFile: CrossFile) {
  // --loop covers the chunks past the plan's limit too.
  const chunks = chunksToHunt(triage, plan, Boolean(ctx.options.loop));

  const byPath = new Map(triage.files.map((f) => [f.path, f]));
  const limit = pLimit(plan.limits.concurrency);
  let done = 0;
  ctx.log.progress('hunter', 0, chunks.length);
  let results: ChunkWork[];
  try {
    results = await Promise.all(
      chunks.map((chunk) =>
        limit(async (): Promise<ChunkWork> => {
          if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('interrupted');
          const hashes = Object.fromEntries(chunk.files.map((p) => [p, byPath.get(p)?.sha256 ?? '']));
          const saved = loadChunkWork(ctx.outDir, chunk.id, engine.name, hashes);
          let work = saved && reacceptSavedChunk(ctx.target, chunk, byPath, saved);
          const stop = cpuStopped(ctx.options.cpuStop);
          if (!work && stop) {
            // The caller's CPU budget is spent: a safe point between chunks, the rest is not reviewed (never clean).
            work = unreviewedChunk(chunk.id, engine.name, hashes, stop);
          } else if (!work) {
            ctx.state?.markChunk(chunk.id, chunk.files, 'running');
            work = await runChunk(ctx.target, chunk, byPath, engine, ctx.signal);
            // --loop asks for complete coverage: a failed chunk gets one more try (an integrity failure fails again).
            if (work.status === 'failed' && ctx.options.loop) {
              ctx.log.info(`${chunk.id} failed (${work.error ?? 'no reason'}); retrying once for --loop`);
              work = await runChunk(ctx.target, chunk, byPath, engine, ctx.signal);
            }
            // A chunk the evidence cache answered whole is not saved: a resume gets it from the cache as cheaply
            // (a second scan of an unchanged tree wrote ~175 files of results it already had).
            if (work.status !== 'done' || !engine.answeredFromCache?.(chunk.id)) saveChunkWork(ctx.outDir, work);
          }
          const status = stateStatus(work.status);
          for (const path of chunk.files) if (hashes[path]) ctx.state?.recordFile(path, hashes[path], status);
          ctx.state?.markChunk(chunk.id, chunk.files, status, work.error);
          done += 1;
          ctx.log.progress('hunter', done, chunks.length, `${work.findings.length} candidate(s) in ${chunk.id}`);
          return work;
        }),
      ),
    );
  } finally {
    await engine.close?.();
  }

  // With --leads: other analysers' results join as candidates (or corroborate the engine's own findings).
  const { findings, leads } = withLeads(ctx, leadsArtifact, mergeByFingerprint(results.flatMap((r) => r.findings)), results, byPath);
  return hunterFindingsBody(findings, results, engine.lenses, crossFile, leads);
}

/** The reason to start no new chunk when the run's CPU stop (watch's cycle budget) has passed; null otherwise. */
export function cpuStopped(stop: RunOptions['cpuStop'], used = process.cpuUsage()): string | null {
  return cpuBudgetSpent(stop, used);
}

/** What a model hunter reads besides its chunk: the retrieval plan's context, then the chunk's threat-model entries. */
function hunterContext(ctx: PhaseContext, inputs: InputsOf<typeof READS>): ((chunkId: string) => string[]) | undefined {
  const retrieval = retrievalContext(ctx.target, inputs['retrieval-plan'], inputs.triage);
  const threat = threatContext(inputs['threat-model'], inputs.triage);
  if (!retrieval && !threat) return undefined;
  return (chunkId) => [...(retrieval?.(chunkId) ?? []), ...(threat?.(chunkId) ?? [])];
}
