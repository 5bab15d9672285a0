// The dependency scan end to end on the CLI, in a real git repository locked by the real npm (the npm3
// fixture): lodash's template is called (reachable, with the call site), the workspace's minimist is listed but
// never imported (not-imported), and a registry answering 405 leaves every dependency unreviewed, never clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { runCli } from '../../helpers/cli.ts';
import { npm3Project } from '../../helpers/dep-project.ts';

const OSV = fileURLToPath(new URL('../../engines/deps/fixtures/osv/', import.meta.url));

const project = npm3Project;

test('scan --dep-scan with OSV advisories: reachable with the call site, not-imported for a listed but unused package', async (t) => {
  const dir = project(t, { 'requirements.txt': 'flask==2.0.0\n' });
  const r = await runCli(['scan', dir, '--quiet', '--dep-scan', '--advisories', OSV]);
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stdout, /exit 3: 1 lockfile without a dependency scanner \(requirements\.txt \(Python \(pip requirements\)\)\); pass --allow-uncovered/);
  const deps = readArtifact(join(dir, '.bug-hunter'), 'dep-findings');
  const template = deps.findings.find((f) => f.advisory.id === 'GHSA-35jh-r3h4-6jhm');
  assert.equal(template?.reachability, 'reachable');
  assert.deepEqual(template?.callSites, [{ file: 'src/render.js', startLine: 4, endLine: 4, quote: 'const compiled = _.template(text);' }]);
  assert.equal(template?.dev, false);
  assert.deepEqual(template?.advisory.cvss, { vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H', baseScore: 7.2, source: 'severity[0] CVSS_V3' });
  assert.equal(template?.direct, true);
  assert.equal(template?.lockfile, 'package-lock.json');
  assert.equal(readFileSync(join(dir, 'package-lock.json'), 'utf8').split('\n')[template!.line - 1]?.trim(), '"node_modules/lodash": {');
  // lodash 4.17.15 is also under GHSA-p6mc (zipObjectDeep, set …): imported, but none of those is called.
  assert.equal(deps.findings.find((f) => f.advisory.id === 'GHSA-p6mc-m468-83gw')?.reachability, 'imported');
  const minimist = deps.findings.find((f) => f.package === 'minimist' && f.advisory.id === 'GHSA-xvch-5gv4-984h');
  assert.equal(minimist?.version, '1.2.5');
  assert.equal(minimist?.reachability, 'not-imported');
  assert.deepEqual(minimist?.workspaces, ['packages/cli']);
  // minimist 1.2.8 (through mkdirp) and ms 2.0.0 are past every advisory's range.
  assert.equal(deps.findings.some((f) => f.version === '1.2.8' || f.package === 'ms'), false);
  assert.deepEqual(deps.findings.map((f) => f.reachability), ['reachable', 'imported', 'not-imported']);
  const python = deps.lockfiles.find((l) => l.path === 'requirements.txt');
  assert.equal(python?.status, 'scanner-unsupported');
  assert.equal(deps.status, 'incomplete', 'an unscanned ecosystem keeps the dependency scan from being complete');

  // The report lists them by reachability, and the reachable production one fails the scan.
  const allowed = await runCli(['scan', dir, '--quiet', '--dep-scan', '--advisories', OSV, '--allow-uncovered']);
  assert.equal(allowed.code, 1, allowed.stderr);
  assert.match(allowed.stdout, /exit 1: 1 vulnerable production dependency with a reachable vulnerable function at or above --fail-on low/);
  const report = readArtifact(join(dir, '.bug-hunter'), 'scan-report');
  assert.deepEqual(report.dependencies?.counts, { byReachability: { reachable: 1, imported: 1, 'not-imported': 1 }, failing: 1 });
  assert.equal(report.clean, false);
  const md = readFileSync(join(dir, '.bug-hunter', 'report.md'), 'utf8');
  const section = md.slice(md.indexOf('## Vulnerable dependencies (by reachability)'));
  assert.ok(section.indexOf('### Reachable') < section.indexOf('### Imported') && section.indexOf('### Imported') < section.indexOf('### Not imported'), md);
  assert.match(section, /lodash@4\.17\.15 \| GHSA-35jh-r3h4-6jhm \(CVE-2021-23337\)/);
  const sarif = JSON.parse(readFileSync(join(dir, '.bug-hunter', 'report.sarif'), 'utf8')) as {
    runs: { tool: { driver: { rules: { id: string; properties: Record<string, unknown> }[] } }; results: { ruleId: string; relatedLocations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
  };
  // GitHub ranks the alert by the advisory's own CVSS score; an advisory without a vector gets none rather than a guess.
  const rules = new Map(sarif.runs[0]!.tool.driver.rules.map((r) => [r.id, r.properties]));
  assert.equal(rules.get('bug-hunter.dependency.GHSA-35jh-r3h4-6jhm')?.['security-severity'], '7.2');
  assert.equal(rules.get('bug-hunter.dependency.GHSA-xvch-5gv4-984h')?.['security-severity'], undefined);
  const result = sarif.runs[0]!.results.find((x) => x.ruleId === 'bug-hunter.dependency.GHSA-35jh-r3h4-6jhm');
  assert.equal(result?.relatedLocations[0]?.physicalLocation.artifactLocation.uri, 'src/render.js');
  // Below --fail-on: listed, not counted.
  const critical = await runCli(['scan', dir, '--quiet', '--dep-scan', '--advisories', OSV, '--allow-uncovered', '--fail-on', 'critical']);
  assert.equal(critical.code, 0, critical.stdout);
  assert.match(critical.stdout, /3 vulnerable dependency findings listed, not counted/);
});

test('a call to the module itself (minimist(argv)) is reachable; --dep-scan without advisories is unreviewed', async (t) => {
  const dir = project(t, { 'packages/cli/index.js': "const parseArgs = require('minimist');\nconst argv = parseArgs(process.argv.slice(2));\nmodule.exports = argv;\n" });
  await runCli(['scan', dir, '--quiet', '--dep-scan', '--advisories', join(OSV, 'GHSA-xvch-5gv4-984h.json')]);
  const deps = readArtifact(join(dir, '.bug-hunter'), 'dep-findings');
  assert.equal(deps.findings[0]?.reachability, 'reachable');
  assert.equal(deps.findings[0]?.callSites[0]?.quote, 'const argv = parseArgs(process.argv.slice(2));');
  assert.equal(deps.status, 'complete');

  await runCli(['scan', dir, '--quiet', '--dep-scan']);
  const none = readArtifact(join(dir, '.bug-hunter'), 'dep-findings');
  assert.equal(none.status, 'incomplete');
  assert.equal(none.advisories.ok, false);
  assert.match(none.notes[0] ?? '', /advisories not checked: no advisory source was given/);
});

test('--advisories registry against a registry answering 405: dep-findings says so and is incomplete', async (t) => {
  const server = createServer((_req, res) => {
    res.writeHead(405, { 'content-type': 'application/json' });
    res.end('{"error":"Method Not Allowed"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => new Promise<void>((r) => server.close(() => r())));
  const dir = project(t);
  const r = await runCli(['scan', dir, '--quiet', '--dep-scan', '--advisories', 'registry', '--registry', `http://127.0.0.1:${(server.address() as AddressInfo).port}/`]);
  assert.equal(r.code, 3, r.stdout);
  assert.match(r.stdout, /exit 3: the dependency scan is incomplete: advisories not checked: .*answered 405/);
  const deps = readArtifact(join(dir, '.bug-hunter'), 'dep-findings');
  assert.equal(deps.advisories.source, 'registry');
  assert.equal(deps.advisories.ok, false);
  assert.match(deps.advisories.reason ?? '', /answered 405/);
  assert.equal(deps.status, 'incomplete');
  assert.deepEqual(deps.findings, []);
  const report = readArtifact(join(dir, '.bug-hunter'), 'scan-report');
  assert.equal(report.clean, false);
  assert.match(report.notClean.join('\n'), /dependency scan incomplete: advisories not checked: .*answered 405/);
});

test('bad dependency-scan flags exit 2 naming the flag', async (t) => {
  const dir = project(t);
  const noScan = await runCli(['scan', dir, '--quiet', '--advisories', OSV]);
  assert.equal(noScan.code, 2);
  assert.match(noScan.stderr, /--advisories and --registry need --dep-scan/);
  const missing = await runCli(['scan', dir, '--quiet', '--dep-scan', '--advisories', join(dir, 'nope.json')]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /--advisories: .*nope\.json does not exist/);
  const badUrl = await runCli(['scan', dir, '--quiet', '--dep-scan', '--advisories', 'registry', '--registry', 'ftp://x']);
  assert.equal(badUrl.code, 2);
  assert.match(badUrl.stderr, /--registry must be an http\(s\) URL/);
});
