// Worker-thread entry of triage's per-file step: boots while the main thread lists the files, then reads and
// analyses each batch it is sent (analyze.ts, the same function the in-line path calls) and answers it with the
// batch's outcomes and where it starts. It keeps listening until the main thread ends it.
import { parentPort, workerData } from 'node:worker_threads';
import { analyzeListed, type Analysed, type SourceItem } from './analyze.ts';

export interface AnalyzeWorkerData {
  root: string;
  maxBytes: number;
}

/** One batch: items[start], items[start + 1], … of the main thread's list, encoded by encodeItems. */
export interface AnalyzeWorkerBatch {
  start: number;
  items: string;
}

/** The answer to a batch: its first index and the outcome of each of its items, in order. */
export interface AnalyzeWorkerAnswer {
  start: number;
  outcomes: Analysed[];
}

// One string crosses to the thread far cheaper than hundreds of small objects; no path holds a NUL byte.
export function encodeItems(items: readonly SourceItem[]): string {
  return items.map((item) => `${item.path}\0${item.language}\0${item.isTest ? 1 : 0}`).join('\0');
}

export function decodeItems(text: string): SourceItem[] {
  if (text === '') return [];
  const parts = text.split('\0');
  const items: SourceItem[] = [];
  for (let i = 0; i + 2 < parts.length; i += 3) items.push({ path: parts[i] as string, language: parts[i + 1] as string, isTest: parts[i + 2] === '1' });
  return items;
}

function answer(batch: AnalyzeWorkerBatch): AnalyzeWorkerAnswer {
  const { root, maxBytes } = workerData as AnalyzeWorkerData;
  return { start: batch.start, outcomes: decodeItems(batch.items).map((item) => analyzeListed(root, item, maxBytes)) };
}

parentPort?.on('message', (batch: AnalyzeWorkerBatch) => parentPort?.postMessage(answer(batch)));
