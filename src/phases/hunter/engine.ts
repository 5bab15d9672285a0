// What the hunter phase asks of an engine: candidate findings for one chunk of source files.
import type { Finding } from '../../artifacts/schemas/common.ts';

export interface ChunkSource {
  path: string;
  content: string;
  language: string;
  isTest: boolean;
  /** The hash the phase read the content at (triage's), when it checked it. */
  sha256?: string;
}

/** A chunk's file as triage recorded it: known by its content hash, not yet read. */
export type RecordedFile = Omit<ChunkSource, 'content'> & { sha256: string };

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
  /**
   * True when the evidence cache holds this engine's answer for the file at the hash triage recorded and the answer
   * is "nothing found": with no finding there is no evidence to check against the source, so the file is not read
   * again (triage read it at that hash in this run). An answer with findings is kept for the hunt of the file.
   */
  cachedClean?(file: RecordedFile): boolean;
  /** Why the engine cannot scan a file (no scanner for its language), or null when it can. */
  unsupported?(file: Pick<ChunkSource, 'path' | 'language'>): string | null;
  /** Releases what the engine holds (worker threads); called once the phase is done with it. */
  close?(): Promise<void>;
}
