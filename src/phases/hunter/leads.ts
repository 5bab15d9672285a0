// The hunter's shell around mergeLeads: uses leads.json (only when the run was given --leads) and reads the content of
// the files hunted without failure, at their recorded hashes, so lead quotes are checked like the engine's own.
import type { Finding } from '../../artifacts/schemas/common.ts';
import type { LeadOutcome, Leads } from '../../artifacts/schemas/leads.ts';
import type { TriagedFile } from '../../artifacts/schemas/triage.ts';
import { IntegrityError } from '../../foundations/errors.ts';
import { readSourceAtHash } from '../../engines/integrity/source.ts';
import { mergeLeads } from '../../engines/leads/merge.ts';
import type { PhaseContext } from '../../phase-kit/types.ts';
import type { ChunkWork } from '../../engines/chunks/work.ts';

export function withLeads(
  ctx: PhaseContext,
  artifact: Leads | undefined,
  findings: Finding[],
  results: readonly ChunkWork[],
  byPath: ReadonlyMap<string, TriagedFile>,
): { findings: Finding[]; leads?: LeadOutcome[] } {
  if (!ctx.options.leads?.length) return { findings };
  if (!artifact) throw new IntegrityError("This run was given --leads but leads.json is missing. Run 'bug-hunter phase leads' first.");
  const wanted = new Set(artifact.leads.filter((l) => l.status === 'candidate').map((l) => l.file ?? ''));
  const sources = new Map<string, string>();
  for (const r of results) {
    if (r.status !== 'done') continue;
    for (const path of Object.keys(r.fileHashes)) {
      if (!wanted.has(path)) continue;
      const source = readSourceAtHash(ctx.target, path, byPath.get(path)?.sha256 ?? '');
      if (source.ok) sources.set(path, source.content);
    }
  }
  const merged = mergeLeads(findings, artifact.leads, sources);
  return { findings: merged.findings, leads: merged.outcomes };
}
