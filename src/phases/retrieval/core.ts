// Retrieval's pure core: a code index, file facts and budgets in, one ranked, budgeted context plan per
// chunk out. Token estimates follow triage (bytes/4, rounded up), for whole files and line ranges.
import type { RetrievalPlan } from '../../artifacts/schemas/retrieval-plan.ts';
import type { AdaptivePlan } from '../../artifacts/schemas/adaptive-plan.ts';
import type { Chunk, Triage } from '../../artifacts/schemas/triage.ts';
import { chunksInPlan } from '../../engines/chunks/in-plan.ts';
import type { CodeIndex } from '../../engines/code-index/types.ts';
import type { Budgets } from './budgets.ts';
import { candidatesFor } from './candidates.ts';
import { selectWithinBudget } from './select.ts';

/** The chunks retrieval plans context for: the plan's chunks in its order (not the deferred ones). */
export function chunksToPlan(triage: Pick<Triage, 'chunks'>, plan: Pick<AdaptivePlan, 'chunkOrder'>): Chunk[] {
  return chunksInPlan(triage.chunks, plan.chunkOrder);
}

/** What retrieval-plan.json says it left out: budgets the plan did not set, no recon, no index built. */
export function retrievalNotes(budgetNote: string | undefined, hasRecon: boolean, buildIndex: boolean): string[] {
  const notes: string[] = [];
  if (budgetNote) notes.push(budgetNote);
  if (!hasRecon) notes.push('recon.json is absent: no trust-boundary context was added.');
  if (!buildIndex) notes.push('No model reads retrieval context in this run (static engine): the code index was not built; each chunk lists only its own files.');
  return notes;
}

export interface RetrievalFile {
  path: string;
  tokens: number;
  isTest: boolean;
}

export interface RetrievalInput {
  chunks: readonly { id: string; files: readonly string[] }[];
  files: readonly RetrievalFile[];
  index: CodeIndex;
  /** Source text of indexed files, for range token estimates. */
  sources: ReadonlyMap<string, string>;
  unindexed: readonly { file: string; reason: string }[];
  boundaries: readonly { kind: string; detail: string; file: string; line: number }[];
  budgets: Budgets;
}

/** Estimates tokens of a line range from cumulative UTF-8 line lengths, computed once per file. */
export function rangeTokenizer(sources: ReadonlyMap<string, string>, wholeFile: ReadonlyMap<string, number>) {
  const prefix = new Map<string, number[]>();
  return (file: string, startLine?: number, endLine?: number): number => {
    const whole = wholeFile.get(file) ?? 0;
    const text = sources.get(file);
    if (startLine === undefined || text === undefined) return whole;
    let sums = prefix.get(file);
    if (!sums) {
      sums = [0];
      for (const line of text.split('\n')) sums.push((sums.at(-1) ?? 0) + Buffer.byteLength(line) + 1);
      prefix.set(file, sums);
    }
    const last = Math.min(endLine ?? startLine, sums.length - 1);
    const bytes = (sums[last] ?? 0) - (sums[startLine - 1] ?? 0);
    return Math.min(whole, Math.ceil(Math.max(0, bytes - 1) / 4));
  };
}

export function planRetrieval(input: RetrievalInput): RetrievalPlan['chunks'] {
  const meta = new Map(input.files.map((f) => [f.path, f]));
  const tokens = rangeTokenizer(input.sources, new Map(input.files.map((f) => [f.path, f.tokens])));
  const unindexed = new Map(input.unindexed.map((u) => [u.file, u.reason]));
  const candidateInputs = { index: input.index, tokens, isTest: (f: string) => meta.get(f)?.isTest ?? false, boundaries: input.boundaries };
  return input.chunks.map((chunk) => ({
    chunkId: chunk.id,
    ...selectWithinBudget(candidatesFor(chunk.files, candidateInputs), input.budgets, unindexed),
  }));
}
