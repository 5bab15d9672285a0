// The chunks an adaptive plan names, in its order, taken from triage.json: a chunk the plan names that triage does
// not have is an integrity failure (the plan was made from another triage). The hunter and retrieval phases read it.
import type { Chunk } from '../../artifacts/schemas/triage.ts';
import { IntegrityError } from '../../foundations/errors.ts';

export function chunksInPlan(chunks: readonly Chunk[], ids: readonly string[]): Chunk[] {
  return ids.map((id) => {
    const chunk = chunks.find((c) => c.id === id);
    if (!chunk) throw new IntegrityError(`adaptive-plan.json names ${id}, which triage.json does not have. Re-run 'bug-hunter phase plan'.`);
    return chunk;
  });
}
