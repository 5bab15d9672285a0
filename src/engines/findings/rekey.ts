// Keys written by an earlier version (dismissals, ledger entries, baselines, issue markers) onto today's
// fingerprints: a stored key that is one of a finding's former fingerprints now names that finding. Pure.
import type { Finding } from '../../artifacts/schemas/common.ts';

type Identified = Pick<Finding, 'fingerprint' | 'formerFingerprints'>;

/** Former fingerprint → the current one, over the given findings. */
export function currentKeys(findings: readonly Identified[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const f of findings) for (const former of f.formerFingerprints ?? []) if (former !== f.fingerprint) map.set(former, f.fingerprint);
  return map;
}

/** The key as today's fingerprint when it is a former one of these findings, else unchanged. */
export function currentKey(key: string, findings: readonly Identified[] | Map<string, string>): string {
  const map = findings instanceof Map ? findings : currentKeys(findings);
  return map.get(key) ?? key;
}

/**
 * Entries keyed by fingerprint, with former keys moved to today's fingerprint. An entry already under today's key
 * wins over one under a former key (it was written later, by this version).
 */
export function rekeyed<T extends { fingerprint: string }>(entries: readonly T[], findings: readonly Identified[]): T[] {
  return renamed(entries, currentKeys(findings));
}

/** Entries with keys moved by a former → current map (see rekeyed); an entry already under the current key wins. */
export function renamed<T extends { fingerprint: string }>(entries: readonly T[], map: ReadonlyMap<string, string>): T[] {
  if (map.size === 0) return [...entries];
  const present = new Set(entries.map((e) => e.fingerprint));
  const out: T[] = [];
  for (const e of entries) {
    const current = map.get(e.fingerprint);
    if (current === undefined) out.push(e);
    else if (!present.has(current)) {
      present.add(current);
      out.push({ ...e, fingerprint: current });
    }
  }
  return out;
}

/** True when the key names this finding, today or under an earlier version. */
export function isKeyOf(key: string, finding: Identified): boolean {
  return finding.fingerprint === key || (finding.formerFingerprints ?? []).includes(key);
}

/** Lists keyed by fingerprint (e.g. issues by marker), with lists under a former key joined to today's key. */
export function rekeyedLists<V>(lists: ReadonlyMap<string, readonly V[]>, findings: readonly Identified[]): Map<string, V[]> {
  const map = currentKeys(findings);
  const out = new Map<string, V[]>();
  for (const [key, values] of lists) {
    const current = map.get(key) ?? key;
    out.set(current, [...(out.get(current) ?? []), ...values]);
  }
  return out;
}
