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
  /**
   * True when the last hunt of this chunk computed nothing: every answer came from the evidence cache, keyed by the
   * hash of the content the hunt was given. The phase then checks the answers against that content, read once.
   */
  answeredFromCache?(chunkId: string): boolean;
  /** Why the engine cannot scan a file (no scanner for its language), or null when it can. */
  unsupported?(file: ChunkSource): string | null;
  /** Releases what the engine holds (worker threads); called once the phase is done with it. */
  close?(): Promise<void>;
}
