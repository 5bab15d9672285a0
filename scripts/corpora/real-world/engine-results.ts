// Scan results cached per engine: <cache>/results-by-engine/<engine fingerprint>-r<RECORD_VERSION>/<key>.json.
// A complete result of the same engine (content hash of src/, bin/, …) is reused instead of rescanning, so a
// rerun of the SecBench.js or held-out mature corpus costs only what changed; several checkouts with different
// engines share one cache without overwriting each other. Used by the secbench and mature-held-out runs.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { writeJsonAtomic } from '../../../src/foundations/fs/atomic.ts';
import type { FetchResult } from './fetch.ts';
import type { ScanRecord } from './score.ts';

/** What a corpus run touches outside itself; the defaults are the real ones (a test passes stand-ins). */
export interface CorpusDeps {
  benchDir: string;
  fingerprint: () => string;
  build: () => Promise<void>;
  fetch: (cache: string, name: string, version: string, signal?: AbortSignal) => Promise<FetchResult>;
  scan: (key: string, dir: string, signal: AbortSignal) => Promise<ScanRecord>;
}

/** Bumped when ScanRecord keeps more from a scan, so older records are not taken for complete ones. */
export const RECORD_VERSION = 3;

export function engineResultsDir(cache: string, fingerprint: string): string {
  return join(cache, 'results-by-engine', `${fingerprint}-r${RECORD_VERSION}`);
}

function readRecord(path: string): ScanRecord | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ScanRecord;
  } catch {
    return undefined;
  }
}

export interface ScanJob {
  key: string;
  dir: string;
}

export interface ScanAllOptions {
  cache: string;
  fingerprint: string;
  jobs: number;
  signal: AbortSignal;
  scan: (key: string, dir: string, signal: AbortSignal) => Promise<ScanRecord>;
  /** Called after each scan (not for reused results) with the count done so far and this record. */
  progress?: (done: number, total: number, record: ScanRecord) => void;
}

/** Scans each job (or reuses this engine's complete cached result) and returns the records by key. */
export async function scanAll(jobs: readonly ScanJob[], options: ScanAllOptions): Promise<{ records: Map<string, ScanRecord>; reused: number }> {
  const dir = engineResultsDir(options.cache, options.fingerprint);
  mkdirSync(dir, { recursive: true });
  const records = new Map<string, ScanRecord>();
  const todo: ScanJob[] = [];
  for (const job of jobs) {
    const cached = readRecord(join(dir, `${job.key}.json`));
    if (cached?.status === 'complete') records.set(job.key, cached);
    else todo.push(job);
  }
  const limit = pLimit(options.jobs);
  let done = 0;
  await Promise.all(
    todo.map((job) =>
      limit(async () => {
        options.signal.throwIfAborted();
        const record = await options.scan(job.key, job.dir, options.signal);
        records.set(job.key, record);
        writeJsonAtomic(join(dir, `${job.key}.json`), record);
        options.progress?.(++done, todo.length, record);
      }),
    ),
  );
  return { records, reused: jobs.length - todo.length };
}
