import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { budgetFor, cycleHasRoom, investigationBudget } from '../../../src/commands/watch/budget.ts';
import { WatchDb } from '../../../src/commands/watch/db.ts';
import { parseDuration } from '../../../src/commands/watch/duration.ts';
import { lastWrittenSeq, syncEvents } from '../../../src/commands/watch/outbox.ts';
import type { WatchEvent } from '../../../src/commands/watch/reconcile.ts';
import { tempDir } from '../../helpers/temp.ts';

const day = (tokens: number, cpuMs: number) => ({ day: '2026-01-01', tokens, cpuMs, cycles: 1, level: 'ok' as const, note: null });

test('the day budget degrades past warnAt (no sweep) and is exhausted at the cap; the next investigation gets what the day has left', () => {
  const limits = { perDayTokens: 1000, perCycleTokens: 300, warnAt: 0.7 };
  assert.deepEqual(budgetFor(limits, day(100, 0)), { level: 'ok', sweep: true });
  assert.deepEqual(investigationBudget(limits, day(800, 0), 50), { perRunTokens: 250, perDayTokens: 1000, spentToday: 800 }, 'the run budget knows the day');
  assert.deepEqual(investigationBudget({ warnAt: 0.7 }, day(5, 0)), { spentToday: 5 });
  const degraded = budgetFor(limits, day(800, 0));
  assert.equal(degraded.level, 'degraded');
  assert.equal(degraded.sweep, false);
  assert.match(degraded.note!, /80% used \(800\/1000 tokens\)/);
  const spent = budgetFor(limits, day(1000, 0));
  assert.equal(spent.level, 'exhausted');
  assert.match(spent.note!, /daily budget spent/);
  const cpu = budgetFor({ perDaySeconds: 2, warnAt: 0.7 }, day(0, 2500));
  assert.equal(cpu.level, 'exhausted');
  assert.match(cpu.note!, /2\.5\/2 CPU seconds/);
  assert.equal(budgetFor({ warnAt: 0.7 }, day(10 ** 9, 10 ** 9)).level, 'ok', 'no cap, no limit');
  assert.equal(cycleHasRoom({ perCycleSeconds: 1, warnAt: 0.7 }, { cpuMs: 1500, tokens: 0 }), false);
  assert.equal(cycleHasRoom({ perCycleSeconds: 1, warnAt: 0.7 }, { cpuMs: 500, tokens: 0 }), true);
});

test('durations: units and bare seconds; anything else names the flag', () => {
  assert.equal(parseDuration('interval', '5m'), 300_000);
  assert.equal(parseDuration('interval', '30'), 30_000);
  assert.equal(parseDuration('since', '24h'), 86_400_000);
  assert.equal(parseDuration('since', '1.5d'), 129_600_000);
  for (const bad of ['', 'soon', '-1m', '5 minutes', '0']) assert.throws(() => parseDuration('interval', bad), /--interval/);
  assert.throws(() => parseDuration('interval', '10ms', 1000), /--interval/);
});

function event(i: number): WatchEvent {
  return { kind: 'new', at: '2026-01-01T00:00:00.000Z', commit: 'c'.repeat(40), fingerprint: `${i}`.repeat(16), findingId: `BH-${i}`, severity: 'high', category: 'injection', file: 'a.js', startLine: i, claim: 'x' };
}

test('events.jsonl gets each event exactly once, also after a torn last line or a crash before the append', (t) => {
  const root = tempDir(t);
  mkdirSync(join(root, '.bug-hunter'));
  const db = WatchDb.open(join(root, '.bug-hunter', 'watch.db'));
  t.after(() => db.close());
  db.recordCycle({ startedAt: 'a', finishedAt: 'b', day: '2026-01-01', budgetLevel: 'ok', outcome: 'investigated', events: [event(1), event(2)] });
  assert.equal(syncEvents(db, root), 2);
  assert.equal(syncEvents(db, root), 0, 'nothing twice');
  const path = join(root, '.bug-hunter', 'events.jsonl');
  // A crash cut the next append short: half a line, no newline.
  db.recordCycle({ startedAt: 'a', finishedAt: 'b', day: '2026-01-01', budgetLevel: 'ok', outcome: 'investigated', events: [event(3)] });
  writeFileSync(path, `${readFileSync(path, 'utf8')}{"seq":3,"kind":"ne`);
  assert.equal(lastWrittenSeq(readFileSync(path, 'utf8')), 2);
  assert.equal(syncEvents(db, root), 1);
  const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
  const parsed = lines.flatMap((l) => {
    try {
      return [JSON.parse(l) as { seq: number; startLine: number }];
    } catch {
      return [];
    }
  });
  assert.deepEqual(parsed.map((e) => [e.seq, e.startLine]), [[1, 1], [2, 2], [3, 3]]);
  assert.equal(readFileSync(path, 'utf8').endsWith('\n'), true);
});

test('the database refuses a schema version it does not know, naming the file', (t) => {
  const root = tempDir(t);
  const path = join(root, 'watch.db');
  const db = WatchDb.open(path);
  db.db.prepare('UPDATE schema_version SET version = 99').run();
  db.close();
  assert.throws(() => WatchDb.open(path), /watch\.db has schema version 99/);
  const wal = WatchDb.open(join(root, 'fresh.db'));
  assert.equal(wal.db.pragma('journal_mode', { simple: true }), 'wal');
  wal.close();
});
