// I/O: reads and analyses the files to triage, in batches. On a big tree the main thread and worker threads
// (analyze-worker.ts), one per further core, share the batches, each taking the next when it is free, so every core
// works and they finish together; the threads are started before the path rules run, so they boot meanwhile. The
// main thread works too rather than only collecting: each thread costs its start-up and the copying of its answers,
// and on a loaded machine an idle main thread bought nothing (two threads and an idle main thread took a quarter
// more CPU than the main thread alone). Small trees run in-line. Each batch comes back with its first index, so the
// caller keeps listing order whatever the scheduling.
import type { Worker } from 'node:worker_threads';
import { entryBeside, startWorker } from '../../foundations/worker-thread.ts';
import { PhaseError } from '../../foundations/errors.ts';
import { analyzeListed, type Analysed, type SourceItem } from './analyze.ts';
import { encodeItems, type AnalyzeWorkerAnswer, type AnalyzeWorkerBatch, type AnalyzeWorkerData } from './analyze-worker.ts';

/** Outcomes of items[start], items[start + 1], … */
export interface AnalysedBatch {
  start: number;
  outcomes: Analysed[];
}

/** Files per batch: one message each way; large enough that messages cost little, small enough for steady progress. */
export const BATCH = 256;

const WORKER_URL = entryBeside(import.meta.url, 'analyze-worker');

function analyzeBatch(root: string, items: readonly SourceItem[], maxBytes: number, start: number): AnalysedBatch {
  const outcomes: Analysed[] = [];
  for (let i = start; i < Math.min(items.length, start + BATCH); i++) outcomes.push(analyzeListed(root, items[i] as SourceItem, maxBytes));
  return { start, outcomes };
}

// Between batches of its own, the main thread lets the event loop turn: SIGINT's abort can land, background git
// output is drained and the threads' answers come in.
const turn = () => new Promise((resolve) => setImmediate(resolve));

async function* analyzeInline(root: string, items: readonly SourceItem[], maxBytes: number): AsyncGenerator<AnalysedBatch> {
  for (let start = 0; start < items.length; start += BATCH) {
    if (start > 0) await turn();
    yield analyzeBatch(root, items, maxBytes, start);
  }
}

/** A started thread and how it ended, if it has: listened for from the start, so a thread that dies while booting is seen. */
interface Thread {
  worker: Worker;
  /** Set when the thread failed or stopped while it still had batches to answer. */
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

/** Batches a thread holds at once: the one it works on and a few queued. The main thread hands out the next ones
 * only between batches of its own, so a shallower queue ran dry and the main thread ended up with more than half. */
const IN_FLIGHT = 4;

async function* analyzeShared(threads: readonly Thread[], root: string, items: readonly SourceItem[], maxBytes: number): AsyncGenerator<AnalysedBatch> {
  // Batches are handed out on demand, not in fixed shares: the main thread also takes in every answer, so a thread
  // that only reads takes more of them, and no thread sits idle while another still has batches of its share.
  const batches = Math.ceil(items.length / BATCH);
  let claimed = 0;
  const claim = (): number | undefined => (claimed < batches ? claimed++ * BATCH : undefined);
  const ready: AnalysedBatch[] = [];
  let wake: (() => void) | undefined;
  const give = (thread: Thread) => {
    const start = claim();
    if (start !== undefined) thread.worker.postMessage({ start, items: encodeItems(items.slice(start, start + BATCH)) } satisfies AnalyzeWorkerBatch);
  };
  for (const thread of threads) {
    thread.notify = () => wake?.();
    thread.worker.on('message', (answer: AnalyzeWorkerAnswer) => {
      ready.push(answer);
      give(thread);
      wake?.();
    });
    for (let k = 0; k < IN_FLIGHT; k++) give(thread);
  }
  for (let taken = 0; taken < batches; ) {
    const failure = threads.find((t) => t.failure)?.failure;
    if (failure) throw new PhaseError(`Triage could not read the files: a worker thread failed (${failure.message}).`);
    const next = ready.shift();
    const mine = next ? undefined : claim();
    if (next) {
      taken++;
      yield next;
    } else if (mine !== undefined) {
      taken++;
      yield analyzeBatch(root, items, maxBytes, mine);
      await turn();
    } else await new Promise<void>((resolve) => (wake = resolve));
  }
  for (const thread of threads) thread.done = true;
}

export interface Analysis {
  /** Reads and analyses root/items[i] for every i, in batches (in any order; each says where it starts). Once. */
  run(items: readonly SourceItem[]): AsyncGenerator<AnalysedBatch>;
  /** Ends the worker threads (also when run was never called or was left early). */
  close(): Promise<void>;
}

/** Starts `workers` threads now, to be given their files by run(); 0: the main thread analyses every file. */
export function startAnalysis(root: string, maxBytes: number, workers: number): Analysis {
  const threads = Array.from({ length: workers }, () => watch(startWorker(WORKER_URL, { workerData: { root, maxBytes } satisfies AnalyzeWorkerData })));
  let used = false;
  return {
    run: (items) => {
      if (used) throw new Error('startAnalysis: run() may be called once.');
      used = true;
      return threads.length > 0 ? analyzeShared(threads, root, items, maxBytes) : analyzeInline(root, items, maxBytes);
    },
    close: async () => {
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}

/** How many worker threads beside the main thread for this many listed files: none below `from` or with one core
 * (BUG_HUNTER_WORKERS=1 means no threads, as for the file pool), else one per further core, never more threads
 * than batches. */
export function threadsFor(listed: number, from: number, cores: number): number {
  return listed >= from ? Math.max(0, Math.min(cores, Math.ceil(listed / BATCH)) - 1) : 0;
}
