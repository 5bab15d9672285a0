// publish end to end: the real CLI command and the real Octokit against the GitHub stand-in on 127.0.0.1, a real
// git repository whose origin is a GitHub URL, and scan reports written by the real report phase (which keeps the ledger).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PublishReport } from '../../../src/artifacts/schemas/publish-report.ts';
import type { ScanReport } from '../../../src/artifacts/schemas/scan-report.ts';
import { formerModelFingerprint } from '../../../src/engines/findings/former-fingerprint.ts';
import { markerLine } from '../../../src/engines/publish/body.ts';
import { outDirOf, readJson, runReport, writeSource } from '../report/run-phase.ts';
import { A_QUOTE, cli, findingA, findingB, issueFor, marked, setup, TOKEN } from './publish-world.ts';

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
