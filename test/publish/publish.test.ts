// publish end to end: the real CLI command and the real Octokit against the GitHub stand-in on 127.0.0.1, a real
// git repository whose origin is a GitHub URL, and scan reports written by the real report phase (which keeps the ledger).
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PublishReport } from '../../src/artifacts/schemas/publish-report.ts';
import type { ScanReport } from '../../src/artifacts/schemas/scan-report.ts';
import { main } from '../../src/cli/main.ts';
import { formerModelFingerprint } from '../../src/findings/former-fingerprint.ts';
import { markerLine, markerOf } from '../../src/publish/body.ts';
import { spawnCli } from '../helpers/cli.ts';
import { startGitHubStandIn, type GitHubStandIn } from '../helpers/github-stand-in.ts';
import { makeFinding } from '../report/helpers.ts';
import { capture, makeTarget, outDirOf, readJson, removeTarget, runReport, writeSource } from '../report/run-phase.ts';

const TOKEN = 'ghp_standInSecretToken0123456789abcdef';
const A_QUOTE = 'return exec(`ls ${cmd}`);';
const B_QUOTE = 'return readFile(`/data/${name}`);';
const findingA = makeFinding({ file: 'src/app.ts', symbol: 'run', subject: 'cmd', line: 2, quote: A_QUOTE, severity: 'critical' });
const findingB = makeFinding({ file: 'src/files.ts', symbol: 'load', subject: 'name', line: 2, quote: B_QUOTE, category: 'path-traversal', severity: 'medium' });
const SOURCES = {
  'src/app.ts': ['export function run(cmd: string) {', `  ${A_QUOTE}`, '}', ''].join('\n'),
  'src/files.ts': ['export function load(name: string) {', `  ${B_QUOTE}`, '}', ''].join('\n'),
};

interface Setup {
  target: string;
  server: GitHubStandIn;
  head: string;
}

async function setup(t: TestContext, env: Record<string, string | undefined> = {}, findings = [findingA, findingB]): Promise<Setup> {
  const target = makeTarget(SOURCES);
  t.after(() => removeTarget(target));
  execFileSync('git', ['-C', target, 'add', '-A']);
  execFileSync('git', ['-C', target, 'commit', '-q', '-m', 'initial']);
  execFileSync('git', ['-C', target, 'remote', 'add', 'origin', 'git@github.com:acme/widgets.git']);
  const head = execFileSync('git', ['-C', target, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  await runReport(target, 'run-1', ['src/app.ts', 'src/files.ts'], findings, {}, { baseCommit: head });
  const server = await startGitHubStandIn({ token: TOKEN, maxPerPage: 2 });
  t.after(() => server.close());
  // Issues under the same label without a first-line marker (one has it further down), and a pull request: three pages at two.
  for (const n of [1, 2, 3, 4]) server.addIssue({ title: `hand-filed ${n}`, labels: ['bug-hunter'], body: n === 4 ? `no marker on the first line\n<!-- bug-hunter:fingerprint=${findingA.fingerprint} -->` : 'no marker here' });
  server.addIssue({ title: 'a pull request', labels: ['bug-hunter'], pull_request: true, body: '' });
  server.addIssue({ title: 'other', labels: ['enhancement'] });
  withEnv(t, { GITHUB_TOKEN: TOKEN, GH_TOKEN: undefined, GITHUB_API_URL: server.url, GITHUB_SERVER_URL: undefined, BUG_HUNTER_GITHUB_WRITE_PACE_MS: '0', ...env });
  return { target, server, head };
}

function withEnv(t: TestContext, vars: Record<string, string | undefined>): void {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(vars);
  t.after(() => apply(saved));
}

async function cli(target: string, ...argv: string[]) {
  const io = capture(target);
  const code = await main(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

const marked = (server: GitHubStandIn) => server.issues.filter((i) => markerOf(i.body));
const issueFor = (server: GitHubStandIn, fingerprint: string) => server.issues.filter((i) => markerOf(i.body) === fingerprint);

test('publish twice files each confirmed finding once, with labels, permalinks and the marker; the second run writes nothing', async (t) => {
  const { target, server, head } = await setup(t);
  const first = await cli(target, 'publish');
  assert.equal(first.code, 0, first.err);
  assert.equal(marked(server).length, 2);
  const a = issueFor(server, findingA.fingerprint)[0]!;
  assert.deepEqual(a.labels, ['bug-hunter', 'bug-hunter:injection', 'priority:critical']);
  assert.deepEqual(issueFor(server, findingB.fingerprint)[0]!.labels, ['bug-hunter', 'bug-hunter:path-traversal', 'priority:medium']);
  assert.match(a.body, new RegExp(`https://github\\.com/acme/widgets/blob/${head}/src/app\\.ts#L2\\b`));
  assert.ok(a.body.includes(A_QUOTE), 'the evidence quote is in the body');
  assert.match(a.body, /### Referee/);
  // Labels the repository lacked were created, each once.
  assert.deepEqual([...server.labels].sort(), ['bug-hunter', 'bug-hunter:injection', 'bug-hunter:path-traversal', 'priority:critical', 'priority:medium']);
  // The listing followed every page (three at two per page) and asked for open and closed issues.
  const listings = server.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/issues'));
  assert.deepEqual(listings.map((r) => r.query.get('page') ?? '1'), ['1', '2', '3']);
  assert.ok(listings.every((r) => r.query.get('state') === 'all' && r.query.get('labels') === 'bug-hunter'));
  const report = readJson<PublishReport>(join(outDirOf(target), 'publish-report.json'));
  assert.equal(report.counts.filed, 2);
  assert.deepEqual(report.entries.map((e) => e.issue).sort(), issueFor(server, findingA.fingerprint).concat(issueFor(server, findingB.fingerprint)).map((i) => i.number).sort());
  assert.match(first.out, /Filed 2 \(#7, #8\)/);

  const writesBefore = server.writes().length;
  const second = await cli(target, 'publish');
  assert.equal(second.code, 0, second.err);
  assert.equal(marked(server).length, 2, 'no second issue for either finding');
  assert.equal(server.writes().length, writesBefore, 'nothing changed, so nothing was written');
  assert.equal(readJson<PublishReport>(join(outDirOf(target), 'publish-report.json')).counts.unchanged, 2);
});

test('a changed finding updates its issue; people\'s labels stay; a dismissed one closes as not planned; a fixed one closes with the fixing run and commit', async (t) => {
  const { target, server } = await setup(t);
  assert.equal((await cli(target, 'publish')).code, 0);
  const a = issueFor(server, findingA.fingerprint)[0]!;
  const b = issueFor(server, findingB.fingerprint)[0]!;
  a.labels.push('needs-triage');
  a.body = a.body.replace('### Referee', '### Edited by hand');

  const scan = readJson<ScanReport>(join(outDirOf(target), 'scan-report.json'));
  const idB = scan.findings.find((f) => f.finding.fingerprint === findingB.fingerprint)!.finding.id;
  const dismissed = await cli(target, 'dismiss', idB, '--reason', 'name is checked against an allow-list by the router');
  assert.equal(dismissed.code, 0, dismissed.err);

  const second = await cli(target, 'publish');
  assert.equal(second.code, 0, second.err);
  assert.match(a.body, /### Referee/, 'the body is brought back to what the finding says');
  assert.ok(a.labels.includes('needs-triage'), 'a label a person added stays');
  assert.equal(a.state, 'open');
  assert.equal(b.state, 'closed');
  assert.equal(b.state_reason, 'not_planned');
  assert.match(b.comments.at(-1)!, /allow-list by the router/);

  // The bug is fixed: the quote is gone, the next scan finds nothing, and the ledger marks it fixed.
  writeSource(target, 'src/app.ts', ['export function run(cmd: string) {', '  return execFile("ls", [cmd]);', '}', ''].join('\n'));
  execFileSync('git', ['-C', target, 'commit', '-qam', 'fix']);
  const fixCommit = execFileSync('git', ['-C', target, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  await runReport(target, 'run-2', ['src/app.ts', 'src/files.ts'], [], {}, { baseCommit: fixCommit });
  const third = await cli(target, 'publish');
  assert.equal(third.code, 0, third.err);
  assert.equal(a.state, 'closed');
  assert.equal(a.state_reason, 'completed');
  assert.match(a.comments.at(-1)!, /run `run-2`/);
  assert.ok(a.comments.at(-1)!.includes(`https://github.com/acme/widgets/commit/${fixCommit}`), a.comments.at(-1));
  const report = readJson<PublishReport>(join(outDirOf(target), 'publish-report.json'));
  assert.deepEqual(report.entries.map((e) => [e.issue, e.outcome, e.stateReason ?? '']), [[b.number, 'unchanged', ''], [a.number, 'closed', 'completed']].sort((x, y) => Number(x[0]) - Number(y[0])));
  assert.equal(marked(server).length, 2, 'closing filed nothing new');
});

test('an issue the previous version filed (marker with the former fingerprint) is updated, not filed again, and gets today\'s marker', async (t) => {
  const former = formerModelFingerprint('src/app.ts', 'run', 'injection', 'cmd');
  const { target, server } = await setup(t, {}, [{ ...findingA, formerFingerprints: [former] }, findingB]);
  const old = server.addIssue({ title: 'filed before', labels: ['bug-hunter'], body: `${markerLine(former)}\nfiled by the previous version` });
  const run = await cli(target, 'publish');
  assert.equal(run.code, 0, run.err);
  assert.deepEqual(issueFor(server, findingA.fingerprint).map((i) => i.number), [old.number], 'the old issue, not a second one');
  assert.deepEqual(issueFor(server, former), [], 'its marker now carries today\'s fingerprint');
  assert.equal(marked(server).length, 2);
});

test('--dry-run lists the plan and sends the stand-in no write request; nothing is recorded', async (t) => {
  const { target, server } = await setup(t);
  const dry = await cli(target, 'publish', '--dry-run');
  assert.equal(dry.code, 0, dry.err);
  assert.match(dry.out, /Dry run for acme\/widgets/);
  assert.match(dry.out, /file +BH-/);
  assert.match(dry.out, /Would file 2, update 0, reopen 0, close 0/);
  assert.deepEqual(server.writes(), []);
  assert.equal(existsSync(join(outDirOf(target), 'publish-report.json')), false);
  const json = await cli(target, 'publish', '--dry-run', '--json');
  assert.deepEqual((JSON.parse(json.out) as { plan: { action: string }[] }).plan.map((p) => p.action), ['file', 'file']);
  assert.deepEqual(server.writes(), []);
});

test('a 403 secondary rate limit with retry-after is waited out and retried; the token appears nowhere', async (t) => {
  const { target, server } = await setup(t);
  server.failNext({ method: 'POST', path: /\/issues$/, status: 403, message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.', headers: { 'retry-after': '1' } });
  const result = await cli(target, 'publish', '--queue');
  assert.equal(result.code, 0, result.err);
  assert.match(result.err, /secondary rate limit .*waiting 1 s \(retry 1 of 3\)/);
  const creates = server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/issues'));
  assert.equal(creates.length, 3, 'two issues, one of them sent twice');
  assert.equal(marked(server).length, 2);
  for (const issue of marked(server)) assert.deepEqual(issue.labels.slice(-2), ['nightshift', 'auto-ready']);
  const stored = readFileSync(join(outDirOf(target), 'publish-report.json'), 'utf8');
  for (const text of [result.out, result.err, stored]) assert.ok(!text.includes(TOKEN) && !text.includes(TOKEN.slice(0, 12)));
});

test('a rate limit that never lifts stops after bounded retries: exit 3, the rest not done, recorded', async (t) => {
  const { target, server } = await setup(t);
  for (let i = 0; i < 4; i += 1) server.failNext({ method: 'POST', path: /\/issues$/, status: 429, message: 'API rate limit exceeded', headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000)) } });
  const result = await cli(target, 'publish');
  assert.equal(result.code, 3, result.err);
  assert.match(result.err, /GitHub refused to file an issue for BH-[0-9a-f]+ \(429: API rate limit exceeded\b/);
  const report = readJson<PublishReport>(join(outDirOf(target), 'publish-report.json'));
  assert.equal(report.status, 'failed');
  assert.deepEqual(report.entries.map((e) => e.outcome), ['not-done', 'not-done']);
  assert.equal(server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/issues')).length, 4, 'one try and three retries');
  assert.equal(marked(server).length, 0);
});

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
