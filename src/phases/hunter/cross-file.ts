// The static engine's cross-file taint pass for one scan: every JavaScript/TypeScript file triage listed, read at
// its recorded hash with its library context, then followed across modules before any chunk is hunted. The
// hunter hands each file its incoming arguments; the skeptic re-checks findings with the same ones (from the artifact).
// With the evidence cache, the result for the same set of files (paths, languages, libraries, hashes) is reused;
// for another set, each file's per-file step is (cross-file-calls), so one changed file is parsed again, not all.
// Given the phase's worker pool, the per-file steps run in its threads.
import type { CrossFileTaint } from '../../artifacts/schemas/hunter-findings.ts';
import type { Static } from '@sinclair/typebox';
import { cachedCrossFile, storeCrossFile, type CrossFileKeyInput } from '../../cache/cross-file.ts';
import { crossFileCallsStore } from '../../cache/cross-file-calls.ts';
import type { EvidenceCache } from '../../cache/store.ts';
import { readSourceAtHash } from '../../integrity/source.ts';
import { crossFileIncoming, crossFileIncomingBatched, staticSupports, type SourceFile } from '../../static/index.ts';
import type { FilePool } from '../../workers/pool.ts';
import type { Triage } from '../../artifacts/schemas/triage.ts';

export type CrossFile = Static<typeof CrossFileTaint>;

/**
 * Runs the pass over the triaged files; an unreadable or changed file is left out (its own chunk fails closed).
 * The cache is looked up only after every file was read and checked against its hash, so its key is the files the pass sees.
 */
export async function crossFilePass(target: string, triage: Pick<Triage, 'files'>, publicApi: (path: string) => string | undefined, cache?: EvidenceCache, pool?: FilePool): Promise<CrossFile> {
  const files: SourceFile[] = [];
  const keys: CrossFileKeyInput[] = [];
  for (const meta of triage.files) {
    const probe: SourceFile = { path: meta.path, content: '', language: meta.language, isTest: meta.isTest };
    if (meta.isTest || !staticSupports(probe)) continue;
    const source = readSourceAtHash(target, meta.path, meta.sha256);
    if (!source.ok) continue;
    const library = publicApi(meta.path);
    files.push({ ...probe, content: source.content, ...(library ? { publicApi: library } : {}) });
    keys.push({ path: meta.path, language: meta.language, sha256: meta.sha256, ...(library ? { publicApi: library } : {}) });
  }
  const cached = cache && cachedCrossFile(cache, keys);
  if (cached) return cached;
  const store = cache && crossFileCallsStore(cache);
  // With a pool, each hop's per-file steps run in its worker threads; the hops and their merge stay here, in order.
  const { incoming, cuts } = pool
    ? await crossFileIncomingBatched(files, (file, specs) => pool.run('calls', { ...file, specs }), store)
    : crossFileIncoming(files, store);
  const list = [...incoming].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).flatMap(([file, args]) => args.map((a) => ({ file, ...a })));
  const result = { incoming: list, cuts };
  if (cache) storeCrossFile(cache, keys, result);
  return result;
}
