// Worker-thread entry of triage's per-file step: boots while the main thread lists the files, then reads and
// analyses its share (analyze.ts, the same function the in-line path calls) and posts one message per batch, in
// order, then { done: true }.
import { parentPort, workerData } from 'node:worker_threads';
import { analyzeListed, type Analysed, type SourceItem } from './analyze.ts';

export interface AnalyzeWorkerData {
  root: string;
  maxBytes: number;
  batch: number;
}

/** The share, sent once the files are known: its batches one after another, encoded by encodeItems. */
export interface AnalyzeWorkerShare {
  items: string;
}

export type AnalyzeWorkerMessage = { done: true } | { done?: undefined; outcomes: Analysed[] };

// One string crosses to the thread far cheaper than thousands of small objects; no path holds a NUL byte.
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

function run(items: readonly SourceItem[]): void {
  const { root, maxBytes, batch } = workerData as AnalyzeWorkerData;
  for (let start = 0; start < items.length; start += batch) {
    const outcomes: Analysed[] = [];
    for (let i = start; i < Math.min(items.length, start + batch); i++) outcomes.push(analyzeListed(root, items[i] as SourceItem, maxBytes));
    parentPort?.postMessage({ outcomes } satisfies AnalyzeWorkerMessage);
  }
  parentPort?.postMessage({ done: true } satisfies AnalyzeWorkerMessage);
}

parentPort?.once('message', (share: AnalyzeWorkerShare) => run(decodeItems(share.items)));
