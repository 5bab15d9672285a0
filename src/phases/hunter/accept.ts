// Pure acceptance rules for one chunk's candidates: a finding for an unassigned file fails the chunk closed;
// a finding whose quotes do not match the source is rejected (and counted); duplicates merge by fingerprint
// (src/engines/findings/merge.ts, which `bug-hunter merge` uses too).
import type { Finding } from '../../artifacts/schemas/common.ts';
import { unsupportedEvidence } from '../../engines/integrity/evidence.ts';
import { mergeByFingerprint } from '../../engines/findings/merge.ts';

export interface Rejection {
  reason: string;
  claim: string;
  file?: string;
}

export type ChunkAcceptance = { ok: true; accepted: Finding[]; rejected: Rejection[] } | { ok: false; error: string };

export function acceptChunkFindings(assigned: readonly string[], candidates: readonly Finding[], sources: ReadonlyMap<string, string>): ChunkAcceptance {
  const allowed = new Set(assigned);
  const stray = candidates.find((f) => !allowed.has(f.file) || f.evidence.some((e) => !allowed.has(e.file)));
  if (stray) return { ok: false, error: `a finding names ${stray.file}, which this chunk was not assigned` };
  const accepted: Finding[] = [];
  const rejected: Rejection[] = [];
  for (const finding of candidates) {
    const why = unsupportedEvidence(finding, sources);
    if (why) rejected.push({ reason: `unsupported: ${why}`, claim: finding.claim, file: finding.file });
    else accepted.push(finding);
  }
  return { ok: true, accepted: mergeByFingerprint(accepted), rejected };
}
