import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Ledger, LedgerEntry } from '../../../src/artifacts/schemas/memory.ts';
import { mergeLedgers } from '../../../src/commands/watch/ledger-merge.ts';
import { runCli } from '../../helpers/cli.ts';
import { buggyHandler, commit, fixedHandler, ledgerJson, watchedRepo } from './helpers.ts';

function entry(fp: string, status: LedgerEntry['status'], at: string, extra: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    fingerprint: fp.repeat(16),
    findingId: `BH-${fp}`,
    status,
    verdict: 'confirmed',
    file: `src/${fp}.js`,
    startLine: 1,
    endLine: 1,
    severity: 'high',
    category: 'injection',
    claim: 'x',
    quotes: [{ file: `src/${fp}.js`, startLine: 1, quote: 'q' }],
    contextHash: '0'.repeat(64),
    firstSeenRun: 'r0',
    lastSeenRun: 'r0',
    firstSeenAt: '2026-01-01T00:00:00.000Z',
    lastSeenAt: at,
    history: [{ runId: 'r0', at, event: status === 'fixed' ? 'fixed' : 'opened' }],
    ...extra,
  };
}

const ledger = (entries: LedgerEntry[], runs: string[] = []): Ledger => ({
  schemaVersion: 1,
  artifact: 'ledger',
  updatedAt: '2026-01-01T00:00:00.000Z',
  runs: runs.map((runId, i) => ({ runId, at: `2026-01-0${i + 1}T00:00:00.000Z`, baseCommit: null })),
  entries,
});
const T1 = '2026-01-01T00:00:00.000Z';
const T2 = '2026-01-02T00:00:00.000Z';
const T3 = '2026-01-03T00:00:00.000Z';
const view = (l: Ledger | undefined) => l?.entries.map((e) => [e.findingId, e.status, e.history.map((h) => h.event).join('+')]);

test('ledger merge: each side keeps what only it changed or added; both changed: the newer wins with both histories; a hand removal stands', () => {
  const base = ledger([entry('a', 'open', T1), entry('b', 'open', T1), entry('c', 'open', T1), entry('d', 'open', T1)], ['w1']);
  const ours = ledger(
    [entry('a', 'fixed', T2), entry('b', 'open', T1), entry('c', 'open', T3, { history: [{ runId: 'w2', at: T3, event: 'changed' }] }), entry('d', 'open', T1), entry('e', 'open', T2)],
    ['w1', 'w2'],
  );
  // A manual scan: dismissed b, reopened c earlier than the watcher's change, added f; a person removed d by hand.
  const theirs = ledger([entry('a', 'open', T1), entry('b', 'dismissed', T2), entry('c', 'open', T2, { history: [{ runId: 's1', at: T2, event: 'reopened' }] }), entry('f', 'open', T2)], ['w1', 's1']);
  const merged = mergeLedgers(base, ours, theirs);
  assert.deepEqual(view(merged), [
    ['BH-a', 'fixed', 'fixed'],
    ['BH-b', 'dismissed', 'opened'],
    ['BH-c', 'open', 'reopened+changed'],
    ['BH-e', 'open', 'opened'],
    ['BH-f', 'open', 'opened'],
  ]);
  assert.deepEqual(merged!.runs.map((r) => r.runId).sort(), ['s1', 'w1', 'w2']);
  assert.equal(mergeLedgers(base, ours, undefined), ours, 'no file: the watcher\'s ledger');
  assert.equal(mergeLedgers(undefined, undefined, theirs), theirs, 'no watcher ledger yet: the file as it is');
  assert.deepEqual(view(mergeLedgers(undefined, ledger([entry('a', 'open', T1)]), ledger([entry('a', 'fixed', T2)]))), [['BH-a', 'fixed', 'opened+fixed']], 'no base: the newer');
});

test('a manual scan between two watch cycles: the watcher merges ledger.json instead of replacing it, and both changes survive', async (t) => {
  const repo = watchedRepo(t);
  // Test code the watcher does not hunt in (no --include-tests), with a bug a scan by hand will find.
  commit(repo, { 'test/fixture-server.js': buggyHandler().replace('handler0', 'fixtureServer') }, 'test helper');
  assert.equal((await runCli(['watch', '--once', repo, '--quiet', '--no-sweep'])).code, 0);
  commit(repo, { 'src/handler.js': buggyHandler() }, 'a bug the watcher finds');
  assert.equal((await runCli(['watch', '--once', repo, '--quiet', '--no-sweep'])).code, 0);
  assert.deepEqual(ledgerJson(repo).entries.map((e) => [e.file, e.status]), [['src/handler.js', 'open']]);

  const scan = await runCli(['scan', repo, '--quiet', '--include-tests']);
  assert.equal(scan.code, 1, scan.stderr);
  const byHand = ledgerJson(repo).entries;
  assert.deepEqual(byHand.map((e) => [e.file, e.status]), [['src/handler.js', 'open'], ['test/fixture-server.js', 'open']]);

  const fix = commit(repo, { 'src/handler.js': fixedHandler() }, 'fix the watched bug');
  assert.equal((await runCli(['watch', '--once', repo, '--quiet', '--no-sweep'])).code, 0);
  const after = ledgerJson(repo);
  assert.deepEqual(after.entries.map((e) => [e.file, e.status, e.fixedBy?.commit]), [['src/handler.js', 'fixed', fix], ['test/fixture-server.js', 'open', undefined]], "the watcher's close and the scan's finding");
  assert.deepEqual(after.entries[1], byHand[1], "the scan's entry as the scan wrote it");
  const scanRun = (ledgerJson(repo) as unknown as { runs: { runId: string }[] }).runs;
  assert.equal(scanRun.length, 4, "the scan's run is kept among the watcher's three");
  const status = JSON.parse((await runCli(['watch', 'status', repo, '--json'])).stdout) as { open: { total: number } };
  assert.equal(status.open.total, 1, "the watcher's database knows the scan's finding too");
});
