// One commit's investigation folded into the ledger (pure): the shared ledger update (src/engines/ledger/) decides open,
// moved, fixed-because-the-code-is-gone and "changed, re-verify"; on top of it the watcher knows which files the
// investigation covered, so an open finding whose code changed and that the funnel no longer reports in a covered
// file is fixed by this commit, and one it reports again is re-verified at its new location.
import type { Ledger, LedgerEntry, Suppressions } from '../../artifacts/schemas/memory.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { currentKeys, renamed } from '../../engines/findings/rekey.ts';
import { updateLedger, type ReadSource } from '../../engines/ledger/update.ts';

export const WATCH_EVENT_KINDS = ['new', 'fixed', 're-verified', 'closed', 'reopened', 'unreviewed'] as const;
export type WatchEventKind = (typeof WATCH_EVENT_KINDS)[number];

/** One line of events.jsonl: what happened to which finding at which commit. */
export interface WatchEvent {
  kind: WatchEventKind;
  at: string;
  commit: string;
  fingerprint: string;
  findingId: string;
  severity: string;
  category: string;
  file: string;
  startLine: number;
  claim: string;
  detail?: string;
}

/** One open finding's re-check at a commit (stored in watch.db's reverifications table). */
export interface Reverification {
  fingerprint: string;
  result: 'open' | 'fixed' | 'unreviewed';
  file: string;
  startLine: number;
}

export interface Reconciled {
  ledger: Ledger;
  events: WatchEvent[];
  reverifications: Reverification[];
  /** Keys of the previous ledger written by an earlier version → today's fingerprint (the database moves its rows). */
  renamed: Map<string, string>;
}

export interface ReconcileInput {
  previous: Ledger | undefined;
  report: ScanReport;
  /** Files the investigation examined to the end (coverage status "scanned"). */
  scanned: ReadonlySet<string>;
  suppressions: Suppressions;
  read: ReadSource;
  commit: string;
  now: Date;
}

export function reconcile(input: ReconcileInput): Reconciled {
  const { previous, report, scanned, commit, now } = input;
  const at = now.toISOString();
  const ledger = updateLedger(previous, report, input.suppressions, input.read, now);
  const formerKeys = currentKeys(report.findings.map((f) => f.finding));
  const previousKeys = new Set((previous?.entries ?? []).map((e) => e.fingerprint));
  const moved = new Map([...formerKeys].filter(([former]) => previousKeys.has(former)));
  const before = new Map(renamed(previous?.entries ?? [], moved).map((e) => [e.fingerprint, e]));
  const runId = report.run.runId;
  const events: WatchEvent[] = [];
  const reverifications: Reverification[] = [];
  const emit = (e: LedgerEntry, kind: WatchEventKind, detail?: string) => events.push({ kind, at, commit, ...pick(e), ...(detail ? { detail } : {}) });

  for (const e of ledger.entries) {
    const old = before.get(e.fingerprint);
    const seenNow = e.lastSeenRun === runId;
    if (!old) {
      if (e.status === 'open') emit(e, 'new', `${e.verdict}, ${e.severity}`);
      continue;
    }
    if (old.status !== 'open') {
      if (e.status === 'open') {
        delete e.fixedBy;
        emit(e, 'reopened', e.history.at(-1)?.detail);
      }
      continue;
    }
    if (e.status === 'fixed') {
      // The shared update found the cited code gone: the commit closed it.
      e.fixedBy = { commit, at };
      emit(e, 'closed', e.history.at(-1)?.detail);
      continue;
    }
    if (e.status !== 'open') continue;
    const codeChanged = Boolean(old.reverify) || Boolean(e.reverify) || old.contextHash !== e.contextHash || old.startLine !== e.startLine;
    if (!codeChanged) continue;
    if (seenNow) {
      reverifications.push({ fingerprint: e.fingerprint, result: 'open', file: e.file, startLine: e.startLine });
      emit(e, 're-verified', old.startLine === e.startLine ? `still ${e.verdict}` : `still ${e.verdict}, moved from line ${old.startLine}`);
    } else if (scanned.has(e.file)) {
      // Examined again at this commit and no longer reported: the change fixed it.
      const detail = `re-verified at ${commit.slice(0, 12)}: no longer reported`;
      e.status = 'fixed';
      delete e.reverify;
      e.fixedBy = { commit, at };
      e.history = [...e.history, { runId, at, event: 'fixed' as const, detail }];
      reverifications.push({ fingerprint: e.fingerprint, result: 'fixed', file: e.file, startLine: e.startLine });
      emit(e, 'fixed', detail);
    } else if (!old.reverify) {
      // Said once, when the change is first seen; it stays queued (reverify) until a cycle examines it.
      reverifications.push({ fingerprint: e.fingerprint, result: 'unreviewed', file: e.file, startLine: e.startLine });
      emit(e, 'unreviewed', e.reverify?.reason ?? 'its code changed and this cycle did not examine it');
    }
  }
  return { ledger, events, reverifications, renamed: moved };
}

function pick(e: LedgerEntry) {
  return { fingerprint: e.fingerprint, findingId: e.findingId, severity: e.severity, category: e.category, file: e.file, startLine: e.startLine, claim: e.claim };
}
