// The hunter's decisions, pure: which chunks are hunted and in what order, when the CPU budget stops new chunks,
// what a chunk's saved state is called in state.json, a chunk's candidates accepted (accept.ts), and the
// hunter-findings.json body from the chunks' results (one finding per fingerprint, no id reused, a stable order).
// The shell (index.ts) reads the sources, runs the engines in a pool, saves per-chunk work and reports progress.
import type { AdaptivePlan } from '../../artifacts/schemas/adaptive-plan.ts';
import type { Finding } from '../../artifacts/schemas/common.ts';
import type { HunterFindings } from '../../artifacts/schemas/hunter-findings.ts';
import type { LeadOutcome } from '../../artifacts/schemas/leads.ts';
import type { Chunk, Triage } from '../../artifacts/schemas/triage.ts';
import { chunksInPlan } from '../../engines/chunks/in-plan.ts';
import type { ChunkWork } from '../../engines/chunks/work.ts';
import { reusedIds } from '../../engines/findings/merge.ts';
import type { RunOptions } from '../../engines/run/options.ts';
import { IntegrityError } from '../../foundations/errors.ts';
import { compareText } from '../../foundations/text/compare.ts';

export { acceptChunkFindings, type ChunkAcceptance, type Rejection } from './accept.ts';
export { mergeByFingerprint } from '../../engines/findings/merge.ts';

/** The plan's chunks in its order (with --loop, the deferred ones after them); a chunk triage lacks is an integrity failure. */
export function chunksToHunt(triage: Pick<Triage, 'chunks'>, plan: Pick<AdaptivePlan, 'chunkOrder' | 'deferredChunks'>, loop: boolean): Chunk[] {
  return chunksInPlan(triage.chunks, loop ? [...plan.chunkOrder, ...plan.deferredChunks] : plan.chunkOrder);
}

/** The reason to start no new chunk when the run's CPU stop (watch's cycle budget) has passed; null otherwise. */
export function cpuBudgetSpent(stop: RunOptions['cpuStop'], used: { user: number; system: number }): string | null {
  return stop && used.user + used.system >= stop.micros ? stop.reason : null;
}

/** A chunk the CPU budget stopped before it started: not reviewed (never clean). */
export function unreviewedChunk(chunkId: string, engine: string, fileHashes: Record<string, string>, reason: string): ChunkWork {
  return { chunkId, engine, status: 'unreviewed', fileHashes, findings: [], rejected: [], error: reason };
}

/** state.json has no 'unreviewed': a chunk the budget stopped is still pending (a resume may review it). */
export function stateStatus(status: ChunkWork['status']): 'done' | 'failed' | 'pending' {
  return status === 'unreviewed' ? 'pending' : status;
}

/**
 * hunter-findings.json's body from the merged findings (leads joined) and every chunk's result: a finding id reused
 * for another fingerprint is an integrity failure; findings sorted by file, line and id.
 */
export function hunterFindingsBody(
  findings: Finding[],
  results: readonly ChunkWork[],
  lenses: string[],
  crossFile: HunterFindings['crossFile'],
  leads?: LeadOutcome[],
): Omit<HunterFindings, 'schemaVersion' | 'artifact' | 'run' | 'generatedAt'> {
  const reused = reusedIds(findings);
  if (reused.length > 0) throw new IntegrityError(`Finding ids reused for different bugs: ${reused.join(', ')}.`);
  return {
    findings: findings.sort((a, b) => compareText(a.file, b.file) || a.startLine - b.startLine || compareText(a.id, b.id)),
    chunks: results.map((r) => ({
      chunkId: r.chunkId,
      status: r.status,
      lenses,
      engine: r.engine,
      rejected: r.rejected,
      ...(r.error ? { error: r.error } : {}),
      ...(r.cause ? { cause: r.cause } : {}),
      ...(r.unsupported ? { unsupported: r.unsupported } : {}),
    })),
    ...(leads ? { leads } : {}),
    crossFile,
  };
}
