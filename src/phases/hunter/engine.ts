// What the hunter phase asks of an engine: candidate findings for one chunk of source files.
import type { Finding } from '../../artifacts/schemas/common.ts';

export interface ChunkSource {
  path: string;
  content: string;
  language: string;
  isTest: boolean;
}

export interface HunterEngine {
  /** Recorded in the artifact, e.g. "static" or "model:anthropic/claude-…". */
  name: string;
  lenses: string[];
  hunt(chunkId: string, files: ChunkSource[], signal: AbortSignal): Promise<Finding[]>;
  /** Why the engine cannot scan a file (no scanner for its language), or null when it can. */
  unsupported?(file: ChunkSource): string | null;
  /** Releases what the engine holds (worker threads); called once the phase is done with it. */
  close?(): Promise<void>;
}
