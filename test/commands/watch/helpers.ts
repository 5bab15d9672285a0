// Real git repositories that grow commit by commit, and readers of the watcher's state, for the watch tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { TestContext } from 'node:test';
import { buggyProject } from '../../helpers/project.ts';
import { git, gitRepo, writeFiles } from '../../helpers/temp.ts';

export const CLEAN = 'export function ok(x) {\n  return x + 1;\n}\n';

/** A command-injection handler the static engine confirms (exec with req.query input), `padding` lines lower. */
export function buggyHandler(padding = 0): string {
  const [first, ...rest] = buggyProject(1)['src/handler0.js']!.split('\n');
  return [first, ...Array.from({ length: padding }, (_, i) => `// note ${i}`), ...rest].join('\n');
}

export function fixedHandler(): string {
  return buggyHandler().replace("exec('convert ' + name + ' out.png'", "exec('convert fixed.png'");
}

export function watchedRepo(t: TestContext): string {
  return gitRepo(t, { 'src/ok.js': CLEAN, 'package.json': '{"name":"w","type":"module"}\n', '.gitignore': '.bug-hunter/\n' });
}

/** Commits the files; returns the new commit id. */
export function commit(repo: string, files: Record<string, string>, message: string): string {
  writeFiles(repo, files);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', message);
  return git(repo, 'rev-parse', 'HEAD').trim();
}

export interface WatchEventLine {
  seq: number;
  kind: string;
  commit: string;
  fingerprint: string;
  file: string;
  startLine: number;
}

export function events(repo: string): WatchEventLine[] {
  let text = '';
  try {
    text = readFileSync(join(repo, '.bug-hunter', 'events.jsonl'), 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as WatchEventLine);
}

export function ledgerJson(repo: string): { entries: { fingerprint: string; status: string; file: string; startLine: number; fixedBy?: { commit: string }; history: { event: string }[] }[] } {
  return JSON.parse(readFileSync(join(repo, '.bug-hunter', 'ledger.json'), 'utf8'));
}

/** The database's durable state without timestamps, run ids or paths: what two equivalent runs must share. */
export function dbState(repo: string): Record<string, unknown[]> {
  const db = new Database(join(repo, '.bug-hunter', 'watch.db'), { readonly: true });
  try {
    return {
      commits: db.prepare('SELECT sha, seq, parent, kind, status, detail, tokens FROM commits ORDER BY seq').all(),
      findings: db.prepare('SELECT fingerprint, finding_id, status, severity, file, start_line, opened_commit, fixed_commit FROM findings ORDER BY fingerprint').all(),
      history: db.prepare('SELECT fingerprint, commit_sha, event, file, start_line, detail FROM finding_history ORDER BY id').all(),
      reverifications: db.prepare('SELECT fingerprint, commit_sha, result, file, start_line FROM reverifications ORDER BY id').all(),
      events: db.prepare('SELECT seq, kind FROM events ORDER BY seq').all(),
      files: db.prepare('SELECT path, reviewed_commit FROM files ORDER BY path').all(),
    };
  } finally {
    db.close();
  }
}

/** The ledger without timestamps and run ids. */
export function ledgerState(repo: string): unknown[] {
  return ledgerJson(repo).entries.map((e) => ({ fingerprint: e.fingerprint, status: e.status, file: e.file, startLine: e.startLine, fixedBy: e.fixedBy?.commit, history: e.history.map((h) => h.event) }));
}
