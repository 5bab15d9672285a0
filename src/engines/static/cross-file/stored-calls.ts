// The cross-file pass's per-file step (outgoingCalls) answered from a store kept between scans (the evidence cache),
// so after one changed file only that file and the files whose incoming arguments changed are parsed again. The
// store's keys are its own business; this file says what the step depends on and re-checks what a store returns.
import type { SourceFile } from '../types.ts';
import { outgoingCalls, relativeSpecifiers, type CallsBatch, type CallsStep, type OutgoingCall } from './calls.ts';

/**
 * Answers of the step for one file. `wanted` is the file's own relative specifiers that the pass follows, sorted:
 * with the file (path, language, library package, content, incoming arguments) it is everything the step reads.
 */
export interface CallsStore {
  get(file: SourceFile, wanted: readonly string[]): OutgoingCall[] | undefined;
  put(file: SourceFile, wanted: readonly string[], calls: OutgoingCall[]): void;
}

function lineCount(content: string): number {
  let lines = 1;
  for (let i = content.indexOf('\n'); i !== -1; i = content.indexOf('\n', i + 1)) lines += 1;
  return lines;
}

/** A stored answer is a hint: it may only name modules this file imports and the pass follows, at lines the file has. */
function plausible(calls: readonly OutgoingCall[], wanted: readonly string[], content: string): boolean {
  const lines = lineCount(content);
  return calls.every((c) => wanted.includes(c.specifier) && c.line >= 1 && c.line <= lines);
}

/** The modules the step follows from this file, and the store's answer when it has a plausible one. */
function lookup(store: CallsStore | undefined, file: SourceFile, wanted: (specifier: string) => boolean): { specs: string[]; hit?: OutgoingCall[] } {
  const specs = relativeSpecifiers(file.content).filter(wanted);
  if (specs.length === 0) return { specs, hit: [] };
  const hit = store?.get(file, specs);
  return hit && plausible(hit, specs, file.content) ? { specs, hit } : { specs };
}

/** outgoingCalls, looked up in `store` first and stored after; a file that follows no module does no work and no lookup. */
export function storedCalls(store: CallsStore): CallsStep {
  return (file, wanted) => {
    const { specs, hit } = lookup(store, file, wanted);
    if (hit) return hit;
    const calls = outgoingCalls(file, (s) => specs.includes(s));
    store.put(file, specs, calls);
    return calls;
  };
}

/** The step computed by `compute` (a worker thread: outgoingCalls on the file with exactly `specs` followed), the store asked first if there is one. */
export function batchedCalls(compute: (file: SourceFile, specs: string[]) => Promise<OutgoingCall[]>, store?: CallsStore): CallsBatch {
  return (requests) =>
    Promise.all(
      requests.map(async ({ file, wanted }) => {
        const { specs, hit } = lookup(store, file, wanted);
        if (hit) return hit;
        const calls = await compute(file, specs);
        store?.put(file, specs, calls);
        return calls;
      }),
    );
}
