// Entry point of the cross-file pass for the phases: resolves relative imports among the given files with the
// code index's Node/TypeScript resolver, then propagates. Pure, like the rest of the engine, unless a store is given
// for the per-file step (then that step's answers are read from and written to it).
import { resolveContext, resolveJs } from '../../code-index/resolve.ts';
import type { SourceFile } from '../types.ts';
import { outgoingCalls } from './calls.ts';
import { propagate, type CrossFileResult } from './propagate.ts';
import { storedCalls, type CallsStore } from './stored-calls.ts';

export type { CrossFileResult } from './propagate.ts';
export type { OutgoingCall } from './calls.ts';
export type { CallsStore } from './stored-calls.ts';
export { MAX_HOPS } from './propagate.ts';

/** The tainted arguments each file's exported functions receive from the other files (tests and non-source files excluded as callers). */
export function crossFileIncoming(files: readonly SourceFile[], store?: CallsStore): CrossFileResult {
  const callers = files.filter((f) => !f.isTest);
  const ctx = resolveContext(callers.map((f) => f.path));
  return propagate(callers, (from, specifier) => resolveJs(from, specifier, ctx), store ? storedCalls(store) : outgoingCalls);
}
