// The triage phase (no model): lists, filters, ranks and chunks the target's source files: triage.json's body.
// A thin shell: listing and reading here; every decision in the pure core (core.ts and rules).
import { artifactPath, prepareArtifact } from '../../artifacts/store.ts';
import { bodyOf } from '../../artifacts/stamp.ts';
import { definePhase } from '../../driver/define-phase.ts';
import type { SkippedFile } from '../../artifacts/schemas/triage.ts';
import { UsageError } from '../../errors.ts';
import { DEFAULT_MODES_DIR, loadModes, type ModesData } from '../../modes/load.ts';
import { chunkBudgetFor, type ScopeSize } from '../../modes/profile.ts';
import type { PhaseContext } from '../types.ts';
import { analyzeBytes, assembleTriage, type FileFacts, type FileOutcome, type TriageBody } from './core.ts';
import { diffScopeOf } from './diff-scope.ts';
import { listFiles } from './list.ts';
import { posix } from 'node:path';
import { classifyPath, isTestPath, type PathRuleOptions, type PathVerdict } from './path-rules.ts';
import { readListedFile } from './read.ts';
import { readAll } from './read-ahead.ts';
import { scriptLanguage, servedDirs } from './runs-io.ts';

export interface TriageSettings {
  /** Files larger than this are skipped as huge. */
  maxFileBytes: number;
  modesDir: string;
  /** Read in a worker thread (overlapping analysis) from this many files to read up. */
  readWorkerFrom: number;
}

export const TRIAGE_DEFAULTS: TriageSettings = { maxFileBytes: 1024 * 1024, modesDir: DEFAULT_MODES_DIR, readWorkerFrom: 2000 };

type SourceVerdict = Extract<PathVerdict, { kind: 'source' }>;

/** Path rules (no read): null to drop without a record, a skip, or the source facts that make it worth reading. */
function beforeRead(path: string, served?: ReadonlyMap<string, string>, rules: PathRuleOptions = {}): Extract<FileOutcome, { kind: 'skip' }> | SourceVerdict | null {
  const verdict = classifyPath(path, served, rules);
  if (verdict.kind === 'drop') return null;
  if (verdict.kind === 'skip') return { kind: 'skip', skip: { path, reason: verdict.reason, detail: verdict.detail } };
  // The artifact's RepoPath cannot carry a backslash; such a name cannot be reported on, so say so.
  if (path.includes('\\')) return { kind: 'skip', skip: { path, reason: 'unreadable', detail: 'file name contains a backslash' } };
  return verdict;
}

/** Path rules first (no read), then a safe read, then the content rules. Null: dropped without a record. */
export function triageOne(root: string, path: string, listed: ReadonlySet<string>, maxFileBytes: number): FileOutcome | null {
  const verdict = beforeRead(path);
  if (verdict?.kind !== 'source') return verdict;
  const read = readListedFile(root, path, maxFileBytes, listed);
  if (read.kind === 'skip') return { kind: 'skip', skip: { path, reason: read.reason, detail: read.detail } };
  return analyzeBytes(path, verdict.language, verdict.isTest, read.bytes);
}

export function createTriagePhase(settings: TriageSettings = TRIAGE_DEFAULTS) {
  return definePhase({
    name: 'triage',
    summary: 'list, rank and chunk source files',
    reads: {},
    writes: ['triage'],
    roles: [],
    run: async (ctx) => ({ triage: await triage(ctx, settings) }),
  });
}

export const triagePhase = createTriagePhase();

/** Runs the triage phase; returns where triage.json was written and its body. */
export async function runTriage(ctx: PhaseContext, settings: TriageSettings = TRIAGE_DEFAULTS): Promise<{ path: string; body: TriageBody }> {
  return { path: artifactPath(ctx.outDir, 'triage'), body: bodyOf((await createTriagePhase(settings).run(ctx)).triage!) };
}

async function triage(ctx: PhaseContext, settings: TriageSettings): Promise<TriageBody> {
  ctx.signal.throwIfAborted();
  const chunkTokens = ctx.options.chunkTokens;
  if (chunkTokens !== undefined && (!Number.isInteger(chunkTokens) || chunkTokens < 1)) {
    throw new UsageError(`chunkTokens must be a whole number of at least 1 (got ${String(chunkTokens)}).`);
  }
  const listing = await listFiles(ctx.target, ctx.signal, { gitignore: !ctx.scope.noGitignore });
  const rules: PathRuleOptions = { includeGenerated: Boolean(ctx.scope.includeGenerated) };
  const listed = new Set(listing.paths);
  const files: FileFacts[] = [];
  const skipped: SkippedFile[] = [...listing.skipped];
  const total = listing.paths.length;
  ctx.log.progress('triage', 0, total);
  // Path rules for every file first; only source files are read, in order, then analysed as they arrive.
  const toRead: string[] = [];
  const verdicts: SourceVerdict[] = [];
  // What runs is code: build folders a package entry points into, and extensionless node scripts.
  const served = servedDirs(ctx.target, listing.paths, listed);
  for (const path of listing.paths) {
    let verdict = beforeRead(path, served, rules);
    if (verdict?.kind === 'skip' && verdict.skip.reason === 'not-source') {
      const language = scriptLanguage(ctx.target, path, listed, settings.maxFileBytes);
      if (language) verdict = { kind: 'source', language, isTest: isTestPath(path.split('/'), posix.basename(path)) };
    }
    if (verdict?.kind === 'source') {
      toRead.push(path);
      verdicts.push(verdict);
    } else if (verdict) skipped.push(verdict.skip);
  }
  const reader = readAll(ctx.target, toRead, settings.maxFileBytes, listed, { workerFrom: settings.readWorkerFrom });
  // Asking for the first batch starts the reading thread; the work below needs no file and runs meanwhile.
  const first = reader.next();
  first.catch(() => undefined); // awaited below; this only keeps an early failure from counting as unhandled
  let modes: ModesData;
  let done = total - toRead.length;
  try {
    modes = loadModes(settings.modesDir);
    prepareArtifact('triage');
    for (let step = await first; !step.done; step = await reader.next()) {
      ctx.signal.throwIfAborted();
      for (const { index, outcome } of step.value) {
        const path = toRead[index] as string;
        const verdict = verdicts[index] as SourceVerdict;
        if (outcome.kind === 'skip') skipped.push({ path, reason: outcome.reason, detail: outcome.detail });
        else {
          const analysed = analyzeBytes(path, verdict.language, verdict.isTest, outcome.bytes, outcome.sha256);
          if (analysed.kind === 'file') files.push(analysed.facts);
          else skipped.push(analysed.skip);
        }
      }
      done += step.value.length;
      if (done % 256 < step.value.length) ctx.log.progress('triage', done, total);
    }
  } finally {
    await reader.return(undefined);
  }
  const history = await listing.history;
  ctx.signal.throwIfAborted();
  for (const entry of history.ignored) skipped.push(entry);
  const diffScope = ctx.scope.diff ? await diffScopeOf(ctx, ctx.scope.diff, files) : undefined;
  const inScope = diffScope ? new Set(diffScope.files.map((f) => f.path)) : undefined;
  const budgetFor = (size: ScopeSize) => chunkBudgetFor(ctx.options.profile, chunkTokens, size, modes);
  const body: TriageBody = {
    ...assembleTriage({ files, skipped, churn: history.churn, budgetFor, includeTests: ctx.scope.includeTests, listing: listing.listing, maxFileBytes: settings.maxFileBytes, ...(inScope ? { inScope } : {}) }),
    ...(diffScope ? { diffScope } : {}),
  };
  // Let go of the working lists before the artifact is serialised: on a 50,000-file tree that is the memory peak.
  files.length = 0;
  toRead.length = 0;
  verdicts.length = 0;
  listing.paths.length = 0;
  listed.clear();
  ctx.log.progress('triage', total, total, `${body.totals.files} files, ${body.totals.skipped} skipped, ${body.chunks.length} chunks`);
  return body;
}
