// One listed source file, read and analysed: the per-file step of triage, run in-line or in a worker thread
// (analyze-worker.ts). A symlink is left to the main thread (resolveLink), which holds the list of listed paths.
import type { FileOutcome } from './core.ts';
import { analyzeBytes } from './core.ts';
import { readLinked, readUnlinked, type ReadOutcome } from './read.ts';

/** A file the path rules sent to be read, with what they decided about it. */
export interface SourceItem {
  path: string;
  language: string;
  isTest: boolean;
}

/** A file's outcome, or 'link': it opened as a symlink and still has to be resolved by resolveLink. */
export type Analysed = FileOutcome | { kind: 'link' };

function analyzeRead(item: SourceItem, read: ReadOutcome): FileOutcome {
  if (read.kind === 'skip') return { kind: 'skip', skip: { path: item.path, reason: read.reason, detail: read.detail } };
  return analyzeBytes(item.path, item.language, item.isTest, read.bytes);
}

/** Reads root/item.path without following a symlink and analyses the bytes. */
export function analyzeListed(root: string, item: SourceItem, maxBytes: number): Analysed {
  const read = readUnlinked(root, item.path, maxBytes);
  return read.kind === 'link' ? read : analyzeRead(item, read);
}

/** The outcome of a file that opened as a symlink: its target is read when it stays inside root and was not listed itself. */
export function resolveLink(root: string, item: SourceItem, maxBytes: number, listed: ReadonlySet<string>): FileOutcome {
  return analyzeRead(item, readLinked(root, item.path, maxBytes, listed));
}
