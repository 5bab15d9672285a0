// Pure chunking: walks files in risk order and cuts a chunk whenever the next file would pass the
// source-token budget. A file larger than the budget on its own gets its own chunk, marked oversized.
import type { Chunk } from '../../artifacts/schemas/triage.ts';

export interface ChunkableFile {
  path: string;
  tokens: number;
  risk: number;
}

export function chunkId(index: number): string {
  return `chunk-${String(index + 1).padStart(3, '0')}`;
}

/** Files must already be in risk order (highest first); chunks keep that order. */
export function buildChunks(files: readonly ChunkableFile[], budget: number): Chunk[] {
  if (!Number.isInteger(budget) || budget < 1) throw new RangeError(`chunk token budget must be a whole number ≥ 1 (got ${budget})`);
  const chunks: Chunk[] = [];
  let open: Chunk | undefined;
  const push = (chunk: Chunk) => {
    chunk.id = chunkId(chunks.length);
    chunks.push(chunk);
  };
  for (const file of files) {
    if (file.tokens > budget) {
      // Oversized files are isolated in place, so risk order still holds around them.
      push({ id: '', files: [file.path], tokens: file.tokens, risk: file.risk, oversized: true });
      continue;
    }
    if (open && open.tokens + file.tokens > budget) open = undefined;
    if (!open) {
      open = { id: '', files: [], tokens: 0, risk: file.risk, oversized: false };
      push(open);
    }
    open.files.push(file.path);
    open.tokens += file.tokens;
    open.risk = Math.max(open.risk, file.risk);
  }
  return chunks;
}
