// Entry point of the cross-file pass for the phases: resolves relative imports among the given files with the
// code index's Node/TypeScript resolver, then propagates. Pure, like the rest of the engine, unless a store is given
// for the per-file step (then that step's answers are read from and written to it).
import { resolveContext, resolveJs } from '../resolve.ts';
import type { SourceFile } from '../types.ts';
import { outgoingCalls, type OutgoingCall } from './calls.ts';
import { propagate, propagateBatched, type CrossFileResult } from './propagate.ts';
import { batchedCalls, storedCalls, type CallsStore } from './stored-calls.ts';

export type { CrossFileResult } from './propagate.ts';
export type { OutgoingCall } from './calls.ts';
export type { CallsStore } from './stored-calls.ts';
export { MAX_HOPS } from './propagate.ts';

/** The tainted arguments each file's exported functions receive from the other files (tests and non-source files excluded as callers). */
export function crossFileIncoming(files: readonly SourceFile[], store?: CallsStore): CrossFileResult {
  const callers = files.filter((f) => !f.isTest);
  return propagate(callers, resolverOf(callers), store ? storedCalls(store) : outgoingCalls);
}

/**
 * The same answer, with each hop's per-file steps computed by `compute` (outgoingCalls on the file following
 * exactly `specs`; the worker pool runs it), the store asked first.
 */
export function crossFileIncomingBatched(files: readonly SourceFile[], compute: (file: SourceFile, specs: string[]) => Promise<OutgoingCall[]>, store?: CallsStore): Promise<CrossFileResult> {
  const callers = files.filter((f) => !f.isTest);
  return propagateBatched(callers, resolverOf(callers), batchedCalls(compute, store));
}

function resolverOf(files: readonly SourceFile[]): (from: string, specifier: string) => string | undefined {
  const ctx = resolveContext(files.map((f) => f.path));
  return (from, specifier) => resolveJs(from, specifier, ctx);
}
