// `watch status`: the morning summary from watch.db — the last commit processed, open findings by severity, what
// was new, fixed, closed and re-verified since a time, failed commits, and the budget left today.
import { SEVERITY_ORDER } from '../../artifacts/schemas/common.ts';
import type { WatchDb } from './db.ts';
import { budgetFor, dayOf, type WatchLimits } from './budget.ts';

export interface WatchStatus {
  branch: string | null;
  lastCommit: { sha: string; status: string; processedAt: string; kind: string } | null;
  commitsProcessed: number;
  failedCommits: { sha: string; detail: string | null }[];
  /** Commits investigated in part: the budget or a cut-short cycle left files unreviewed. */
  partialCommits: { sha: string; detail: string | null }[];
  open: { total: number; bySeverity: Record<string, number> };
  since: string;
  changes: { kind: string; commit: string; findingId: string; severity: string; file: string; startLine: number; claim: string; at: string }[];
  budget: {
    day: string;
    tokens: number;
    cpuSeconds: number;
    cycles: number;
    level: string;
    limits: Partial<WatchLimits>;
    /** Tokens / CPU seconds left today, when capped. */
    left: { tokens?: number; cpuSeconds?: number };
    note: string | null;
  };
  lastFailure: { at: string; detail: string | null } | null;
  /** The slow sweep: files reviewed so far, the oldest review, the last sweep cycle. */
  sweep: { filesReviewed: number; oldestReview: string | null; lastSweep: { at: string; files: string } | null };
}

interface Row {
  [key: string]: unknown;
}

export function readStatus(db: WatchDb, since: Date, now = new Date()): WatchStatus {
  const sql = db.db;
  const last = sql.prepare('SELECT sha, status, processed_at AS processedAt, kind FROM commits ORDER BY seq DESC LIMIT 1').get() as WatchStatus['lastCommit'] | undefined;
  const count = (sql.prepare('SELECT COUNT(*) AS n FROM commits').get() as { n: number }).n;
  const withStatus = (status: string) => sql.prepare('SELECT sha, detail FROM commits WHERE status = ? ORDER BY seq').all(status) as WatchStatus['failedCommits'];
  const bySeverity: Record<string, number> = {};
  for (const r of sql.prepare("SELECT severity, COUNT(*) AS n FROM findings WHERE status = 'open' GROUP BY severity").all() as { severity: string; n: number }[]) bySeverity[r.severity] = r.n;
  const ordered = Object.fromEntries(SEVERITY_ORDER.filter((s) => bySeverity[s]).map((s) => [s, bySeverity[s]!]));
  const sinceIso = since.toISOString();
  const changes = (sql.prepare('SELECT body FROM events WHERE at >= ? ORDER BY seq').all(sinceIso) as { body: string }[]).map((r) => {
    const e = JSON.parse(r.body) as Row;
    return { kind: String(e.kind), commit: String(e.commit), findingId: String(e.findingId), severity: String(e.severity), file: String(e.file), startLine: Number(e.startLine), claim: String(e.claim), at: String(e.at) };
  });
  const limits = JSON.parse(db.meta('limits') ?? '{}') as Partial<WatchLimits>;
  const day = db.day(dayOf(now));
  // The level as the next cycle would see it (a day that rolled over starts fresh).
  const verdict = budgetFor({ warnAt: 0.7, ...limits }, day);
  const left: WatchStatus['budget']['left'] = {};
  if (limits.perDayTokens !== undefined) left.tokens = Math.max(0, limits.perDayTokens - day.tokens);
  if (limits.perDaySeconds !== undefined) left.cpuSeconds = Math.max(0, round1(limits.perDaySeconds - day.cpuMs / 1000));
  const failure = sql.prepare("SELECT finished_at AS at, detail FROM cycles WHERE outcome = 'systemic-failure' ORDER BY id DESC LIMIT 1").get() as WatchStatus['lastFailure'] | undefined;
  const files = sql.prepare('SELECT COUNT(*) AS n, MIN(reviewed_at) AS oldest FROM files').get() as { n: number; oldest: string | null };
  const lastSweep = sql.prepare("SELECT finished_at AS at, detail AS files FROM cycles WHERE outcome = 'sweep' ORDER BY id DESC LIMIT 1").get() as { at: string; files: string } | undefined;
  return {
    branch: db.meta('branch'),
    lastCommit: last ?? null,
    commitsProcessed: count,
    failedCommits: withStatus('failed'),
    partialCommits: withStatus('partial'),
    open: { total: Object.values(bySeverity).reduce((a, b) => a + b, 0), bySeverity: ordered },
    since: sinceIso,
    changes,
    budget: { day: day.day, tokens: day.tokens, cpuSeconds: round1(day.cpuMs / 1000), cycles: day.cycles, level: verdict.level, limits, left, note: verdict.note ?? day.note },
    lastFailure: failure ?? null,
    sweep: { filesReviewed: files.n, oldestReview: files.oldest, lastSweep: lastSweep ?? null },
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function renderStatus(s: WatchStatus): string {
  const lines: string[] = [];
  lines.push(s.lastCommit ? `Last commit processed: ${s.lastCommit.sha.slice(0, 12)} (${s.lastCommit.status}, ${s.lastCommit.processedAt}) on ${s.branch ?? '?'}; ${s.commitsProcessed} commit(s) in all.` : 'No commit processed yet.');
  const severities = Object.entries(s.open.bySeverity).map(([k, n]) => `${n} ${k}`).join(', ');
  lines.push(`Open findings: ${s.open.total}${severities ? ` (${severities})` : ''}.`);
  lines.push(`Since ${s.since}:`);
  if (s.changes.length === 0) lines.push('  nothing new, fixed, closed or re-verified.');
  for (const c of s.changes) lines.push(`  ${c.kind.padEnd(11)} ${c.findingId} ${c.severity} ${c.file}:${c.startLine} at ${c.commit.slice(0, 12)} — ${c.claim}`);
  const listed = (commits: WatchStatus['failedCommits']) => commits.map((f) => `${f.sha.slice(0, 12)} (${f.detail ?? 'no detail'})`).join('; ');
  if (s.failedCommits.length > 0) lines.push(`Failed commits (skipped): ${listed(s.failedCommits)}`);
  if (s.partialCommits.length > 0) lines.push(`Partly reviewed commits (unreviewed files left for the sweep): ${listed(s.partialCommits)}`);
  const b = s.budget;
  const left = [b.left.tokens !== undefined ? `${b.left.tokens} tokens` : '', b.left.cpuSeconds !== undefined ? `${b.left.cpuSeconds} CPU seconds` : ''].filter(Boolean).join(', ');
  lines.push(`Budget today (${b.day}, UTC): ${b.tokens} tokens, ${b.cpuSeconds} CPU seconds over ${b.cycles} cycle(s); ${left ? `left: ${left}` : 'no daily cap'}; level ${b.level}.`);
  if (b.note) lines.push(`  ${b.note}`);
  const sw = s.sweep;
  lines.push(`Sweep: ${sw.filesReviewed} file(s) reviewed${sw.oldestReview ? `, the oldest review ${sw.oldestReview}` : ''}; ${sw.lastSweep ? `last sweep ${sw.lastSweep.at}: ${sw.lastSweep.files}` : 'no sweep yet'}.`);
  if (s.lastFailure) lines.push(`Last systemic failure: ${s.lastFailure.at}: ${s.lastFailure.detail ?? ''}`);
  return `${lines.join('\n')}\n`;
}
