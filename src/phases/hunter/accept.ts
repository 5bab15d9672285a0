// Pure acceptance rules for one chunk's candidates: a finding for an unassigned file fails the chunk closed;
// a finding whose quotes do not match the source is rejected (and counted); duplicates merge by fingerprint.
import type { Finding } from '../../artifacts/schemas/common.ts';
import { unsupportedEvidence } from '../../engines/integrity/evidence.ts';

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

/** One finding per fingerprint; a second lens or engine on the same bug is recorded as corroboration. */
export function mergeByFingerprint(findings: readonly Finding[]): Finding[] {
  const byFingerprint = new Map<string, Finding>();
  for (const finding of findings) {
    const kept = byFingerprint.get(finding.fingerprint);
    if (!kept) {
      byFingerprint.set(finding.fingerprint, { ...finding });
      continue;
    }
    const others = new Set(kept.corroboratedBy ?? []);
    if (finding.lens !== kept.lens) others.add(finding.lens);
    if (finding.engine !== kept.engine) others.add(finding.engine);
    for (const c of finding.corroboratedBy ?? []) others.add(c);
    if (others.size > 0) kept.corroboratedBy = [...others].sort();
    const former = new Set([...(kept.formerFingerprints ?? []), ...(finding.formerFingerprints ?? [])]);
    if (former.size > 0) kept.formerFingerprints = [...former].sort();
    kept.confidence = Math.max(kept.confidence, finding.confidence);
  }
  return [...byFingerprint.values()];
}

/** Ids must be unique per fingerprint across the run; a reused id is an integrity failure. */
export function reusedIds(findings: readonly Finding[]): string[] {
  const seen = new Map<string, string>();
  const reused: string[] = [];
  for (const f of findings) {
    const fp = seen.get(f.id);
    if (fp !== undefined && fp !== f.fingerprint) reused.push(f.id);
    seen.set(f.id, f.fingerprint);
  }
  return reused;
}
