// Which shard owns a chunk: a hash of the chunk's first file path, so adding files elsewhere never moves a chunk
// to another shard (assignment by position would). Pure.
import type { Chunk } from '../../artifacts/schemas/triage.ts';
import { UsageError } from '../../foundations/errors.ts';
import { sha256 } from '../../foundations/hashing/hash.ts';

export interface Shard {
  /** 1-based: shard 1 of 3 is the first. */
  index: number;
  count: number;
}

export const MAX_SHARDS = 256;

export function shardLabel(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}

/** "2/3" → { index: 2, count: 3 }; anything else is a usage error naming --shard. */
export function parseShard(value: string): Shard {
  const m = /^(\d{1,3})\/(\d{1,3})$/.exec(value.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || count > MAX_SHARDS || index < 1 || index > count) {
    throw new UsageError(`--shard takes i/n with 1 ≤ i ≤ n ≤ ${MAX_SHARDS}, e.g. --shard 2/3 (got '${value}').`);
  }
  return { index, count };
}

/** The 1-based shard a chunk belongs to among `count`. */
export function shardOfChunk(chunk: Pick<Chunk, 'id' | 'files'>, count: number): number {
  const key = chunk.files[0] ?? chunk.id;
  // 48 bits of the hash: enough spread, and exact in a JavaScript number.
  return (Number.parseInt(sha256(key).slice(0, 12), 16) % count) + 1;
}

/** Chunk ids of this shard, in the chunks' own (risk) order. */
export function chunksOfShard<C extends Pick<Chunk, 'id' | 'files'>>(chunks: readonly C[], shard: Shard): C[] {
  return chunks.filter((c) => shardOfChunk(c, shard.count) === shard.index);
}
