// The static engine's cross-file taint pass for one scan: every JavaScript/TypeScript file triage listed, read at
// its recorded hash with its library context, then followed across modules before any chunk is hunted. The
// hunter hands each file its incoming arguments and the facts about its imports (what another module re-exports of
// child_process, an exported pattern); the skeptic re-checks findings with the same ones (from the artifact).
// With the evidence cache, the result for the same set of files (paths, languages, libraries, hashes) is reused;
// for another set, each file's per-file step is (cross-file-calls), so one changed file is parsed again, not all.
// Given the phase's worker pool, the per-file steps run in its threads.
import type { CrossFileTaint } from '../../artifacts/schemas/hunter-findings.ts';
import type { Static } from '@sinclair/typebox';
import { cachedCrossFile, storeCrossFile, type CrossFileKeyInput } from '../../engines/cache/cross-file.ts';
import { crossFileCallsStore } from '../../engines/cache/cross-file-calls.ts';
import type { EvidenceCache } from '../../engines/cache/store.ts';
import { readSourceAtHash } from '../../engines/integrity/source.ts';
import { crossFileIncoming, crossFileIncomingBatched, staticSupports, type SourceFile } from '../../engines/static/index.ts';
import type { FilePool } from '../../engines/workers/pool.ts';
import type { Triage } from '../../artifacts/schemas/triage.ts';
import { compareText } from '../../foundations/text/compare.ts';

export type CrossFile = Static<typeof CrossFileTaint>;

/**
 * Runs the pass over the triaged files; an unreadable or changed file is left out (its own chunk fails closed).
 * With a cache, the pass is first looked up by the hashes triage recorded, before any file is read: a hit is used
 * once every file it names (each caller and receiver) reads at its recorded hash, so every claim it makes holds for
 * the source as it is now. Otherwise every file is read and checked, and the key is the files the pass sees.
 */
export async function crossFilePass(target: string, triage: Pick<Triage, 'files'>, publicApi: (path: string) => string | undefined, cache?: EvidenceCache, pool?: FilePool): Promise<CrossFile> {
  const listed = triage.files.filter((meta) => !meta.isTest && staticSupports(probeOf(meta)));
  const recorded = listed.map((meta) => keyInput(meta, publicApi(meta.path)));
  const early = cache && cachedCrossFile(cache, recorded);
  if (early && namedFilesAtHash(target, early, listed)) return early;
  const files: SourceFile[] = [];
  const keys: CrossFileKeyInput[] = [];
  for (const meta of listed) {
    const source = readSourceAtHash(target, meta.path, meta.sha256);
    if (!source.ok) continue;
    const library = publicApi(meta.path);
    files.push({ ...probeOf(meta), content: source.content, ...(library ? { publicApi: library } : {}) });
    keys.push(keyInput(meta, library));
  }
  // Every file read at its recorded hash: the key is the one just looked up, a miss (or a hit refused above).
  const cached = cache && keys.length !== recorded.length ? cachedCrossFile(cache, keys) : undefined;
  if (cached) return cached;
  const store = cache && crossFileCallsStore(cache);
  // With a pool, each hop's per-file steps run in its worker threads; the hops and their merge stay here, in order.
  const { incoming, cuts, imported } = pool
    ? await crossFileIncomingBatched(files, (file, specs) => pool.run('calls', { ...file, specs }), store)
    : crossFileIncoming(files, store);
  const list = [...incoming].sort(([a], [b]) => compareText(a, b)).flatMap(([file, args]) => args.map((a) => ({ file, ...a })));
  const facts = [...imported].sort(([a], [b]) => compareText(a, b)).flatMap(([file, list]) => list.map((f) => ({ file, ...f })));
  const result = { incoming: list, cuts, ...(facts.length > 0 ? { imported: facts } : {}) };
  if (cache) storeCrossFile(cache, keys, result);
  return result;
}

type FileMeta = Triage['files'][number];

const probeOf = (meta: FileMeta): SourceFile => ({ path: meta.path, content: '', language: meta.language, isTest: meta.isTest });

const keyInput = (meta: FileMeta, library: string | undefined): CrossFileKeyInput => ({ path: meta.path, language: meta.language, sha256: meta.sha256, ...(library ? { publicApi: library } : {}) });

/** True when every file the stored pass names, as caller or receiver, still reads at the hash triage recorded. */
function namedFilesAtHash(target: string, pass: CrossFile, listed: readonly FileMeta[]): boolean {
  const recordedHash = new Map(listed.map((meta) => [meta.path, meta.sha256]));
  const named = new Set([...pass.incoming, ...(pass.imported ?? [])].flatMap((a) => [a.file, a.from]));
  return [...named].every((path) => {
    const sha256 = recordedHash.get(path);
    return sha256 !== undefined && readSourceAtHash(target, path, sha256).ok;
  });
}
