// I/O: reads and analyses the files to triage, in batches. On a big tree worker threads (analyze-worker.ts) do it,
// so every core works and the main thread only collects; small trees run in-line. Batches are dealt to the workers
// in turn and each batch comes back with its first index, so the caller can keep listing order whatever the
// scheduling.
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PhaseError } from '../../errors.ts';
import { analyzeListed, type Analysed, type SourceItem } from './analyze.ts';
import type { AnalyzeWorkerData, AnalyzeWorkerMessage } from './analyze-worker.ts';

/** Outcomes of items[start], items[start + 1], … */
export interface AnalysedBatch {
  start: number;
  outcomes: Analysed[];
}

export interface AnalyzeOptions {
  /** Worker threads to use; 0 (or 1 batch of work) runs in-line. */
  workers: number;
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

async function* analyzeInWorkers(root: string, items: readonly SourceItem[], maxBytes: number, count: number): AsyncGenerator<AnalysedBatch> {
  const ready: AnalysedBatch[] = [];
  let failure: Error | undefined;
  let running = count;
  let wake: (() => void) | undefined;
  const workers = Array.from({ length: count }, (_, w) => {
    const worker = startWorker({ root, maxBytes, items: shareOf(items, w, count), batch: BATCH });
    let received = 0;
    let finished = false;
    worker.on('message', (message: AnalyzeWorkerMessage) => {
      if (message.done) {
        finished = true;
        running--;
      } else ready.push({ start: (w + received++ * count) * BATCH, outcomes: message.outcomes });
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
    return worker;
  });
  try {
    while (running > 0 || ready.length > 0) {
      while (ready.length === 0 && running > 0 && !failure) await new Promise<void>((resolve) => (wake = resolve));
      if (failure) throw new PhaseError(`Triage could not read the files: a worker thread failed (${failure.message}).`);
      const next = ready.shift();
      if (next) yield next;
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** Reads and analyses root/items[i] for every i, in batches (in any order; each says where it starts). */
export function analyzeAll(root: string, items: readonly SourceItem[], maxBytes: number, options: AnalyzeOptions): AsyncGenerator<AnalysedBatch> {
  const count = Math.min(options.workers, Math.ceil(items.length / BATCH));
  return count >= 1 ? analyzeInWorkers(root, items, maxBytes, count) : analyzeInline(root, items, maxBytes);
}
