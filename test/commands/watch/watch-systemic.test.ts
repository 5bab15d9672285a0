// The watcher's systemic-failure stop (a remote that is gone, a model provider that is down); split from
// watch-cli.test.ts so these cycles run beside the other watch tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCli } from '../../helpers/cli.ts';
import { git, tempDir } from '../../helpers/temp.ts';
import { buggyHandler, commit, dbState, events, watchedRepo } from './helpers.ts';

test('three systemic failures in a row stop the watcher with exit 3 and say why', async (t) => {
  const repo = watchedRepo(t);
  git(repo, 'remote', 'add', 'origin', join(repo, 'no-such-remote.git'));
  const run = await runCli(['watch', repo, '--remote', 'origin', '--interval', '1s']);
  assert.equal(run.code, 3, run.stderr);
  assert.match(run.stderr, /stopped after 3 systemic failures in a row/);
  const db = new Database(join(repo, '.bug-hunter', 'watch.db'), { readonly: true });
  const failures = db.prepare("SELECT outcome FROM cycles WHERE outcome = 'systemic-failure'").all();
  db.close();
  assert.equal(failures.length, 3, 'each failure is in the cycle log');
  const status = await runCli(['watch', 'status', repo]);
  assert.match(status.stdout, /Last systemic failure: .*fetch/);
});

test('a model provider that is down is systemic: the commit is not recorded, three in a row exit 3, and it is processed once the provider is back', async (t) => {
  const repo = watchedRepo(t);
  assert.equal((await runCli(['watch', '--once', repo, '--quiet', '--no-sweep'])).code, 0);
  const pending = commit(repo, { 'src/handler.js': buggyHandler() }, 'bug');
  // A port nothing listens on: every model call is refused.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  // Two tries a call, 10 ms apart: the default backoff (four tries from 500 ms) only made the three cycles wait.
  const config = join(tempDir(t, 'bh-user-config-'), 'config.json');
  writeFileSync(config, JSON.stringify({ retries: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20 } }));
  const down = await runCli(['watch', repo, '--quiet', '--no-sweep', '--interval', '1s', '--config', config, '--provider', 'openai-compatible', '--base-url', `http://127.0.0.1:${port}/v1`, '--model', 'm']);
  assert.equal(down.code, 3, down.stderr);
  assert.match(down.stderr, /stopped after 3 systemic failures in a row; the last: the investigation of \w+ could not run: .*Provider/);
  assert.equal((dbState(repo).commits as { sha: string }[]).some((c) => c.sha === pending), false, 'not recorded: it is tried again');
  // Told by a typed cause in coverage.json, not by the wording of the error.
  const coverage = JSON.parse(readFileSync(join(repo, '.bug-hunter', 'watch', 'runs', pending, 'coverage.json'), 'utf8')) as { files: { path: string; status: string; cause?: string }[] };
  assert.deepEqual(coverage.files.filter((f) => f.status === 'failed').map((f) => [f.path, f.cause]), [['src/handler.js', 'provider-unavailable']]);
  assert.equal((await runCli(['watch', '--once', repo, '--quiet', '--no-sweep'])).code, 0);
  assert.deepEqual(events(repo).map((e) => [e.kind, e.commit]), [['new', pending]]);
});
