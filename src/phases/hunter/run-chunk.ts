// One chunk through the hunter, fail-closed: hashes checked before dispatch and again before acceptance.
import type { Chunk, TriagedFile } from '../../artifacts/schemas/triage.ts';
import { ProviderError } from '../../foundations/errors.ts';
import { readSourceAtHash } from '../../engines/integrity/source.ts';
import { acceptChunkFindings } from './accept.ts';
import type { ChunkWork } from '../../engines/chunks/work.ts';
import type { ChunkSource, HunterEngine } from './engine.ts';

export async function runChunk(
  root: string,
  chunk: Chunk,
  byPath: ReadonlyMap<string, TriagedFile>,
  engine: HunterEngine,
  signal: AbortSignal,
): Promise<ChunkWork> {
  const fileHashes: Record<string, string> = {};
  const failed = (error: string): ChunkWork => ({ chunkId: chunk.id, engine: engine.name, status: 'failed', fileHashes, findings: [], rejected: [], error });

  // Before dispatch: every assigned file must still be what triage recorded.
  const files: ChunkSource[] = [];
  for (const path of chunk.files) {
    const meta = byPath.get(path);
    if (!meta) return failed(`${path} is in the chunk but not in triage.json`);
    fileHashes[path] = meta.sha256;
    const source = readSourceAtHash(root, path, meta.sha256);
    if (!source.ok) return failed(source.reason);
    files.push({ path, content: source.content, language: meta.language, isTest: meta.isTest });
  }

  let candidates;
  try {
    candidates = await engine.hunt(chunk.id, files, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    // An exhausted budget is not a defect of the chunk: it was simply not reviewed.
    if (error instanceof ProviderError && error.kind === 'budget') return { ...failed(error.message), status: 'unreviewed' };
    // A provider that cannot be reached fails every chunk alike: said as a typed cause, not left to the message.
    const work = failed(`hunter engine failed: ${(error as Error).message}`);
    return providerDown(error) ? { ...work, cause: 'provider-unavailable' } : work;
  }

  // Before acceptance: the files must not have changed while the engine worked. An engine that computed nothing
  // (every answer from the evidence cache, keyed by the hash of the content read above) worked on nothing that could
  // change under it: its answers are checked against that read, as fresh ones are, without reading every file again.
  if (!engine.answeredFromCache?.(chunk.id)) {
    for (const file of files) {
      const again = readSourceAtHash(root, file.path, fileHashes[file.path]!);
      if (!again.ok) return failed(again.reason);
    }
  }

  const sources = new Map(files.map((f) => [f.path, f.content]));
  const acceptance = acceptChunkFindings(chunk.files, candidates, sources);
  if (!acceptance.ok) return failed(acceptance.error);
  // Files the engine has no scanner for are said so, never counted as scanned.
  const unsupported = files.flatMap((f) => {
    const reason = engine.unsupported?.(f);
    return reason ? [{ path: f.path, reason }] : [];
  });
  return {
    chunkId: chunk.id,
    engine: engine.name,
    status: 'done',
    fileHashes,
    findings: acceptance.accepted,
    rejected: acceptance.rejected,
    ...(unsupported.length > 0 ? { unsupported } : {}),
  };
}

/** A provider failure that is not about this chunk's content (its answer) or the budget. */
function providerDown(error: unknown): boolean {
  return error instanceof ProviderError && error.kind !== 'budget' && error.kind !== 'invalid-output';
}

/**
 * A chunk result saved by an earlier, interrupted run: its findings are accepted again against the source,
 * exactly as fresh ones (work/ is a file on disk, not a proof). Undefined when it must be run again.
 */
export function reacceptSavedChunk(root: string, chunk: Chunk, byPath: ReadonlyMap<string, TriagedFile>, work: ChunkWork): ChunkWork | undefined {
  const sources = new Map<string, string>();
  for (const path of chunk.files) {
    const meta = byPath.get(path);
    const source = meta ? readSourceAtHash(root, path, meta.sha256) : null;
    if (!source?.ok) return undefined;
    sources.set(path, source.content);
  }
  const acceptance = acceptChunkFindings(chunk.files, work.findings, sources);
  if (!acceptance.ok) return undefined;
  return { ...work, findings: acceptance.accepted, rejected: [...work.rejected, ...acceptance.rejected] };
}
