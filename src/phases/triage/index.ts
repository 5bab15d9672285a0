// The triage phase (no model): lists, filters, ranks and chunks the target's source files and writes
// triage.json. A thin shell: listing and reading here; every decision in the pure core (core.ts and rules).
import { writeArtifact } from '../../artifacts/store.ts';
import { SCHEMA_VERSION } from '../../artifacts/schemas/common.ts';
import type { SkippedFile } from '../../artifacts/schemas/triage.ts';
import { UsageError } from '../../errors.ts';
import { DEFAULT_MODES_DIR, loadModes } from '../plan/modes.ts';
import { chunkBudgetFor, type ScopeSize } from '../plan/profile.ts';
import type { PhaseContext, PhaseDefinition } from '../types.ts';
import { analyzeBytes, assembleTriage, type FileFacts, type FileOutcome, type TriageBody } from './core.ts';
import { listFiles } from './list.ts';
import { classifyPath } from './path-rules.ts';
import { readListedFile } from './read.ts';

export interface TriageSettings {
  /** Files larger than this are skipped as huge. */
  maxFileBytes: number;
  modesDir: string;
}

export const TRIAGE_DEFAULTS: TriageSettings = { maxFileBytes: 1024 * 1024, modesDir: DEFAULT_MODES_DIR };

/** Path rules first (no read), then a safe read, then the content rules. Null: dropped without a record. */
export function triageOne(root: string, path: string, listed: ReadonlySet<string>, maxFileBytes: number): FileOutcome | null {
  const verdict = classifyPath(path);
  if (verdict.kind === 'drop') return null;
  if (verdict.kind === 'skip') return { kind: 'skip', skip: { path, reason: verdict.reason, detail: verdict.detail } };
  // The artifact's RepoPath cannot carry a backslash; such a name cannot be reported on, so say so.
  if (path.includes('\\')) return { kind: 'skip', skip: { path, reason: 'unreadable', detail: 'file name contains a backslash' } };
  const read = readListedFile(root, path, maxFileBytes, listed);
  if (read.kind === 'skip') return { kind: 'skip', skip: { path, reason: read.reason, detail: read.detail } };
  return analyzeBytes(path, verdict.language, verdict.isTest, read.bytes);
}

export async function runTriage(ctx: PhaseContext, settings: TriageSettings = TRIAGE_DEFAULTS): Promise<{ path: string; body: TriageBody }> {
  ctx.signal.throwIfAborted();
  const modes = loadModes(settings.modesDir);
  const chunkTokens = ctx.options.chunkTokens;
  if (chunkTokens !== undefined && (!Number.isInteger(chunkTokens) || chunkTokens < 1)) {
    throw new UsageError(`chunkTokens must be a whole number of at least 1 (got ${String(chunkTokens)}).`);
  }
  const budgetFor = (size: ScopeSize) => chunkBudgetFor(ctx.options.profile, chunkTokens, size, modes);
  const listing = await listFiles(ctx.target, ctx.signal);
  const listed = new Set(listing.paths);
  const files: FileFacts[] = [];
  const skipped: SkippedFile[] = [...listing.skipped];
  const total = listing.paths.length;
  ctx.log.progress('triage', 0, total);
  for (let i = 0; i < total; i++) {
    if (i % 256 === 255) {
      // Yield so SIGINT's abort can land (and the background git queries' output is drained), then honour it.
      await new Promise((resolve) => setImmediate(resolve));
      ctx.signal.throwIfAborted();
      ctx.log.progress('triage', i, total);
    }
    const outcome = triageOne(ctx.target, listing.paths[i] as string, listed, settings.maxFileBytes);
    if (outcome?.kind === 'file') files.push(outcome.facts);
    else if (outcome) skipped.push(outcome.skip);
  }
  const history = await listing.history;
  ctx.signal.throwIfAborted();
  for (const entry of history.ignored) skipped.push(entry);
  const body = assembleTriage({ files, skipped, churn: history.churn, budgetFor, includeTests: ctx.scope.includeTests, listing: listing.listing, maxFileBytes: settings.maxFileBytes });
  // Let go of the working lists before the artifact is serialised: on a 50,000-file tree that is the memory peak.
  files.length = 0;
  listing.paths.length = 0;
  listed.clear();
  const path = writeArtifact(ctx.outDir, 'triage', { schemaVersion: SCHEMA_VERSION, artifact: 'triage', run: ctx.identity, generatedAt: new Date().toISOString(), ...body });
  ctx.log.progress('triage', total, total, `${body.totals.files} files, ${body.totals.skipped} skipped, ${body.chunks.length} chunks`);
  return { path, body };
}

export const triagePhase: PhaseDefinition = {
  name: 'triage',
  summary: 'list, rank and chunk source files',
  reads: [],
  writes: ['triage'],
  run: async (ctx) => {
    await runTriage(ctx);
  },
};
