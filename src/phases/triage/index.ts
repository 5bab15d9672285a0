// The triage phase (no model): lists, filters, ranks and chunks the target's source files: triage.json's body.
// A thin shell: listing and reading here; every decision in the pure core (core.ts and rules).
import { artifactPath, prepareArtifact } from '../../artifacts/store.ts';
import { bodyOf } from '../../artifacts/stamp.ts';
import { definePhase } from '../../phase-kit/define-phase.ts';
import type { SkippedFile } from '../../artifacts/schemas/triage.ts';
import { UsageError } from '../../foundations/errors.ts';
import { DEFAULT_MODES_DIR, loadModes, type ModesData } from '../../engines/modes/load.ts';
import { chunkBudgetFor, type ScopeSize } from '../../engines/modes/profile.ts';
import type { PhaseContext } from '../../phase-kit/types.ts';
import { assembleTriage, beforeRead, type FileFacts, type FileOutcome, type SourceVerdict, type TriageBody } from './core.ts';
import { diffScopeOf } from './diff-scope.ts';
import { listFiles, type Listing } from './list.ts';
import { posix } from 'node:path';
import { classifyPath, isTestPath, type PathRuleOptions } from './path-rules.ts';
import { startAnalysis, threadsFor, type Analysis } from './analyze-all.ts';
import { analyzeListed, resolveLink, type Analysed, type SourceItem } from './analyze.ts';
import { poolSize } from '../../engines/workers/size.ts';
import { packageEntries, scriptLanguage } from './runs-io.ts';
import { pullRequired } from './required-io.ts';
import { runExclusions } from './exclusions-io.ts';
import type { ExclusionTest } from '../../engines/scope/exclusions.ts';

export interface TriageSettings {
  /** Files larger than this are skipped as huge. */
  maxFileBytes: number;
  modesDir: string;
  /** Read and analyse in worker threads from this many listed files up. A thread's start-up, warm-up and copying of
   * answers cost about as much CPU as it saves the main thread on a few thousand files: on 5,000 files threads took
   * 1.5x the CPU and more wall time; from about 10,000 the main thread saves a sixth of its time. */
  readWorkerFrom: number;
  /** Threads that analyse files, the main thread included; default one per core (BUG_HUNTER_WORKERS overrides, as for the file pool); 1: the main thread alone. */
  workers?: number;
}

export const TRIAGE_DEFAULTS: TriageSettings = { maxFileBytes: 1024 * 1024, modesDir: DEFAULT_MODES_DIR, readWorkerFrom: 10_000 };

/** Path rules first (no read), then a safe read, then the content rules. Null: dropped without a record. */
export function triageOne(root: string, path: string, listed: ReadonlySet<string>, maxFileBytes: number): FileOutcome | null {
  const verdict = beforeRead(path);
  if (verdict?.kind !== 'source') return verdict;
  const item = { path, language: verdict.language, isTest: verdict.isTest };
  const outcome = analyzeListed(root, item, maxFileBytes);
  return outcome.kind === 'link' ? resolveLink(root, item, maxFileBytes, listed) : outcome;
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
  // --max-file-bytes (scope) over the built-in limit.
  if (ctx.scope.maxFileBytes !== undefined) settings = { ...settings, maxFileBytes: ctx.scope.maxFileBytes };
  const listing = await listFiles(ctx.target, ctx.signal, { gitignore: !ctx.scope.noGitignore });
  // The threads boot while the path rules run.
  const threads = threadsFor(listing.paths.length, settings.readWorkerFrom, settings.workers ?? poolSize(Number.MAX_SAFE_INTEGER));
  const analysis = startAnalysis(ctx.target, settings.maxFileBytes, threads);
  try {
    return await triageListed(ctx, settings, listing, analysis);
  } finally {
    await analysis.close();
  }
}

/** Takes the excluded paths out of the listing, in place, as `excluded` skips; returns those the repository excluded. */
function excludeListed(listing: Listing, skipped: SkippedFile[], test: ExclusionTest): string[] {
  const kept: string[] = [];
  const repository: string[] = [];
  for (const path of listing.paths) {
    // What triage drops without a record (.git/, the artifact folder) is no one's exclusion.
    const why = classifyPath(path).kind === 'drop' ? null : test(path);
    if (!why) {
      kept.push(path);
      continue;
    }
    skipped.push({ path, reason: 'excluded', detail: why.detail });
    if (why.source === 'repository') repository.push(path);
  }
  listing.paths = kept;
  return repository;
}

// A source file in scope by its path that is too large to read is in scope and not covered (coverage.ts), not a
// quiet skip: it carries its language. Test code is in scope only with --include-tests.
function inScopeUnread(skip: SkippedFile, item: SourceItem, includeTests: boolean): SkippedFile {
  return skip.reason === 'huge' && (!item.isTest || includeTests) ? { ...skip, language: item.language } : skip;
}

async function triageListed(ctx: PhaseContext, settings: TriageSettings, listing: Listing, analysis: Analysis): Promise<TriageBody> {
  const chunkTokens = ctx.options.chunkTokens;
  const rules: PathRuleOptions = { includeGenerated: Boolean(ctx.scope.includeGenerated) };
  const files: FileFacts[] = [];
  const skipped: SkippedFile[] = [...listing.skipped];
  const exclusions = runExclusions(ctx);
  if (exclusions.note) ctx.log.info(exclusions.note);
  // The user's exclusions leave the run; the repository's are listed skips that imported code still pulls in.
  const repositoryExcluded = exclusions.test ? excludeListed(listing, skipped, exclusions.test) : [];
  const listed = new Set([...listing.paths, ...repositoryExcluded]);
  const total = listing.paths.length;
  ctx.log.progress('triage', 0, total);
  // Path rules for every file first; only source files are read, then analysed.
  const toRead: string[] = [];
  const verdicts: SourceVerdict[] = [];
  // What runs is code: build folders a package entry points into, and extensionless node scripts.
  const { served, entries } = packageEntries(ctx.target, listing.paths, listed);
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
  const items: SourceItem[] = toRead.map((path, i) => ({ path, language: (verdicts[i] as SourceVerdict).language, isTest: (verdicts[i] as SourceVerdict).isTest }));
  const batches = analysis.run(items);
  // Asking for the first batch hands the threads their files; the work below needs no file and runs meanwhile.
  const first = batches.next();
  first.catch(() => undefined); // awaited below; this only keeps an early failure from counting as unhandled
  let modes: ModesData;
  let done = total - items.length;
  // Batches may arrive in any order; outcomes are kept by index and taken in listing order below.
  const outcomes: FileOutcome[] = Array.from({ length: items.length });
  try {
    modes = loadModes(settings.modesDir);
    prepareArtifact('triage');
    for (let step = await first; !step.done; step = await batches.next()) {
      ctx.signal.throwIfAborted();
      const { start, outcomes: batch } = step.value;
      for (let i = 0; i < batch.length; i++) {
        const outcome = batch[i] as Analysed;
        const item = items[start + i] as SourceItem;
        outcomes[start + i] = outcome.kind === 'link' ? resolveLink(ctx.target, item, settings.maxFileBytes, listed) : outcome;
      }
      done += batch.length;
      if (done % 256 < batch.length) ctx.log.progress('triage', done, total);
    }
  } finally {
    await batches.return(undefined);
  }
  const imports = new Map<string, readonly string[]>();
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome.kind === 'file') {
      files.push(outcome.facts);
      if (outcome.imports) imports.set(outcome.facts.path, outcome.imports);
    } else skipped.push(inScopeUnread(outcome.skip, items[i] as SourceItem, ctx.scope.includeTests));
  }
  outcomes.length = 0;
  // What in-scope code imports, and what a package.json names as its entry, is in scope whatever its folder, name,
  // shape or header (required-io.ts).
  const required = pullRequired({ root: ctx.target, files, imports, skipped, listed, includeTests: ctx.scope.includeTests, maxFileBytes: settings.maxFileBytes, entries });
  if (required.pulled + required.notCovered > 0) ctx.log.info(`${required.pulled} imported file(s) brought into scope that triage would have skipped; ${required.notCovered} imported file(s) could not be read (not covered)`);
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
