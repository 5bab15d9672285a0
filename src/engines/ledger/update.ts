// The pure ledger update: findings of this run + what the source looks like now → ledger.json.
// Seen again: open (a fixed one reopens). Not seen: file gone or quote gone → fixed; code around it changed → re-verify.
import type { Ledger, LedgerEntry, LedgerEvent, Suppressions } from '../../artifacts/schemas/memory.ts';
import type { ReportedFinding, ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { contextHash, locateQuote, shiftOf } from './locate.ts';
import { rekeyed } from '../findings/rekey.ts';
import { compareText } from '../../foundations/text/compare.ts';
import type { Dismisser } from '../../artifacts/schemas/literals.ts';

export type SourceState = { status: 'present'; content: string } | { status: 'gone' } | { status: 'unreadable'; reason: string };
export type ReadSource = (path: string) => SourceState;

const KEEP_HISTORY = 50;
const KEEP_RUNS = 200;

export function emptyLedger(now: Date): Ledger {
  return { schemaVersion: 1, artifact: 'ledger', updatedAt: now.toISOString(), runs: [], entries: [] };
}

export function reverificationQueue(ledger: Ledger): LedgerEntry[] {
  return ledger.entries.filter((e) => e.status === 'open' && e.reverify);
}

export function updateLedger(previous: Ledger | undefined, report: Pick<ScanReport, 'run' | 'findings'>, suppressions: Suppressions, read: ReadSource, now = new Date()): Ledger {
  const at = now.toISOString();
  const runId = report.run.runId;
  const event = (e: LedgerEntry, kind: LedgerEvent['event'], detail?: string) => {
    e.history = [...e.history, { runId, at, event: kind, ...(detail ? { detail } : {}) }].slice(-KEEP_HISTORY);
  };
  // Entries and dismissals written by an earlier version under a finding's former fingerprint carry over to it.
  const current = report.findings.map((f) => f.finding);
  const suppressed = new Set(rekeyed(suppressions.entries, current).map((s) => s.fingerprint));
  const entries = new Map(rekeyed(previous?.entries ?? [], current).map((e) => [e.fingerprint, structuredClone(e)]));
  const seen = new Set<string>();
  const sources = new Map<string, SourceState>();
  const source = (path: string) => sources.get(path) ?? sources.set(path, read(path)).get(path)!;

  for (const f of report.findings) {
    const fp = f.finding.fingerprint;
    const existing = entries.get(fp);
    if (f.verdict === 'unreviewed' || (f.verdict === 'dismissed' && !existing)) continue;
    seen.add(fp);
    const snapshot = describe(f, source(f.finding.file), runId, at);
    if (!existing) {
      const entry: LedgerEntry = { ...snapshot, status: 'open', firstSeenRun: runId, firstSeenAt: at, history: [] };
      event(entry, 'opened', `${f.verdict}, ${f.severity}`);
      if (suppressed.has(fp)) setDismissed(entry, 'person', event);
      entries.set(fp, entry);
      continue;
    }
    Object.assign(existing, snapshot);
    delete existing.reverify;
    if (suppressed.has(fp)) setDismissed(existing, 'person', event);
    else if (f.verdict === 'dismissed') setDismissed(existing, 'review', event, `the referee dismissed it in run ${runId}`);
    else if (existing.status === 'fixed') reopen(existing, 'reopened', event, 'found again');
    else if (existing.status === 'dismissed') reopen(existing, 'undismissed', event, existing.dismissedBy === 'person' ? 'no longer in suppressions.json' : `${f.verdict} again`);
  }

  for (const e of entries.values()) {
    if (seen.has(e.fingerprint)) continue;
    if (e.status === 'dismissed' && e.dismissedBy === 'person' && !suppressed.has(e.fingerprint)) reopen(e, 'undismissed', event, 'no longer in suppressions.json');
    if (e.status === 'open' && suppressed.has(e.fingerprint)) setDismissed(e, 'person', event);
    if (e.status === 'open') checkSource(e, source(e.file), runId, event);
  }

  const runs = [...(previous?.runs ?? []).filter((r) => r.runId !== runId), { runId, at, baseCommit: report.run.baseCommit }].slice(-KEEP_RUNS);
  return { schemaVersion: 1, artifact: 'ledger', updatedAt: at, runs, entries: [...entries.values()].sort((a, b) => compareText(a.file, b.file) || a.startLine - b.startLine) };
}

type Event = (e: LedgerEntry, kind: LedgerEvent['event'], detail?: string) => void;

function describe(f: ReportedFinding, state: SourceState, runId: string, at: string) {
  const x = f.finding;
  const quoteText = x.evidence.map((q) => q.quote).join('\n');
  return {
    fingerprint: x.fingerprint,
    findingId: x.id,
    verdict: f.verdict,
    file: x.file,
    startLine: x.startLine,
    endLine: x.endLine,
    severity: f.severity,
    category: x.category,
    claim: x.claim,
    quotes: x.evidence.map((q) => ({ file: q.file, startLine: q.startLine, quote: q.quote })),
    contextHash: state.status === 'present' ? contextHash(state.content, x.startLine, x.endLine) : contextHash(quoteText, 1, quoteText.split('\n').length),
    lastSeenRun: runId,
    lastSeenAt: at,
  };
}

function setDismissed(e: LedgerEntry, by: Dismisser, event: Event, detail?: string): void {
  if (e.status === 'dismissed' && e.dismissedBy === by) return;
  e.status = 'dismissed';
  e.dismissedBy = by;
  delete e.reverify;
  event(e, 'dismissed', detail ?? (by === 'person' ? 'listed in suppressions.json' : undefined));
}

function reopen(e: LedgerEntry, kind: 'reopened' | 'undismissed', event: Event, detail: string): void {
  e.status = 'open';
  delete e.dismissedBy;
  delete e.fixedBy;
  event(e, kind, detail);
}

// An open finding not seen this run: is its code still there, moved, changed or gone?
function checkSource(e: LedgerEntry, state: SourceState, runId: string, event: Event): void {
  if (state.status === 'unreadable') return;
  if (state.status === 'gone') {
    e.status = 'fixed';
    delete e.reverify;
    event(e, 'fixed', `${e.file} no longer exists`);
    return;
  }
  const own = e.quotes.filter((q) => q.file === e.file);
  const missing = own.find((q) => locateQuote(state.content, q.quote) === null);
  if (missing || own.length === 0) {
    e.status = 'fixed';
    delete e.reverify;
    event(e, 'fixed', `the cited code is no longer in ${e.file}`);
    return;
  }
  // Follow the code if it moved (to the place whose surroundings are its own, never merely the first identical
  // line); then compare what surrounds it.
  const shift = shiftOf(state.content, e, own[0]!) ?? 0;
  if (shift !== 0) {
    e.startLine = Math.max(1, e.startLine + shift);
    e.endLine = Math.max(e.startLine, e.endLine + shift);
    for (const q of own) q.startLine = Math.max(1, q.startLine + shift);
  }
  if (contextHash(state.content, e.startLine, e.endLine) === e.contextHash) {
    delete e.reverify;
  } else if (!e.reverify) {
    e.reverify = { reason: `the code at ${e.file}:${e.startLine} changed since run ${e.lastSeenRun}`, since: runId };
    event(e, 'changed', e.reverify.reason);
  }
}
