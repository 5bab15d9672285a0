// I/O: reads the files to triage in batches. On a big tree a worker thread (read-worker.mjs) does the system
// calls while the main thread analyses the previous batch; small trees and very large size limits read in-line.
import { Worker } from 'node:worker_threads';
import { PhaseError } from '../../errors.ts';
import { describeRead, readLinked, readListedFile, type RawRead, type ReadOutcome } from './read.ts';

/** One file's outcome; `bytes` are valid only until the next batch is asked for. */
export interface ReadItem {
  index: number;
  outcome: ReadOutcome;
}

export interface ReadAheadOptions {
  /** Use the worker thread from this many files up (it costs tens of milliseconds to start). */
  workerFrom: number;
}

// Batches in flight: the worker may read this far ahead while the main thread is busy (compiling a validator,
// collecting garbage). Each holds BATCH_BYTES + the size limit.
const BATCH_BYTES = 1 << 20;
const BUFFERS = 6;
// Above this size limit the batch buffers would weigh too much; such runs read in-line.
const WORKER_MAX_FILE_BYTES = 8 * 1024 * 1024;
const INLINE_BATCH = 256;

type WorkerEntry = { index: number } & (Exclude<RawRead, { kind: 'bytes' }> | { kind: 'bytes'; offset: number; length: number; sha256: string });
type WorkerMessage = { done: true } | { done?: undefined; entries: WorkerEntry[]; buffer: ArrayBuffer };

async function* readInline(root: string, paths: readonly string[], maxBytes: number, listed: ReadonlySet<string>): AsyncGenerator<ReadItem[]> {
  for (let start = 0; start < paths.length; start += INLINE_BATCH) {
    // Yield between batches so SIGINT's abort can land and background git output is drained.
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const end = Math.min(paths.length, start + INLINE_BATCH);
    // One file at a time: read.ts reuses its buffer, so each outcome is handed over before the next read.
    for (let index = start; index < end; index++) yield [{ index, outcome: readListedFile(root, paths[index] as string, maxBytes, listed) }];
  }
}

async function* readInWorker(root: string, paths: readonly string[], maxBytes: number, listed: ReadonlySet<string>): AsyncGenerator<ReadItem[]> {
  // execArgv: [] — the worker is plain JavaScript and must not start the TypeScript loader (a second or more).
  const worker = new Worker(new URL('./read-worker.mjs', import.meta.url), { execArgv: [], workerData: { root, paths, maxBytes, batchBytes: BATCH_BYTES, buffers: BUFFERS } });
  const queue: WorkerMessage[] = [];
  let failure: Error | undefined;
  let finished = false;
  let wake: (() => void) | undefined;
  worker.on('message', (message: WorkerMessage) => {
    queue.push(message);
    wake?.();
  });
  worker.on('error', (error) => {
    failure ??= error;
    wake?.();
  });
  worker.on('exit', (code) => {
    if (!finished) failure ??= new Error(`it stopped early (exit code ${code})`);
    wake?.();
  });
  try {
    for (;;) {
      while (queue.length === 0 && !failure) await new Promise<void>((resolve) => (wake = resolve));
      const message = queue.shift();
      if (!message) throw new PhaseError(`Triage could not read the files: the reading thread failed (${(failure as Error).message}).`);
      if (message.done) {
        finished = true;
        return;
      }
      const bytes = Buffer.from(message.buffer);
      yield message.entries.map((entry) => {
        // The common case takes no rest-spread copy of the entry: 50,000 small objects are measurable.
        if (entry.kind === 'bytes') return { index: entry.index, outcome: { kind: 'bytes', bytes: bytes.subarray(entry.offset, entry.offset + entry.length), sha256: entry.sha256 } };
        const { index, ...raw } = entry;
        // A symlink is resolved here, where the containment check lives.
        return { index, outcome: raw.kind === 'link' ? readLinked(root, paths[index] as string, maxBytes, listed) : describeRead(raw, maxBytes) };
      });
      // The batch has been analysed: send its buffer back to be filled again.
      worker.postMessage({ buffer: message.buffer }, [message.buffer]);
    }
  } finally {
    finished = true;
    await worker.terminate();
  }
}

/** Reads root/paths[i] for every i, in order, in batches; `listed` is every listed path (for symlink duplicates). */
export function readAll(root: string, paths: readonly string[], maxBytes: number, listed: ReadonlySet<string>, options: ReadAheadOptions): AsyncGenerator<ReadItem[]> {
  const useWorker = paths.length >= options.workerFrom && maxBytes <= WORKER_MAX_FILE_BYTES;
  return useWorker ? readInWorker(root, paths, maxBytes, listed) : readInline(root, paths, maxBytes, listed);
}
