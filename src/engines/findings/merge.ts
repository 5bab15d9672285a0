// Findings of one run, merged: one finding per fingerprint (a second lens or engine on the same bug is recorded as
// corroboration), and the ids reused for another fingerprint (an integrity failure). The hunter merges each chunk's
// and the run's candidates with it; `bug-hunter merge` merges the shards' findings with it. Pure.
import type { Finding } from '../../artifacts/schemas/common.ts';

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
