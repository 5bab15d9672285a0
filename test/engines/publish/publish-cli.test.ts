// publish, continued from publish.test.ts (split so the two halves run side by side): tokens, the repository, the
// markdown/json formats, reopening, the compiled CLI, and closing with watch's fixing commit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markerOf } from '../../../src/engines/publish/body.ts';
import { spawnCli } from '../../helpers/cli.ts';
import { readJson, runReport, writeSource } from '../report/run-phase.ts';
import { cli, findingA, findingB, issueFor, marked, setup, TOKEN } from './publish-world.ts';

test('no token is a usage error (exit 2); a refused token is exit 2 and the echoed token is scrubbed', async (t) => {
  const { target, server } = await setup(t, { GITHUB_TOKEN: undefined });
  const none = await cli(target, 'publish');
  assert.equal(none.code, 2);
  assert.match(none.err, /No GitHub token: set GITHUB_TOKEN \(or GH_TOKEN\)/);
  assert.equal(server.requests.length, 0);

  process.env.GH_TOKEN = TOKEN;
  server.failNext({ method: 'GET', status: 401, message: 'Bad credentials', echoAuthorization: true });
  const refused = await cli(target, 'publish');
  assert.equal(refused.code, 2, refused.err);
  assert.match(refused.err, /GitHub refused the token .*401: Bad credentials \(token \[token\]\)/);
  assert.ok(!refused.err.includes(TOKEN) && !refused.out.includes(TOKEN));
});

test('the repository: --repo wins; a bad --repo, or an origin on another host, is a usage error naming it', async (t) => {
  const { target, server } = await setup(t);
  const bad = await cli(target, 'publish', '--repo', 'acme');
  assert.equal(bad.code, 2);
  assert.match(bad.err, /--repo takes owner\/name/);
  execFileSync('git', ['-C', target, 'remote', 'set-url', 'origin', 'https://user:hunter2@gitlab.example.com/acme/widgets.git']);
  const other = await cli(target, 'publish');
  assert.equal(other.code, 2);
  assert.match(other.err, /origin remote points at gitlab\.example\.com, not github\.com/);
  assert.ok(!other.err.includes('hunter2'), 'credentials in the remote URL are never printed');
  const flagged = await cli(target, 'publish', '--repo', 'acme/widgets', '--dry-run');
  assert.equal(flagged.code, 0, flagged.err);
  assert.equal(server.writes().length, 0);
});

test('--format markdown|json writes one file per finding with the same body, without a token or the API', async (t) => {
  const { target, server } = await setup(t, { GITHUB_TOKEN: undefined });
  const md = await cli(target, 'publish', '--format', 'markdown', '--out', 'tracker');
  assert.equal(md.code, 0, md.err);
  const dir = join(target, 'tracker');
  assert.deepEqual(readdirSync(dir).sort(), [`${findingA.id}.md`, `${findingB.id}.md`].sort());
  const json = await cli(target, 'publish', '--format', 'json', '--out', 'tracker-json');
  assert.equal(json.code, 0, json.err);
  const file = readJson<{ fingerprint: string; body: string; labels: string[] }>(join(target, 'tracker-json', `${findingA.id}.json`));
  assert.equal(markerOf(file.body), findingA.fingerprint);
  assert.ok(readFileSync(join(dir, `${findingA.id}.md`), 'utf8').endsWith(file.body), 'the markdown file carries the same body');
  assert.equal(server.requests.length, 0);
  const bad = await cli(target, 'publish', '--format', 'html');
  assert.equal(bad.code, 2);
  assert.match(bad.err, /--format must be one of markdown, json/);
});

test('an issue closed as completed reopens when its finding is reported again; one closed as not planned stays closed; --queue does not re-queue', async (t) => {
  const { target, server } = await setup(t);
  assert.equal((await cli(target, 'publish')).code, 0);
  const a = issueFor(server, findingA.fingerprint)[0]!;
  const b = issueFor(server, findingB.fingerprint)[0]!;
  Object.assign(a, { state: 'closed', state_reason: 'completed' });
  Object.assign(b, { state: 'closed', state_reason: 'not_planned' });
  const again = await cli(target, 'publish', '--queue');
  assert.equal(again.code, 0, again.err);
  assert.equal(a.state, 'open');
  assert.match(a.comments.at(-1)!, /Found again by bug-hunter in run `run-1`/);
  assert.deepEqual(a.labels.slice(-2), ['nightshift', 'auto-ready'], 'an issue in no queue state is queued');
  assert.equal(b.state, 'closed');
  assert.deepEqual(b.comments, []);
  // The fix queue moved A on; publishing with --queue again leaves its queue labels alone.
  a.labels = a.labels.filter((l) => l !== 'auto-ready' && l !== 'nightshift').concat('auto-pr-ready');
  assert.equal((await cli(target, 'publish', '--queue')).code, 0);
  assert.ok(!a.labels.includes('auto-ready') && a.labels.includes('auto-pr-ready'), a.labels.join(','));
  assert.equal(marked(server).length, 2);
});

test('the compiled CLI publishes and prints no token, also with a server that echoes it back', async (t) => {
  const { target, server } = await setup(t);
  const env = { GITHUB_TOKEN: TOKEN, GITHUB_API_URL: server.url, BUG_HUNTER_GITHUB_WRITE_PACE_MS: '0' };
  const run = await spawnCli(['publish', target], { env });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(marked(server).length, 2);
  server.failNext({ method: 'GET', status: 500, message: 'boom', echoAuthorization: true });
  server.failNext({ method: 'GET', status: 500, message: 'boom', echoAuthorization: true });
  server.failNext({ method: 'GET', status: 500, message: 'boom', echoAuthorization: true });
  const failed = await spawnCli(['publish', target, '--dry-run'], { env });
  assert.equal(failed.code, 3, failed.stderr);
  assert.match(failed.stderr, /Could not list the issues labelled bug-hunter in acme\/widgets on GitHub \(500: boom \(token \[token\]\)/);
  for (const text of [run.stdout, run.stderr, failed.stdout, failed.stderr]) assert.ok(!text.includes(TOKEN.slice(0, 12)), text);
});

test('a finding watch closed with its fixing commit (ledger fixedBy) closes its issue naming that commit', async (t) => {
  const { target, server } = await setup(t);
  assert.equal((await cli(target, 'publish')).code, 0);
  writeSource(target, 'src/app.ts', ['export function run(cmd: string) {', '  return execFile("ls", [cmd]);', '}', ''].join('\n'));
  execFileSync('git', ['-C', target, 'commit', '-qam', 'fix']);
  const fix = execFileSync('git', ['-C', target, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  execFileSync('git', ['-C', target, 'commit', '-q', '--allow-empty', '-m', 'later']);
  const later = execFileSync('git', ['-C', target, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  await runReport(target, 'run-2', ['src/app.ts', 'src/files.ts'], [findingB], {}, { baseCommit: later });
  const ledgerPath = join(target, '.bug-hunter', 'ledger.json');
  const ledger = readJson<{ entries: { fingerprint: string; status: string; fixedBy?: unknown }[] }>(ledgerPath);
  const entry = ledger.entries.find((e) => e.fingerprint === findingA.fingerprint)!;
  assert.equal(entry.status, 'fixed');
  entry.fixedBy = { commit: fix, at: '2026-01-01T00:00:00.000Z' };
  writeFileSync(ledgerPath, JSON.stringify(ledger, null, 2));
  assert.equal((await cli(target, 'publish')).code, 0);
  const a = issueFor(server, findingA.fingerprint)[0]!;
  assert.equal(a.state_reason, 'completed');
  assert.ok(a.comments.at(-1)!.startsWith(`Fixed by commit [${fix.slice(0, 12)}](https://github.com/acme/widgets/commit/${fix})`), a.comments.at(-1));
  assert.ok(!a.comments.at(-1)!.includes(later.slice(0, 12)), 'not the commit the later scan ran on');
  assert.equal(issueFor(server, findingB.fingerprint)[0]!.state, 'open');
});
