// The recon phase's shell: from triage.json, reads the sources the evidence cache does not know at their triage
// hashes, and the manifests, calls the pure core, and returns recon.json's body. A changed or unreadable file that
// had to be read is listed as excluded. An unchanged set of files takes its per-file recon from one cache entry.
import { posix } from 'node:path';
import type { Recon } from '../../artifacts/schemas/recon.ts';
import type { Triage } from '../../artifacts/schemas/triage.ts';
import { definePhase } from '../../phase-kit/define-phase.ts';
import { containPath } from '../../foundations/fs/paths.ts';
import { readSource, readSourceAtHash } from '../../engines/integrity/source.ts';
import type { PhaseContext } from '../../phase-kit/types.ts';
import { withFilePool, type PoolLender } from '../../engines/workers/lender.ts';
import { poolSize } from '../../engines/workers/size.ts';
import { loopTurns } from '../../engines/run/turn.ts';
import { reconFile, type FileRecon, type ReconSource } from '../../engines/attack-surface/file-recon.ts';
import { buildRecon } from './core.ts';
import { LOCK_FILES, MANIFEST_FILES } from './frameworks.ts';
import { manifestDirs } from './manifests.ts';
import { cachedFileRecon, storeFileRecon } from '../../engines/cache/recon-file.ts';
import { cachedReconFiles, storeReconFiles } from '../../engines/cache/recon-files.ts';
import { DISABLED_CACHE, type EvidenceCache } from '../../engines/cache/store.ts';

export const reconPhase = definePhase({
  name: 'recon',
  summary: 'stack, entry points and trust boundaries',
  reads: { triage: 'required' },
  writes: ['recon'],
  roles: [],
  run: async (ctx, { triage }) => ({ recon: await recon(ctx, triage) }),
});

/** Runs the recon phase and returns recon.json as written. */
export async function runRecon(ctx: PhaseContext): Promise<Recon> {
  return (await reconPhase.run(ctx)).recon as Recon;
}

async function recon(ctx: PhaseContext, triage: Triage) {
  ctx.signal.throwIfAborted();
  // Test files are examined only when triage chunked them; otherwise fixtures would read as real routes.
  const files = triage.files.filter((f) => triage.includeTests || !f.isTest);
  ctx.log.progress('recon', 0, files.length);
  const cache = ctx.cache ?? DISABLED_CACHE;
  // A file the evidence cache knows at triage's hash is not read again (as in the threat phase): its per-file recon
  // is that of the content triage read, and the hunter reads every file at that hash before a finding counts.
  const recorded: ReconFile[] = files.map((f) => ({ path: f.path, language: f.language, risk: f.risk, sha256: f.sha256 }));
  // The same files at the same hashes: every file's recon in one lookup (src/engines/cache/recon-files.ts).
  const whole = cachedReconFiles(cache, recorded);
  const excluded: Recon['excluded'] = [];
  const looked: Looked[] = whole ? recorded.map((file, i) => ({ file, recon: whole[i]! })) : [];
  for (const file of whole ? [] : recorded) {
    ctx.signal.throwIfAborted();
    const recon = cachedFileRecon(cache, file);
    if (recon) {
      looked.push({ file, recon });
      continue;
    }
    const source = readSourceAtHash(ctx.target, file.path, file.sha256);
    if (source.ok) looked.push({ file, content: source.content });
    else excluded.push({ file: file.path, reason: source.reason });
  }
  const sources = looked.map((l) => l.file);

  const manifests = new Map<string, string>();
  const lockFiles: string[] = [];
  for (const dir of manifestDirs(triage.files.map((f) => f.path))) {
    for (const name of MANIFEST_FILES) {
      const path = dir ? posix.join(dir, name) : name;
      const source = readSource(ctx.target, path);
      if (source.ok) manifests.set(path, source.content);
    }
    // Lock files only need to exist (contained); reading a 30 MB lock file would be wasted work.
    for (const name of Object.keys(LOCK_FILES)) {
      const path = dir ? posix.join(dir, name) : name;
      if (containPath(ctx.target, path).ok) lockFiles.push(path);
    }
  }

  const perFile = await perFileRecon(looked, cache, ctx.pools, ctx.signal);
  // A set with a file left unread is not the set of files triage recorded: not kept whole.
  if (!whole && excluded.length === 0) storeReconFiles(cache, recorded, perFile);
  const body = buildRecon({ sources, languages: triage.languages, manifests, lockFiles, tests: triage.includeTests }, perFile);
  ctx.log.progress('recon', files.length, files.length, `${body.entryPoints.length} entry point(s), ${body.trustBoundaries.length} trust boundary(ies), ${excluded.length} excluded`);
  return { ...body, excluded };
}

/** A file recon looks at, with its per-file recon from the evidence cache, or else its text. */
type ReconFile = Omit<ReconSource, 'content'> & { sha256: string };
type Looked = { file: ReconFile; recon: FileRecon } | { file: ReconFile; content: string };

// Parsing every file is recon's CPU-bound half: in worker threads when there is enough source, in file order either
// way. Files the evidence cache already knew (same path, language and content) are not parsed again.
async function perFileRecon(looked: readonly Looked[], cache: EvidenceCache, pools: PoolLender | undefined, signal: AbortSignal): Promise<FileRecon[]> {
  const workers = poolSize(looked.reduce((n, l) => n + ('content' in l ? l.content.length : 0), 0));
  const kept = (l: Looked & { content: string }, fresh: FileRecon) => {
    storeFileRecon(cache, l.file, fresh);
    return fresh;
  };
  return withFilePool(pools, workers, async (pool) => {
    if (pool) return Promise.all(looked.map(async (l) => ('recon' in l ? l.recon : kept(l, await pool.run('recon', { path: l.file.path, language: l.file.language, content: l.content })))));
    // In this thread, file by file, letting the loop turn: a Ctrl-C must not wait for the last file.
    const checkpoint = loopTurns(signal);
    const perFile: FileRecon[] = [];
    for (const l of looked) {
      await checkpoint();
      perFile.push('recon' in l ? l.recon : kept(l, reconFile({ ...l.file, content: l.content })));
    }
    return perFile;
  });
}
