// A finding's place is tracked by its own code and what surrounds it, not by the first line that reads the same:
// a file with two identical vulnerable handlers that no commit touches raises no event however many cycles run
// (it once emitted "unreviewed … the code at X changed" and "re-verified … moved from line N" every cycle). Real git,
// the real watcher and its SQLite database.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../../helpers/cli.ts';
import { buggyHandler, CLEAN, commit, dbState, events, ledgerJson, watchedRepo } from './helpers.ts';

/** Two handlers whose bodies are the same lines, so each finding's quote also appears at the other's place. */
const [IMPORT, , ...BODY] = buggyHandler().split('\n');
const handler = (name: string) => BODY.slice(0, 7).join('\n').replace(/handler\d+/, name);
const TWIN_HANDLERS = [IMPORT, '', handler('thumbnail'), '', '// The same body again, further down.', '', handler('preview'), ''].join('\n');

test('identical lines elsewhere in an untouched file: its findings neither move nor change, cycle after cycle', async (t) => {
  const repo = watchedRepo(t);
  commit(repo, { 'src/twins.js': TWIN_HANDLERS }, 'two identical handlers');
  assert.equal((await runCli(['watch', '--once', repo, '--quiet'])).code, 0);
  const baseline = events(repo);
  assert.deepEqual(baseline.map((e) => e.kind), ['new', 'new'], 'both handlers are findings');
  const lines = ledgerJson(repo).entries.map((e) => [e.file, e.startLine]);
  assert.equal(new Set(lines.map(([, l]) => l)).size, 2, 'at two different lines');
  const findingsAtBaseline = dbState(repo).findings;
  for (let i = 1; i <= 3; i++) {
    commit(repo, { 'src/ok.js': CLEAN.replace('x + 1', `x + ${i + 1}`) }, `touch ok.js ${i}`);
    assert.equal((await runCli(['watch', '--once', repo, '--quiet'])).code, 0);
  }
  assert.deepEqual(events(repo).map((e) => `${e.kind} ${e.file}:${e.startLine}`), baseline.map((e) => `${e.kind} ${e.file}:${e.startLine}`), 'no event after the baseline');
  assert.deepEqual(ledgerJson(repo).entries.map((e) => [e.file, e.startLine]), lines, 'neither finding moved');
  assert.equal(ledgerJson(repo).entries.some((e) => e.history.some((h) => h.event === 'changed')), false);
  const state = dbState(repo);
  assert.deepEqual(state.findings, findingsAtBaseline);
  assert.deepEqual(state.reverifications, [], 'nothing was queued for re-verification');
});
