// What the slow sweep examines (pure): the whole tree cut into the plan's chunks, as a full scan would cut it (risk
// order, the profile's chunk token budget), and the few chunks reviewed longest ago. A chunk is as old as its
// least recently reviewed file; a file never reviewed makes it oldest of all.
import type { Chunk, TriagedFile } from '../../artifacts/schemas/triage.ts';
import { buildChunks } from '../../engines/chunks/build.ts';
import { compareText } from '../../foundations/text/compare.ts';

/** `files` in triage order (highest risk first); `budget` the chunk token budget of the profile for the whole tree. */
export function treeChunks(files: readonly TriagedFile[], budget: number): Chunk[] {
  return buildChunks(files, budget);
}

/** Up to `n` chunks, least recently reviewed first (ties keep the plan's risk order). */
export function staleChunks(chunks: readonly Chunk[], reviewedAt: ReadonlyMap<string, string>, n: number): Chunk[] {
  const age = (c: Chunk) => c.files.map((p) => reviewedAt.get(p) ?? '').reduce((a, b) => (b < a ? b : a));
  return chunks
    .map((chunk, index) => ({ chunk, index, age: age(chunk) }))
    .sort((a, b) => compareText(a.age, b.age) || a.index - b.index)
    .slice(0, n)
    .map((c) => c.chunk);
}
