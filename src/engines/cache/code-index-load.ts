// The code index's I/O shell: reads every triaged file at its recorded hash, indexes it once, reads
// go.mod files for Go package resolution, and reports every file it could not index with the reason. It sits with
// the cache because a file indexed before is read from the cache's code-index entries (code-index-file.ts).
import { posix } from 'node:path';
import { readSource, readSourceAtHash } from '../integrity/source.ts';
import { buildCodeIndex } from '../code-index/graph.ts';
import { indexSourceAsync } from '../code-index/index-file.ts';
import type { GoModule } from '../static/resolve.ts';
import type { CodeIndex, FileIndex } from '../code-index/types.ts';
import { cachedFileIndex, storeFileIndex } from './code-index-file.ts';
import type { EvidenceCache } from './store.ts';

export interface IndexInput {
  path: string;
  language: string;
  sha256: string;
}

export interface LoadedIndex {
  index: CodeIndex;
  /** Source text of every indexed file (for line-range token estimates). */
  sources: Map<string, string>;
  /** Files in scope that were not indexed: changed since triage, unreadable, gone. */
  unindexed: { file: string; reason: string }[];
  stats: { files: number; precise: number; fallback: number; millis: number };
}

/** go.mod files in the root and in every folder above a .go file. */
export function readGoModules(root: string, paths: readonly string[]): GoModule[] {
  const dirs = new Set<string>(['']);
  for (const p of paths) {
    if (!p.endsWith('.go')) continue;
    for (let d = posix.dirname(p); d !== '.' && d !== ''; d = posix.dirname(d)) dirs.add(d);
  }
  const modules: GoModule[] = [];
  for (const dir of [...dirs].sort()) {
    const source = readSource(root, dir ? `${dir}/go.mod` : 'go.mod');
    const module = source.ok ? /^module\s+(\S+)/m.exec(source.content)?.[1] : undefined;
    if (module) modules.push({ dir, module });
  }
  return modules;
}

// Parses in flight at once: enough to keep the thread pool busy while this thread reads and indexes.
const IN_FLIGHT = 8;

/** `alsoResolve`: paths that are not indexed but may be import targets (a file a diff deleted still has importers).
 * `cache`: the evidence cache, so a file indexed before with the same content is not parsed again. */
export async function loadCodeIndex(root: string, files: readonly IndexInput[], signal?: AbortSignal, alsoResolve: readonly string[] = [], cache?: EvidenceCache): Promise<LoadedIndex> {
  const started = performance.now();
  const entries: FileIndex[] = [];
  const sources = new Map<string, string>();
  const unindexed: LoadedIndex['unindexed'] = [];
  const inFlight = new Set<Promise<void>>();
  for (const f of files) {
    signal?.throwIfAborted();
    // A file that changed since triage is not silently indexed: it is reported with the reason.
    const source = readSourceAtHash(root, f.path, f.sha256);
    if (!source.ok) {
      unindexed.push({ file: f.path, reason: source.reason });
      continue;
    }
    sources.set(f.path, source.content);
    const known = cachedFileIndex(cache, f);
    if (known) {
      entries.push(known);
      continue;
    }
    const job: Promise<void> = indexSourceAsync(f.path, f.language, source.content).then((indexed) => {
      storeFileIndex(cache, f, indexed.file);
      entries.push(indexed.file);
      inFlight.delete(job);
    });
    inFlight.add(job);
    if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  const paths = files.map((f) => f.path);
  const index = buildCodeIndex(entries, { paths: [...paths, ...alsoResolve], goModules: readGoModules(root, paths) });
  const precise = entries.filter((e) => e.precise).length;
  return {
    index,
    sources,
    unindexed,
    stats: { files: entries.length, precise, fallback: entries.length - precise, millis: Math.round(performance.now() - started) },
  };
}
