// Pure coverage: triage chunks + hunter chunk outcomes → per-file status with reasons.
// A file in a failed, unreviewed or never-run chunk is not covered; unsupported never counts as scanned.
import type { AdaptivePlan } from '../../artifacts/schemas/adaptive-plan.ts';
import type { FailureCause, FileCoverage } from '../../artifacts/schemas/coverage.ts';
import type { HunterFindings } from '../../artifacts/schemas/hunter-findings.ts';
import type { Triage } from '../../artifacts/schemas/triage.ts';
import { PhaseError } from '../../foundations/errors.ts';
import { shardOfChunk } from '../shard/assign.ts';

/** scan's advice for a chunk past the plan's limit (watch puts it in its own terms: commands/watch/advice.ts). */
export const PAST_CHUNK_LIMIT_ADVICE = 'run with --loop or --max-chunks to cover it';

export interface CoverageResult {
  files: FileCoverage[];
  /** In-scope files no configured engine reads, per language (empty when none). */
  unsupportedLanguages: Record<string, number>;
  totals: { inScope: number; scanned: number; failed: number; unreviewed: number; notCovered: number; skipped: number; unsupported: number };
  complete: boolean;
  chunks: { total: number; done: number; failed: number; unreviewed: number };
}

type ChunkVerdict = { status: 'scanned' | 'failed' | 'unreviewed' | 'scanner-unsupported'; reason?: string; cause?: FailureCause; engines: string[] };

// Worse wins when a file sits in more than one chunk.
const RANK: Record<ChunkVerdict['status'], number> = { scanned: 0, 'scanner-unsupported': 1, unreviewed: 2, failed: 3 };

export function computeCoverage(triage: Triage, plan: AdaptivePlan, hunter: HunterFindings): CoverageResult {
  const outcomes = new Map(hunter.chunks.map((c) => [c.chunkId, c]));
  const chunkIds = new Set(triage.chunks.map((c) => c.id));
  for (const id of outcomes.keys()) {
    if (!chunkIds.has(id)) throw new PhaseError(`hunter-findings.json reports chunk ${id}, which triage.json does not have. Re-run from 'bug-hunter phase triage'.`);
  }
  const planned = new Set(plan.chunkOrder);
  const deferred = new Set(plan.deferredChunks);
  // A shard answers for its own chunks only; the files of the other shards' chunks are listed as theirs.
  const owned = plan.shard ? new Set(plan.shard.chunks) : undefined;
  const ownChunks = owned ? triage.chunks.filter((c) => owned.has(c.id)) : triage.chunks;
  const chunks = { total: ownChunks.length, done: 0, failed: 0, unreviewed: 0 };
  const perFile = new Map<string, ChunkVerdict & { chunkId: string }>();
  for (const chunk of ownChunks) {
    const outcome = outcomes.get(chunk.id);
    let verdict: ChunkVerdict;
    if (!outcome) {
      const reason = deferred.has(chunk.id) || !planned.has(chunk.id)
        ? `${chunk.id} is past the plan's chunk limit (${plan.limits.maxChunks}); ${PAST_CHUNK_LIMIT_ADVICE}`
        : `${chunk.id} was planned but never ran (interrupted or out of budget)`;
      verdict = { status: 'unreviewed', reason, engines: [] };
    } else if (outcome.status === 'done') {
      verdict = { status: 'scanned', engines: [outcome.engine] };
    } else if (outcome.status === 'failed') {
      verdict = { status: 'failed', reason: `${chunk.id} failed: ${outcome.error ?? 'no reason recorded'}`, ...(outcome.cause ? { cause: outcome.cause } : {}), engines: [outcome.engine] };
    } else {
      verdict = { status: 'unreviewed', reason: `${chunk.id} was not reviewed: ${outcome.error ?? 'review did not finish'}`, engines: [outcome.engine] };
    }
    chunks[verdict.status === 'scanned' ? 'done' : verdict.status === 'failed' ? 'failed' : 'unreviewed'] += 1;
    const unsupported = new Map((outcome?.unsupported ?? []).map((u) => [u.path, u.reason]));
    for (const path of chunk.files) {
      const reason = verdict.status === 'scanned' ? unsupported.get(path) : undefined;
      const fileVerdict: ChunkVerdict = reason ? { status: 'scanner-unsupported', reason, engines: verdict.engines } : verdict;
      const prior = perFile.get(path);
      if (!prior || RANK[fileVerdict.status] > RANK[prior.status]) perFile.set(path, { ...fileVerdict, chunkId: chunk.id });
    }
  }
  const otherShard = otherShardFiles(triage, plan, perFile);
  // Test code is triaged but only in scope with --include-tests; with a diff scope, only changed files and their importers.
  const diffScoped = triage.diffScope ? new Set(triage.diffScope.files.map((f) => f.path)) : undefined;
  const inDiffScope = (path: string) => !diffScoped || diffScoped.has(path);
  const inScope = triage.files.filter((f) => !otherShard.has(f.path) && (perFile.has(f.path) || ((triage.includeTests || !f.isTest) && inDiffScope(f.path))));
  const inScopePaths = new Set(inScope.map((f) => f.path));
  const unsupportedLanguages: Record<string, number> = {};
  const files: FileCoverage[] = inScope.map((f) => {
    const v = perFile.get(f.path);
    if (!v) return { path: f.path, status: 'unreviewed', reason: 'not assigned to any chunk', engines: [] };
    const entry: FileCoverage = { path: f.path, status: v.status, chunkId: v.chunkId, engines: v.engines };
    if (v.reason) entry.reason = v.reason;
    if (v.cause) entry.cause = v.cause;
    if (v.status === 'scanner-unsupported') {
      entry.language = f.language;
      unsupportedLanguages[f.language] = (unsupportedLanguages[f.language] ?? 0) + 1;
    }
    return entry;
  });
  for (const f of triage.files) {
    if (inScopePaths.has(f.path)) continue;
    const shard = otherShard.get(f.path);
    if (shard) {
      files.push({ path: f.path, status: 'skipped', reason: shard.reason, chunkId: shard.chunkId, engines: [] });
      continue;
    }
    const reason = inDiffScope(f.path) ? 'test code (pass --include-tests to hunt in it)' : `outside the diff scope (not changed, not within --radius ${triage.diffScope?.radius} of a change)`;
    files.push({ path: f.path, status: 'skipped', reason, engines: [] });
  }
  // A source file triage could not read (a link out of the repository, a name no artifact can carry, no
  // permission) is in scope and not covered: never silently clean.
  // With a diff scope, only a changed one: an unreadable file the diff did not touch is outside the scope like any other.
  const changed = triage.diffScope ? new Set(triage.diffScope.changed.map((c) => c.path)) : undefined;
  // A file in-scope code imports that triage could not read (too large, not UTF-8, binary) is in scope and not covered too.
  const unread = triage.skipped.filter((s) => (s.requiredBy !== undefined || isUnreadSource(s)) && (!changed || changed.has(s.path)));
  const unreadPaths = new Set(unread.map((s) => s.path));
  for (const s of triage.skipped) {
    const reason = s.detail ? `${s.reason}: ${s.detail}` : s.reason;
    const why = s.requiredBy !== undefined ? `not scanned, imported by ${s.requiredBy} but ${reason}` : `not scanned, ${reason}`;
    files.push(unreadPaths.has(s.path) ? { path: s.path, status: 'not-covered', reason: why, engines: [] } : { path: s.path, status: 'skipped', reason, engines: [] });
  }
  const count = (status: FileCoverage['status']) => files.filter((f) => f.status === status).length;
  const totals = {
    inScope: inScope.length + unread.length,
    scanned: count('scanned'),
    failed: count('failed'),
    unreviewed: count('unreviewed'),
    notCovered: count('not-covered'),
    skipped: count('skipped'),
    unsupported: count('scanner-unsupported'),
  };
  return { files, unsupportedLanguages, totals, complete: totals.scanned === totals.inScope && chunks.failed === 0 && chunks.unreviewed === 0, chunks };
}

// Files only in chunks another shard owns (a file also in one of this shard's chunks is this shard's to answer for).
function otherShardFiles(triage: Triage, plan: AdaptivePlan, own: ReadonlyMap<string, unknown>): Map<string, { reason: string; chunkId: string }> {
  const out = new Map<string, { reason: string; chunkId: string }>();
  if (!plan.shard) return out;
  const owned = new Set(plan.shard.chunks);
  for (const chunk of triage.chunks) {
    if (owned.has(chunk.id)) continue;
    const reason = `${chunk.id} belongs to shard ${shardOfChunk(chunk, plan.shard.count)}/${plan.shard.count}, not this shard ${plan.shard.index}/${plan.shard.count} ('bug-hunter merge' joins them)`;
    for (const path of chunk.files) if (!own.has(path) && !out.has(path)) out.set(path, { reason, chunkId: chunk.id });
  }
  return out;
}

// A file listed but deleted from the working tree is gone, not hidden: it is recorded as skipped.
// A source file in scope by its path that was too large to read carries its language (triage): not covered.
function isUnreadSource(s: Triage['skipped'][number]): boolean {
  if (s.reason === 'symlink-escape') return true;
  if (s.reason === 'huge' && s.language !== undefined) return true;
  return s.reason === 'unreadable' && !/missing from the working tree/.test(s.detail ?? '');
}
