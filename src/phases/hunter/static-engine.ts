// The embedded static engine as a hunter: every file of the chunk through the static rules, in this thread
// or, for a large scan, in a pool of worker threads (same per-file entry point, results kept in file order).
// With an analysis store (the evidence cache) a file analysed before with the same key is not analysed again;
// its findings still go through the chunk's evidence re-check like fresh ones.
import type { Finding } from '../../artifacts/schemas/common.ts';
import { findingsOf, huntFile, staticSupports, type AnalysisStore, type ImportedFact, type IncomingArg } from '../../engines/static/index.ts';
import type { SourceFile } from '../../engines/static/types.ts';
import { createFilePool, type FilePool } from '../../engines/workers/pool.ts';
import type { HunterEngine } from './engine.ts';
import { loopTurns } from '../../engines/run/turn.ts';

export interface StaticHunterOptions {
  /** Worker threads; 1 (the default) hunts in this thread. */
  workers?: number;
  /** A pool of that many workers the caller owns (and closes), shared with other per-file work of the phase. */
  pool?: FilePool;
  /** Earlier analyses, by file content, engine version and library context (the evidence cache). */
  store?: AnalysisStore;
  /** Request input other modules pass to a file's exported functions (the cross-file pass), by path. */
  incoming?: (path: string) => IncomingArg[] | undefined;
  /** What a file's relative imports export that a detector can use (the cross-file pass's module facts), by path. */
  imported?: (path: string) => ImportedFact[] | undefined;
}

/** `publicApi` names the library package a file belongs to (recon's publicApi), for the library threat model. */
export function staticHunter(publicApi: (path: string) => string | undefined = () => undefined, options: StaticHunterOptions = {}): HunterEngine {
  const workers = options.workers ?? 1;
  let pool: FilePool | undefined = options.pool;
  // Chunks whose last hunt computed nothing (every file answered by the store).
  const fromCache = new Set<string>();
  return {
    name: 'static',
    lenses: ['static-rules'],
    async hunt(chunkId, files, signal) {
      fromCache.delete(chunkId);
      // Every fresh analysis is put in the store: a put is how a hunt knows it computed something.
      let computed = !options.store;
      const store: AnalysisStore | undefined = options.store && {
        get: (file) => options.store!.get(file),
        put: (file, analysis) => {
          computed = true;
          options.store!.put(file, analysis);
        },
      };
      const sources: SourceFile[] = files.map((file) => {
        const library = publicApi(file.path);
        const incoming = options.incoming?.(file.path);
        const imported = options.imported?.(file.path);
        return { ...file, ...(library ? { publicApi: library } : {}), ...(incoming ? { incoming } : {}), ...(imported ? { imported } : {}) };
      });
      let found: Finding[];
      if (workers <= 1) {
        // File by file, letting the loop turn: a chunk can take seconds, and a Ctrl-C must not wait for its end.
        const checkpoint = loopTurns(signal);
        found = [];
        for (const file of sources) {
          await checkpoint();
          found.push(...huntFile(file, store));
        }
      } else {
        // Awaited in file order, so the result does not depend on which worker finished first.
        const perFile: Finding[][] = await Promise.all(
          sources.map(async (file) => {
            const stored = store?.get(file);
            if (stored) return findingsOf(stored);
            pool ??= createFilePool(workers);
            const fresh = await pool.run('hunt', file);
            store?.put(file, fresh);
            return findingsOf(fresh);
          }),
        );
        found = perFile.flat();
      }
      if (!computed) fromCache.add(chunkId);
      return found;
    },
    answeredFromCache: (chunkId) => fromCache.has(chunkId),
    unsupported(file) {
      return staticSupports(file) ? null : `the static engine has no rules for ${file.language}; configure a model to hunt in it`;
    },
    async close() {
      if (pool !== options.pool) await pool?.close();
      pool = undefined;
    },
  };
}
