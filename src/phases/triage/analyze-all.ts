// I/O: reads and analyses the files to triage, in batches. On a big tree worker threads (analyze-worker.ts) do it,
// so every core works and the main thread only collects; they are started before the path rules run, so they boot
// meanwhile. Small trees run in-line. Batches are dealt to the workers
// in turn and each batch comes back with its first index, so the caller can keep listing order whatever the
// scheduling.
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PhaseError } from '../../errors.ts';
import { analyzeListed, type Analysed, type SourceItem } from './analyze.ts';
import { encodeItems, type AnalyzeWorkerData, type AnalyzeWorkerMessage, type AnalyzeWorkerShare } from './analyze-worker.ts';

/** Outcomes of items[start], items[start + 1], … */
export interface AnalysedBatch {
  start: number;
  outcomes: Analysed[];
}

/** Files per batch: one message each way; large enough that messages cost little, small enough for steady progress. */
export const BATCH = 256;

// The entry beside this file: analyze-worker.js in dist/; analyze-worker.ts when running from source under tsx
// (development and tests), where a worker does not inherit the loader, so it registers tsx before importing it.
const WORKER_URL = new URL(`./analyze-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

function startWorker(workerData: AnalyzeWorkerData): Worker {
  if (!WORKER_URL.pathname.endsWith('.ts')) return new Worker(WORKER_URL, { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(WORKER_URL.href)}); })`, { eval: true, workerData });
}

async function* analyzeInline(root: string, items: readonly SourceItem[], maxBytes: number): AsyncGenerator<AnalysedBatch> {
  for (let start = 0; start < items.length; start += BATCH) {
    // Yield between batches so SIGINT's abort can land and background git output is drained.
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const outcomes: Analysed[] = [];
    for (let i = start; i < Math.min(items.length, start + BATCH); i++) outcomes.push(analyzeListed(root, items[i] as SourceItem, maxBytes));
    yield { start, outcomes };
  }
}

/** Worker w's share: batches w, w + n, w + 2n, … of items, one after another. */
function shareOf(items: readonly SourceItem[], w: number, n: number): SourceItem[] {
  const share: SourceItem[] = [];
  for (let start = w * BATCH; start < items.length; start += n * BATCH) share.push(...items.slice(start, start + BATCH));
  return share;
}

/** A started thread and how it ended, if it has: listened for from the start, so a thread that dies while booting is seen. */
interface Thread {
  worker: Worker;
  /** Set when the thread failed or stopped before saying it was done. */
  failure?: Error;
  done: boolean;
  notify?: () => void;
}

function watch(worker: Worker): Thread {
  const thread: Thread = { worker, done: false };
  worker.on('error', (error) => {
    thread.failure ??= error;
    thread.notify?.();
  });
  worker.on('exit', (code) => {
    if (!thread.done) thread.failure ??= new Error(`it stopped early (exit code ${code})`);
    thread.notify?.();
  });
  return thread;
}

async function* analyzeInWorkers(threads: readonly Thread[], items: readonly SourceItem[]): AsyncGenerator<AnalysedBatch> {
  const count = threads.length;
  const ready: AnalysedBatch[] = [];
  let wake: (() => void) | undefined;
  threads.forEach((thread, w) => {
    let received = 0;
    thread.notify = () => wake?.();
    thread.worker.on('message', (message: AnalyzeWorkerMessage) => {
      if (message.done) thread.done = true;
      else ready.push({ start: (w + received++ * count) * BATCH, outcomes: message.outcomes });
      wake?.();
    });
    thread.worker.postMessage({ items: encodeItems(shareOf(items, w, count)) } satisfies AnalyzeWorkerShare);
  });
  const failed = () => threads.find((t) => t.failure)?.failure;
  const running = () => threads.some((t) => !t.done);
  while (running() || ready.length > 0) {
    while (ready.length === 0 && running() && !failed()) await new Promise<void>((resolve) => (wake = resolve));
    const failure = failed();
    if (failure) throw new PhaseError(`Triage could not read the files: a worker thread failed (${failure.message}).`);
    const next = ready.shift();
    if (next) yield next;
  }
}

export interface Analysis {
  /** Reads and analyses root/items[i] for every i, in batches (in any order; each says where it starts). Once. */
  run(items: readonly SourceItem[]): AsyncGenerator<AnalysedBatch>;
  /** Ends the worker threads (also when run was never called or was left early). */
  close(): Promise<void>;
}

/** Starts `workers` threads now (0: the files are analysed in-line), to be given the files by run(). */
export function startAnalysis(root: string, maxBytes: number, workers: number): Analysis {
  const threads = Array.from({ length: workers }, () => watch(startWorker({ root, maxBytes, batch: BATCH })));
  let used = false;
  return {
    run: (items) => {
      if (used) throw new Error('startAnalysis: run() may be called once.');
      used = true;
      return threads.length > 0 ? analyzeInWorkers(threads, items) : analyzeInline(root, items, maxBytes);
    },
    close: async () => {
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}

/** How many threads for this many listed files: none below `from` or with one core (BUG_HUNTER_WORKERS=1 means no
 * threads, as for the file pool), else up to `cores`, one per batch at most. */
export function threadsFor(listed: number, from: number, cores: number): number {
  return listed >= from && cores > 1 ? Math.min(cores, Math.ceil(listed / BATCH)) : 0;
}
