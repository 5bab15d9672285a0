// Three-way merge of ledger.json (pure): the watcher's ledger (its database), the file on disk (which a manual
// `scan` or a person may have changed since), and the base — what the watcher last wrote to the file. A side that
// left an entry as it was in the base takes the other side's change; when both changed it, the one whose latest
// event is newer wins and their histories are joined. Nothing either side added is lost.
import type { Ledger, LedgerEntry } from '../../artifacts/schemas/memory.ts';
import { canonicalJson } from '../../foundations/hashing/hash.ts';
import { compareText } from '../../foundations/text/compare.ts';

const KEEP_HISTORY = 50;
const KEEP_RUNS = 200;

/** `ours`: the watcher's ledger; `theirs`: ledger.json now; `base`: the ledger the watcher last wrote there. */
export function mergeLedgers(base: Ledger | undefined, ours: Ledger | undefined, theirs: Ledger | undefined): Ledger | undefined {
  if (!theirs) return ours;
  if (!ours) return theirs;
  const baseBy = byFingerprint(base);
  const oursBy = byFingerprint(ours);
  const theirsBy = byFingerprint(theirs);
  const entries: LedgerEntry[] = [];
  for (const fp of new Set([...oursBy.keys(), ...theirsBy.keys()])) {
    const merged = mergeEntry(baseBy.get(fp), oursBy.get(fp), theirsBy.get(fp));
    if (merged) entries.push(merged);
  }
  entries.sort((a, b) => compareText(a.file, b.file) || a.startLine - b.startLine || compareText(a.fingerprint, b.fingerprint));
  const runs = [...new Map([...theirs.runs, ...ours.runs].map((r) => [r.runId, r])).values()].sort((a, b) => compareText(a.at, b.at)).slice(-KEEP_RUNS);
  return { ...ours, updatedAt: ours.updatedAt > theirs.updatedAt ? ours.updatedAt : theirs.updatedAt, runs, entries };
}

function mergeEntry(base: LedgerEntry | undefined, ours: LedgerEntry | undefined, theirs: LedgerEntry | undefined): LedgerEntry | undefined {
  if (!theirs) {
    // Removed from the file by hand while the watcher left it alone: the removal stands.
    return base && ours && same(base, ours) ? undefined : ours;
  }
  if (!ours) return theirs;
  if (same(ours, theirs) || (base && same(base, theirs))) return ours;
  if (base && same(base, ours)) return theirs;
  const [newer, older] = lastEventAt(theirs) > lastEventAt(ours) ? [theirs, ours] : [ours, theirs];
  return { ...newer, history: joinHistory(older.history, newer.history) };
}

function joinHistory(a: LedgerEntry['history'], b: LedgerEntry['history']): LedgerEntry['history'] {
  const all = new Map([...a, ...b].map((h) => [canonicalJson(h), h]));
  return [...all.values()].sort((x, y) => compareText(x.at, y.at)).slice(-KEEP_HISTORY);
}

function lastEventAt(e: LedgerEntry): string {
  const last = e.history.at(-1)?.at ?? '';
  return last > e.lastSeenAt ? last : e.lastSeenAt;
}

function same(a: LedgerEntry, b: LedgerEntry): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function byFingerprint(ledger: Ledger | undefined): Map<string, LedgerEntry> {
  return new Map((ledger?.entries ?? []).map((e) => [e.fingerprint, e]));
}
