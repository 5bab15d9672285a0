// The watcher's state: <target>/.bug-hunter/watch.db (SQLite, WAL). Commits processed, findings and their history
// across commits, re-verification results, budget usage per day, the cycle log and the event outbox.
// A cycle's results are written by recordCycle in ONE transaction: a kill -9 before it commits leaves no trace, so
// a restart processes the same commit again and nothing is duplicated.
import Database from 'better-sqlite3';
import type { Ledger } from '../../artifacts/schemas/memory.ts';
import { IntegrityError } from '../../foundations/errors.ts';
import type { Reverification, WatchEvent } from './reconcile.ts';

// 2: renamed_fingerprints, the keys an earlier version wrote and the fingerprint they are moved to (issue #12).
export const WATCH_DB_VERSION = 2;

/** Migrations from a version to the next, each run once in one transaction with the version bump. */
const MIGRATIONS: Record<number, string> = {
  1: 'CREATE TABLE renamed_fingerprints (former TEXT PRIMARY KEY, current TEXT NOT NULL);',
};

const SCHEMA = `
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE commits (
  sha TEXT PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, parent TEXT, kind TEXT NOT NULL, status TEXT NOT NULL,
  detail TEXT, processed_at TEXT NOT NULL, out_dir TEXT, cpu_ms INTEGER NOT NULL, tokens INTEGER NOT NULL
);
CREATE TABLE findings (
  fingerprint TEXT PRIMARY KEY, finding_id TEXT NOT NULL, status TEXT NOT NULL, severity TEXT NOT NULL,
  category TEXT NOT NULL, file TEXT NOT NULL, start_line INTEGER NOT NULL, claim TEXT NOT NULL,
  opened_commit TEXT, fixed_commit TEXT, updated_commit TEXT NOT NULL
);
CREATE TABLE finding_history (
  id INTEGER PRIMARY KEY AUTOINCREMENT, fingerprint TEXT NOT NULL, commit_sha TEXT NOT NULL, event TEXT NOT NULL,
  file TEXT NOT NULL, start_line INTEGER NOT NULL, detail TEXT, at TEXT NOT NULL
);
CREATE TABLE reverifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT, fingerprint TEXT NOT NULL, commit_sha TEXT NOT NULL, result TEXT NOT NULL,
  file TEXT NOT NULL, start_line INTEGER NOT NULL, at TEXT NOT NULL
);
CREATE TABLE budget_days (
  day TEXT PRIMARY KEY, tokens INTEGER NOT NULL DEFAULT 0, cpu_ms INTEGER NOT NULL DEFAULT 0,
  cycles INTEGER NOT NULL DEFAULT 0, level TEXT NOT NULL DEFAULT 'ok', note TEXT
);
CREATE TABLE cycles (
  id INTEGER PRIMARY KEY AUTOINCREMENT, started_at TEXT NOT NULL, finished_at TEXT NOT NULL, commit_sha TEXT,
  outcome TEXT NOT NULL, detail TEXT, cpu_ms INTEGER NOT NULL, tokens INTEGER NOT NULL, budget_level TEXT NOT NULL,
  swept INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE files (path TEXT PRIMARY KEY, reviewed_commit TEXT NOT NULL, reviewed_at TEXT NOT NULL);
CREATE TABLE events (seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, kind TEXT NOT NULL, body TEXT NOT NULL);
${Object.values(MIGRATIONS).join('\n')}
`;

/** partial: investigated, but the budget or a cut-short cycle left some files unreviewed (named in the detail). */
export type CommitStatus = 'done' | 'partial' | 'failed' | 'budget';
export type BudgetLevelName = 'ok' | 'degraded' | 'exhausted';

export interface CommitRecord {
  sha: string;
  parent: string | null;
  kind: 'baseline' | 'commit';
  status: CommitStatus;
  detail?: string;
  outDir?: string;
  cpuMs: number;
  tokens: number;
}

/** Everything one cycle learned, written at once. */
export interface CycleRecord {
  startedAt: string;
  finishedAt: string;
  day: string;
  budgetLevel: BudgetLevelName;
  budgetNote?: string;
  /** The commit the cycle looked at: the one investigated, or the tip a sweep examined. */
  sha?: string;
  /** Present when the cycle investigated a new commit (a sweep records none). */
  commit?: CommitRecord;
  /** What the cycle used (a commit's own usage is this too). */
  usage?: { cpuMs: number; tokens: number };
  /** The ledger after this commit (absent when the cycle failed before reconciling). */
  ledger?: Ledger;
  events?: WatchEvent[];
  reverifications?: Reverification[];
  /** Keys an earlier version wrote → today's fingerprint: the finding's rows move to it before the ledger is written. */
  renamed?: ReadonlyMap<string, string>;
  reviewedFiles?: string[];
  swept?: number;
  outcome: string;
  detail?: string;
}

export interface DayUsage {
  day: string;
  tokens: number;
  cpuMs: number;
  cycles: number;
  level: BudgetLevelName;
  note: string | null;
}

export class WatchDb {
  private constructor(readonly db: Database.Database, readonly path: string) {}

  static open(path: string): WatchDb {
    let db: Database.Database;
    try {
      db = new Database(path);
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('busy_timeout = 5000');
    } catch (error) {
      throw new IntegrityError(`Cannot open the watch database ${path}: ${(error as Error).message}. Move it aside to start over.`);
    }
    const watch = new WatchDb(db, path);
    watch.migrate();
    return watch;
  }

  private migrate(): void {
    const hasVersion = this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").get();
    if (!hasVersion) {
      this.db.transaction(() => {
        this.db.exec(SCHEMA);
        this.db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(WATCH_DB_VERSION);
      })();
      return;
    }
    const row = this.db.prepare('SELECT version FROM schema_version').get() as { version: number } | undefined;
    for (let version = row?.version; version !== undefined && version < WATCH_DB_VERSION && MIGRATIONS[version]; version++) {
      this.db.transaction(() => {
        this.db.exec(MIGRATIONS[version]!);
        this.db.prepare('UPDATE schema_version SET version = ?').run(version + 1);
      })();
      if (row) row.version = version + 1;
    }
    if (row?.version !== WATCH_DB_VERSION) {
      this.close();
      throw new IntegrityError(`${this.path} has schema version ${row?.version ?? 'none'}, this bug-hunter reads version ${WATCH_DB_VERSION}. Move it aside to start over.`);
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  meta(key: string): string | null {
    return (this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null;
  }

  private setMeta(key: string, value: string): void {
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  ledger(): Ledger | undefined {
    const text = this.meta('ledger');
    return text ? (JSON.parse(text) as Ledger) : undefined;
  }

  /** The ledger the watcher last wrote to ledger.json: the base of the next three-way merge with the file. */
  ledgerWritten(): Ledger | undefined {
    const text = this.meta('ledger-written');
    return text ? (JSON.parse(text) as Ledger) : undefined;
  }

  setLedgerWritten(ledger: Ledger): void {
    this.setMeta('ledger-written', JSON.stringify(ledger));
  }

  lastCommit(): { sha: string; status: CommitStatus } | null {
    return (this.db.prepare('SELECT sha, status FROM commits ORDER BY seq DESC LIMIT 1').get() as { sha: string; status: CommitStatus } | undefined) ?? null;
  }

  hasCommit(sha: string): boolean {
    return this.db.prepare('SELECT 1 FROM commits WHERE sha = ?').get(sha) !== undefined;
  }

  day(day: string): DayUsage {
    const row = this.db.prepare('SELECT day, tokens, cpu_ms AS cpuMs, cycles, level, note FROM budget_days WHERE day = ?').get(day) as DayUsage | undefined;
    return row ?? { day, tokens: 0, cpuMs: 0, cycles: 0, level: 'ok', note: null };
  }

  /** Writes one cycle's results in a single transaction. */
  recordCycle(cycle: CycleRecord): void {
    this.db.transaction(() => {
      const c = cycle.commit;
      const sha = cycle.sha ?? c?.sha ?? null;
      const usage = cycle.usage ?? { cpuMs: c?.cpuMs ?? 0, tokens: c?.tokens ?? 0 };
      if (c) {
        const seq = ((this.db.prepare('SELECT MAX(seq) AS m FROM commits').get() as { m: number | null }).m ?? 0) + 1;
        this.db
          .prepare('INSERT INTO commits (sha, seq, parent, kind, status, detail, processed_at, out_dir, cpu_ms, tokens) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
          .run(c.sha, seq, c.parent, c.kind, c.status, c.detail ?? null, cycle.finishedAt, c.outDir ?? null, c.cpuMs, c.tokens);
      }
      if (cycle.renamed) this.rename(cycle.renamed);
      if (cycle.ledger && sha) this.writeLedger(cycle.ledger, sha, cycle.events ?? [], cycle.finishedAt);
      for (const r of cycle.reverifications ?? []) {
        this.db.prepare('INSERT INTO reverifications (fingerprint, commit_sha, result, file, start_line, at) VALUES (?, ?, ?, ?, ?, ?)').run(r.fingerprint, sha, r.result, r.file, r.startLine, cycle.finishedAt);
      }
      for (const path of cycle.reviewedFiles ?? []) {
        this.db
          .prepare('INSERT INTO files (path, reviewed_commit, reviewed_at) VALUES (?, ?, ?) ON CONFLICT(path) DO UPDATE SET reviewed_commit = excluded.reviewed_commit, reviewed_at = excluded.reviewed_at')
          .run(path, sha ?? '', cycle.finishedAt);
      }
      for (const e of cycle.events ?? []) this.db.prepare('INSERT INTO events (at, kind, body) VALUES (?, ?, ?)').run(e.at, e.kind, JSON.stringify(e));
      this.db
        .prepare(
          `INSERT INTO budget_days (day, tokens, cpu_ms, cycles, level, note) VALUES (?, ?, ?, 1, ?, ?)
           ON CONFLICT(day) DO UPDATE SET tokens = tokens + excluded.tokens, cpu_ms = cpu_ms + excluded.cpu_ms, cycles = cycles + 1,
           level = excluded.level, note = COALESCE(excluded.note, note)`,
        )
        .run(cycle.day, usage.tokens, usage.cpuMs, cycle.budgetLevel, cycle.budgetNote ?? null);
      this.db
        .prepare('INSERT INTO cycles (started_at, finished_at, commit_sha, outcome, detail, cpu_ms, tokens, budget_level, swept) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(cycle.startedAt, cycle.finishedAt, sha, cycle.outcome, cycle.detail ?? null, usage.cpuMs, usage.tokens, cycle.budgetLevel, cycle.swept ?? 0);
    })();
  }

  /** When each file was last examined to the end (by a commit's investigation or the sweep). */
  reviewedAt(): Map<string, string> {
    return new Map((this.db.prepare('SELECT path, reviewed_at AS at FROM files').all() as { path: string; at: string }[]).map((r) => [r.path, r.at]));
  }

  /** The artifact folder of the last commit investigated successfully (its triage lists the tree). */
  lastInvestigation(): { sha: string; outDir: string } | null {
    return (this.db.prepare("SELECT sha, out_dir AS outDir FROM commits WHERE status IN ('done', 'partial') AND out_dir IS NOT NULL ORDER BY seq DESC LIMIT 1").get() as { sha: string; outDir: string } | undefined) ?? null;
  }

  /** Former → current keys recorded so far (ledger.json and its merge base may still carry the former ones). */
  renamedFingerprints(): Map<string, string> {
    return new Map((this.db.prepare('SELECT former, current FROM renamed_fingerprints').all() as { former: string; current: string }[]).map((r) => [r.former, r.current]));
  }

  /** Moves a finding's rows from a key an earlier version wrote to today's: same row, first commit and history. */
  private rename(renames: ReadonlyMap<string, string>): void {
    for (const [former, current] of renames) {
      this.db.prepare('INSERT INTO renamed_fingerprints (former, current) VALUES (?, ?) ON CONFLICT(former) DO UPDATE SET current = excluded.current').run(former, current);
      // A row already under today's key was written later, by this version: it stays, the former one goes.
      if (this.db.prepare('SELECT 1 FROM findings WHERE fingerprint = ?').get(current)) this.db.prepare('DELETE FROM findings WHERE fingerprint = ?').run(former);
      else this.db.prepare('UPDATE findings SET fingerprint = ? WHERE fingerprint = ?').run(current, former);
      for (const table of ['finding_history', 'reverifications']) this.db.prepare(`UPDATE ${table} SET fingerprint = ? WHERE fingerprint = ?`).run(current, former);
    }
  }

  private writeLedger(ledger: Ledger, sha: string, events: WatchEvent[], at: string): void {
    this.setMeta('ledger', JSON.stringify(ledger));
    const upsert = this.db.prepare(
      `INSERT INTO findings (fingerprint, finding_id, status, severity, category, file, start_line, claim, opened_commit, fixed_commit, updated_commit)
       VALUES (@fingerprint, @findingId, @status, @severity, @category, @file, @startLine, @claim, @opened, @fixed, @sha)
       ON CONFLICT(fingerprint) DO UPDATE SET finding_id = excluded.finding_id, status = excluded.status, severity = excluded.severity,
       category = excluded.category, file = excluded.file, start_line = excluded.start_line, claim = excluded.claim,
       fixed_commit = excluded.fixed_commit, updated_commit = excluded.updated_commit`,
    );
    for (const e of ledger.entries) {
      upsert.run({ fingerprint: e.fingerprint, findingId: e.findingId, status: e.status, severity: e.severity, category: e.category, file: e.file, startLine: e.startLine, claim: e.claim, opened: sha, fixed: e.fixedBy?.commit ?? null, sha });
    }
    const history = this.db.prepare('INSERT INTO finding_history (fingerprint, commit_sha, event, file, start_line, detail, at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (const e of events) history.run(e.fingerprint, sha, e.kind, e.file, e.startLine, e.detail ?? null, at);
  }

  commit(sha: string): { sha: string; status: string; detail?: string; cpuMs: number; tokens: number } | undefined {
    const row = this.db.prepare('SELECT sha, status, detail, cpu_ms AS cpuMs, tokens FROM commits WHERE sha = ?').get(sha) as
      | { sha: string; status: string; detail: string | null; cpuMs: number; tokens: number }
      | undefined;
    return row ? { sha: row.sha, status: row.status, ...(row.detail ? { detail: row.detail } : {}), cpuMs: row.cpuMs, tokens: row.tokens } : undefined;
  }

  /** The limits and branch of the running watcher, for `watch status`. */
  setLimits(limits: object, branch: string): void {
    this.db.transaction(() => {
      this.setMeta('limits', JSON.stringify(limits));
      this.setMeta('branch', branch);
    })();
  }

  /** Marks the day's budget level with its note (shown by `watch status`), without counting a cycle. */
  noteBudget(day: string, level: BudgetLevelName, note: string): void {
    this.db
      .prepare(`INSERT INTO budget_days (day, level, note) VALUES (?, ?, ?) ON CONFLICT(day) DO UPDATE SET level = excluded.level, note = excluded.note`)
      .run(day, level, note);
  }

  /** Events with a sequence number above `after`, oldest first (the outbox events.jsonl is filled from). */
  eventsAfter(after: number): { seq: number; body: string }[] {
    return this.db.prepare('SELECT seq, body FROM events WHERE seq > ? ORDER BY seq').all(after) as { seq: number; body: string }[];
  }

  /** A cycle that failed before it had a commit to record (a systemic failure): logged on its own. */
  logFailure(startedAt: string, outcome: string, detail: string, day: string): void {
    this.db
      .prepare("INSERT INTO cycles (started_at, finished_at, commit_sha, outcome, detail, cpu_ms, tokens, budget_level) VALUES (?, ?, NULL, ?, ?, 0, 0, ?)")
      .run(startedAt, new Date().toISOString(), outcome, detail, this.day(day).level);
  }
}
