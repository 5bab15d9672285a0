// What leaves the database after a cycle commits: events.jsonl (appended, each event exactly once) and ledger.json
// (merged with the file, never overwriting a manual scan's changes).
// Both are derived from watch.db, so a kill -9 between the transaction and these writes is repaired by the next
// sync: events carry their sequence number, and only those past the file's last one are appended.
import { appendFileSync, closeSync, fsyncSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ledger } from '../../artifacts/schemas/memory.ts';
import { renamed } from '../../engines/findings/rekey.ts';
import { memoryDir, memoryWritable, readMemory, updateMemory } from '../../engines/suppress/lock.ts';
import type { WatchDb } from './db.ts';
import { mergeLedgers } from './ledger-merge.ts';

export const EVENTS_FILE = 'events.jsonl';

export function eventsPath(target: string): string {
  return join(memoryDir(target), EVENTS_FILE);
}

/** The highest `seq` already in events.jsonl (0 when absent or empty). A torn last line counts as not written. */
export function lastWrittenSeq(text: string): number {
  let last = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const seq = (JSON.parse(line) as { seq?: unknown }).seq;
      if (typeof seq === 'number' && seq > last) last = seq;
    } catch {
      // A line cut short by a crash: its event is appended again whole.
    }
  }
  return last;
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

/** Appends the events events.jsonl does not hold yet, in one write, then fsyncs. Returns how many. */
export function syncEvents(db: WatchDb, target: string): number {
  const path = eventsPath(target);
  const text = readText(path);
  const pending = db.eventsAfter(lastWrittenSeq(text));
  if (pending.length === 0) return 0;
  // A torn last line (no newline) is closed first so the next event starts on its own line.
  const lead = text.length > 0 && !text.endsWith('\n') ? '\n' : '';
  const lines = pending.map((e) => JSON.stringify({ seq: e.seq, ...(JSON.parse(e.body) as object) }));
  appendFileSync(path, `${lead}${lines.join('\n')}\n`);
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return pending.length;
}

/**
 * The ledger a cycle starts from: the database's, merged with what a manual scan or a person changed in ledger.json
 * since the watcher last wrote it. An invalid ledger.json throws (a PhaseError naming the file).
 */
export function watchLedger(db: WatchDb, target: string): Ledger | undefined {
  const renames = db.renamedFingerprints();
  return mergeLedgers(renamedLedger(db.ledgerWritten(), renames), db.ledger(), renamedLedger(readMemory(target, 'ledger'), renames));
}

/** Merges the database's ledger into <target>/.bug-hunter/ledger.json (under its lock): never clobbers the file. */
export async function syncLedger(db: WatchDb, target: string): Promise<void> {
  const ledger = db.ledger();
  if (!ledger || !memoryWritable(target)) return;
  const written = await updateMemory(target, 'ledger', (current) => {
    const renames = db.renamedFingerprints();
    const next = mergeLedgers(renamedLedger(db.ledgerWritten(), renames), ledger, renamedLedger(current, renames)) ?? ledger;
    return { next, result: next };
  });
  db.setLedgerWritten(written);
}

export async function syncOutbox(db: WatchDb, target: string): Promise<void> {
  syncEvents(db, target);
  await syncLedger(db, target);
}

/** A ledger with keys an earlier version wrote moved to today's (the database's renamed fingerprints). */
function renamedLedger(ledger: Ledger | undefined, renames: ReadonlyMap<string, string>): Ledger | undefined {
  return ledger && renames.size > 0 ? { ...ledger, entries: renamed(ledger.entries, renames) } : ledger;
}
