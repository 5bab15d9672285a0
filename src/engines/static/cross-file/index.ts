// Entry point of the cross-file pass for the phases: resolves relative imports among the given files with the
// code index's Node/TypeScript resolver, then propagates, and reads what each file's imports export (module facts). Pure, like the rest of the engine, unless a store is given
// for the per-file step (then that step's answers are read from and written to it).
import { resolveContext, resolveJs } from '../resolve.ts';
import type { ImportedFact, SourceFile } from '../types.ts';
import { importedFacts } from './module-facts.ts';
import { outgoingCalls, type OutgoingCall } from './calls.ts';
import { propagate, propagateBatched, type CrossFileResult } from './propagate.ts';
import { batchedCalls, storedCalls, type CallsStore } from './stored-calls.ts';

export type { CrossFileResult } from './propagate.ts';
export { importedFacts } from './module-facts.ts';
export type { OutgoingCall } from './calls.ts';
export type { CallsStore } from './stored-calls.ts';
export { MAX_HOPS } from './propagate.ts';

/** The cross-file pass's answer: the tainted arguments, and the facts about each file's imports (module-facts.ts). */
export interface CrossFilePass extends CrossFileResult {
  imported: Map<string, ImportedFact[]>;
}

/** The tainted arguments each file's exported functions receive from the other files (tests and non-source files excluded as callers). */
export function crossFileIncoming(files: readonly SourceFile[], store?: CallsStore): CrossFilePass {
  const { callers, resolve, imported } = withImports(files);
  return { ...propagate(callers, resolve, store ? storedCalls(store) : outgoingCalls), imported };
}

/**
 * The same answer, with each hop's per-file steps computed by `compute` (outgoingCalls on the file following
 * exactly `specs`; the worker pool runs it), the store asked first.
 */
export async function crossFileIncomingBatched(files: readonly SourceFile[], compute: (file: SourceFile, specs: string[]) => Promise<OutgoingCall[]>, store?: CallsStore): Promise<CrossFilePass> {
  const { callers, resolve, imported } = withImports(files);
  return { ...(await propagateBatched(callers, resolve, batchedCalls(compute, store))), imported };
}

/** The calling files with the facts about their imports attached: a helper imported from another module that returns
 * its argument passes request input on (export-returns.ts), so the facts come before the pass. */
function withImports(files: readonly SourceFile[]): { callers: SourceFile[]; resolve: (from: string, specifier: string) => string | undefined; imported: Map<string, ImportedFact[]> } {
  const plain = files.filter((f) => !f.isTest);
  const resolve = resolverOf(plain);
  const imported = importedFacts(plain, resolve);
  const callers = plain.map((f) => (imported.has(f.path) ? { ...f, imported: imported.get(f.path) } : f));
  return { callers, resolve, imported };
}

function resolverOf(files: readonly SourceFile[]): (from: string, specifier: string) => string | undefined {
  const ctx = resolveContext(files.map((f) => f.path));
  return (from, specifier) => resolveJs(from, specifier, ctx);
}
