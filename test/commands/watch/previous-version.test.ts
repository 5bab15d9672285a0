// A watch.db and ledger.json written by the version before the one fingerprint (issue #12): their rows are keyed by
// the former fingerprint. The first cycle that sees the finding again moves its rows to today's key: the finding
// keeps its first commit and history, it is neither opened again nor closed as fixed, and ledger.json holds it once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCli } from '../../helpers/cli.ts';
import { buggyHandler, commit, events, ledgerJson, watchedRepo } from './helpers.ts';

interface ReportFinding {
  finding: { fingerprint: string; formerFingerprints?: string[]; file: string };
}

/** Rewrites the watcher's state as the previous version left it: the finding under its former key, schema 1. */
function asPreviousVersion(repo: string, current: string, former: string): void {
  const dbPath = join(repo, '.bug-hunter', 'watch.db');
  const db = new Database(dbPath);
  try {
    db.transaction(() => {
      for (const table of ['findings', 'finding_history', 'reverifications']) db.prepare(`UPDATE ${table} SET fingerprint = ? WHERE fingerprint = ?`).run(former, current);
      for (const key of ['ledger', 'ledger-written']) {
        const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string };
        db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(row.value.replaceAll(current, former), key);
      }
      db.exec('DROP TABLE renamed_fingerprints');
      db.prepare('UPDATE schema_version SET version = 1').run();
    })();
  } finally {
    db.close();
  }
  const ledgerPath = join(repo, '.bug-hunter', 'ledger.json');
  writeFileSync(ledgerPath, readFileSync(ledgerPath, 'utf8').replaceAll(current, former));
}

test('a watch database written with former fingerprints: the next cycle keeps the finding (same first commit and history), nothing opened or closed', async (t) => {
  const repo = watchedRepo(t);
  assert.equal((await runCli(['watch', '--once', repo, '--quiet', '--no-sweep'])).code, 0);
  const opened = commit(repo, { 'src/handler0.js': buggyHandler() }, 'add a bug');
  assert.equal((await runCli(['watch', '--once', repo, '--quiet', '--no-sweep'])).code, 0);
  const report = JSON.parse(readFileSync(join(repo, '.bug-hunter', 'watch', 'runs', opened, 'scan-report.json'), 'utf8')) as { findings: ReportFinding[] };
  const finding = report.findings.find((f) => f.finding.file === 'src/handler0.js')!.finding;
  const former = finding.formerFingerprints?.find((k) => k !== finding.fingerprint);
  assert.ok(former, 'the finding records the fingerprint the previous version gave it');
  asPreviousVersion(repo, finding.fingerprint, former);

  // The code moves (lines added above): the cycle examines the file again and re-verifies the finding.
  const moved = commit(repo, { 'src/handler0.js': buggyHandler(3) }, 'move it');
  const run = await runCli(['watch', '--once', repo, '--quiet', '--no-sweep']);
  assert.equal(run.code, 0, run.stderr);

  const after = events(repo).filter((e) => e.commit === moved);
  assert.deepEqual(after.map((e) => [e.kind, e.fingerprint]), [['re-verified', finding.fingerprint]], 'not opened again, not closed as fixed');
  const db = new Database(join(repo, '.bug-hunter', 'watch.db'), { readonly: true });
  try {
    assert.deepEqual(db.prepare('SELECT version FROM schema_version').all(), [{ version: 2 }], 'migrated once, recorded');
    assert.deepEqual(db.prepare('SELECT fingerprint, status, opened_commit AS opened FROM findings').all(), [{ fingerprint: finding.fingerprint, status: 'open', opened }], 'one row, first commit kept');
    assert.deepEqual(
      db.prepare('SELECT commit_sha AS sha, event FROM finding_history WHERE fingerprint = ? ORDER BY id').all(finding.fingerprint),
      [{ sha: opened, event: 'new' }, { sha: moved, event: 're-verified' }],
      'its history carried over',
    );
  } finally {
    db.close();
  }
  const entries = ledgerJson(repo).entries;
  assert.deepEqual(entries.map((e) => [e.fingerprint, e.status]), [[finding.fingerprint, 'open']], 'ledger.json holds the finding once, under today\'s key');
});
