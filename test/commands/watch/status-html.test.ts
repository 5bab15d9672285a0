// `watch status --html <file>`: the summary as a self-contained page from the real watch.db (opened and closed per
// commit, what is open now), and a claim with markup in it stays text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { perCommit, renderStatusHtml } from '../../../src/commands/watch/status-html.ts';
import type { WatchStatus } from '../../../src/commands/watch/status.ts';
import { runCli } from '../../helpers/cli.ts';
import { MARKUP } from '../../untrusted/hostile-strings.ts';
import { buggyHandler, commit, fixedHandler, watchedRepo } from './helpers.ts';

test('watch status --html writes the page: a finding opened by one commit and closed by the next', async (t) => {
  const repo = watchedRepo(t);
  assert.equal((await runCli(['watch', '--once', repo, '--quiet'])).code, 0);
  const added = commit(repo, { 'src/handler.js': buggyHandler() }, 'add handler');
  assert.equal((await runCli(['watch', '--once', repo, '--quiet'])).code, 0);
  const fixed = commit(repo, { 'src/handler.js': fixedHandler() }, 'fix injection');
  assert.equal((await runCli(['watch', '--once', repo, '--quiet'])).code, 0);
  const file = join(repo, 'status.html');
  const status = await runCli(['watch', 'status', repo, '--html', file]);
  assert.equal(status.code, 0, status.stderr);
  const page = readFileSync(file, 'utf8');
  assert.match(page, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'sha256-/);
  assert.match(page, /<h2 id="open-h">Open now: 0<\/h2>/);
  assert.ok(page.includes(`<tr><td><code>${added.slice(0, 12)}</code></td><td>1</td><td>0</td>`), 'the adding commit opened one');
  assert.ok(page.includes(`<tr><td><code>${fixed.slice(0, 12)}</code></td><td>0</td><td>1</td>`), 'the fixing commit closed one');
  assert.doesNotMatch(page, /<script/);
});

test('the page escapes claims, file names and details from watch.db', () => {
  const status: WatchStatus = {
    branch: `main${MARKUP}`,
    lastCommit: null,
    commitsProcessed: 1,
    failedCommits: [{ sha: 'a'.repeat(40), detail: `</style><script>alert(1)</script>` }],
    partialCommits: [],
    open: { total: 1, bySeverity: { high: 1 } },
    since: '2026-01-01T00:00:00.000Z',
    changes: [{ kind: 'new', commit: 'b'.repeat(40), findingId: 'BH-12345678', severity: 'high', file: 'src/<img src=x>.js', startLine: 3, claim: MARKUP, at: '2026-01-01T00:00:00.000Z' }],
    budget: { day: '2026-01-01', tokens: 0, cpuSeconds: 0, cycles: 1, level: 'ok', limits: {}, left: {}, note: null },
    lastFailure: null,
    sweep: { filesReviewed: 0, oldestReview: null, lastSweep: null },
  };
  const page = renderStatusHtml(status);
  assert.doesNotMatch(page, /<(img|script)|<\/style><script/);
  assert.ok(page.includes('&lt;script&gt;alert(2)&lt;/script&gt;'));
  assert.deepEqual(perCommit(status.changes), [{ commit: 'b'.repeat(40), opened: 1, closed: 0, other: 0 }]);
});
