// Worker-thread entry of triage's per-file step: reads and analyses its share of the files (analyze.ts, the same
// function the in-line path calls) and posts one message per batch, in order, then { done: true }.
import { parentPort, workerData } from 'node:worker_threads';
import { analyzeListed, type Analysed, type SourceItem } from './analyze.ts';

export interface AnalyzeWorkerData {
  root: string;
  maxBytes: number;
  /** This worker's files: its batches, one after another. */
  items: SourceItem[];
  batch: number;
}

export type AnalyzeWorkerMessage = { done: true } | { done?: undefined; outcomes: Analysed[] };

const { root, maxBytes, items, batch } = workerData as AnalyzeWorkerData;
const post = (message: AnalyzeWorkerMessage) => parentPort?.postMessage(message);

for (let start = 0; start < items.length; start += batch) {
  const outcomes: Analysed[] = [];
  for (let i = start; i < Math.min(items.length, start + batch); i++) outcomes.push(analyzeListed(root, items[i] as SourceItem, maxBytes));
  post({ outcomes });
}
post({ done: true });
