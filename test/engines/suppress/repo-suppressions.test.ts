// Suppressions a reviewer can see, on real git repositories through the CLI (static engine): a committed
// .bug-hunter/suppressions.json or a bug-hunter-ignore comment hides a finding only visibly (SARIF suppressions[],
// the summary and report.md name each one and where it came from), an entry that matches nothing is reported,
// a suppression the change under review adds never hides that change's finding, and --no-repo-suppressions
// ignores everything the repository supplies while a person's own uncommitted dismissal still applies.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import type { Suppressions } from '../../../src/artifacts/schemas/memory.ts';
import type { ScanReport } from '../../../src/artifacts/schemas/scan-report.ts';
import { runCli } from '../../helpers/cli.ts';
import { validateSarifLogs, assertNoProblems } from '../../helpers/sarif-validator.ts';
import { git, gitRepo, tempDir, writeFiles } from '../../helpers/temp.ts';
import { LISTENING_ROUTE } from '../../coverage/planted-route.ts';

const ROUTE = LISTENING_ROUTE;
// The same bug class, silenced by a reasoned comment on the line above.
const INLINE = [
  "const { exec } = require('child_process');",
  'exports.cat = function cat(req, res) {',
  '  // bug-hunter-ignore command-injection: the proxy in front only lets [a-z]+ file names through',
  "  exec('cat ' + req.query.file, (err, out) => res.send(out));",
  '};',
  '',
].join('\n');

type SarifSuppression = { kind: string; status: string; justification: string; location?: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } } }; properties: { source: string } };
type SarifLog = {
  runs: {
    results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[]; suppressions?: SarifSuppression[] }[];
    invocations: { toolExecutionNotifications?: { level: string; message: { text: string } }[] }[];
    properties: { clean: boolean };
  }[];
};

const readJson = <T>(repo: string, file: string): T => JSON.parse(readFileSync(join(repo, '.bug-hunter', file), 'utf8')) as T;
const entry = (fingerprint: string, reason: string) => ({ fingerprint, reason, by: 'Mallory <mallory@example.com>', at: '2026-01-01T00:00:00.000Z' });

function writeSuppressions(repo: string, entries: ReturnType<typeof entry>[]): void {
  const file: Suppressions = { schemaVersion: 1, artifact: 'suppressions', entries };
  writeFiles(repo, { '.bug-hunter/suppressions.json': `${JSON.stringify(file, null, 2)}\n` });
}

function commitAll(repo: string, message: string): void {
  git(repo, 'add', '-f', '-A');
  git(repo, 'commit', '-q', '-m', message);
}

/** The route's fingerprint, from a default scan of a copy (the fingerprint does not depend on the folder). */
async function routeFingerprint(t: TestContext): Promise<string> {
  const probe = gitRepo(t, { 'app.js': ROUTE });
  const first = await runCli(['scan', probe, '--quiet']);
  assert.equal(first.code, 1, first.stdout + first.stderr);
  const report = readJson<ScanReport>(probe, 'scan-report.json');
  assert.equal(report.findings[0]?.severity, 'critical');
  return report.findings[0]!.finding.fingerprint;
}

test('a committed suppressions.json hides the finding visibly: SARIF keeps it with suppressions[], the summary and report.md name it and its source', async (t) => {
  const fingerprint = await routeFingerprint(t);
  const repo = gitRepo(t, { 'app.js': ROUTE, 'cat.js': INLINE });
  writeSuppressions(repo, [entry(fingerprint, 'dir is validated upstream')]);
  commitAll(repo, 'suppress the route');

  const scan = await runCli(['scan', repo, '--quiet']);
  assert.equal(scan.code, 0, scan.stdout + scan.stderr);
  assert.match(scan.stdout, /^Clean: every in-scope file \(2\) was read in this run; .*2 findings suppressed/m);
  assert.match(scan.stdout, /^Suppressed: 2$/m);
  assert.match(scan.stdout, /app\.js:5 \(confirmed, critical\) — suppressed by the repository's committed \.bug-hunter\/suppressions\.json by Mallory <mallory@example\.com> on 2026-01-01: "dir is validated upstream"/);
  assert.match(scan.stdout, /cat\.js:4 .* — suppressed by an inline comment at cat\.js:3: "the proxy in front only lets \[a-z\]\+ file names through"/);

  const report = readJson<ScanReport>(repo, 'scan-report.json');
  assert.equal(report.clean, true);
  assert.equal(report.counts.suppressed, 2);
  assert.deepEqual(report.findings.map((f) => [f.finding.file, f.suppressed?.source, f.suppressed?.where]).sort(), [
    ['app.js', 'repository', '.bug-hunter/suppressions.json'],
    ['cat.js', 'inline', 'cat.js:3'],
  ]);
  const md = readFileSync(join(repo, '.bug-hunter', 'report.md'), 'utf8');
  assert.match(md, /\*\*Result: clean\*\* — .*2 findings suppressed/);
  assert.match(md, /## Suppressed \(2\)/);
  assert.match(md, /suppressed by the repository's committed \.bug-hunter\/suppressions\.json by Mallory/);

  const sarif = readJson<SarifLog>(repo, 'report.sarif');
  const byFile = new Map(sarif.runs[0]!.results.map((r) => [r.locations[0]!.physicalLocation.artifactLocation.uri, r.suppressions]));
  assert.deepEqual(byFile.get('app.js')?.map((s) => [s.kind, s.status, s.justification, s.properties.source, s.location?.physicalLocation.artifactLocation.uri]), [
    ['external', 'accepted', 'dir is validated upstream', 'repository', '.bug-hunter/suppressions.json'],
  ]);
  assert.deepEqual(byFile.get('cat.js')?.map((s) => [s.kind, s.status, s.justification, s.location?.physicalLocation.region?.startLine]), [
    ['inSource', 'accepted', 'the proxy in front only lets [a-z]+ file names through', 3],
  ]);
  assert.equal(sarif.runs[0]!.properties.clean, true);
});

test('a suppression that matches no finding is reported as unused in the summary, report.md and a SARIF notification; the run stays clean', async (t) => {
  const repo = gitRepo(t, { 'app.js': 'exports.add = (a, b) => a + b;\n' });
  writeSuppressions(repo, [entry('0123456789abcdef0123456789abcdef', 'the old parser was unsafe')]);
  commitAll(repo, 'a stale suppression');

  const scan = await runCli(['scan', repo, '--quiet']);
  assert.equal(scan.code, 0, scan.stdout + scan.stderr);
  assert.match(scan.stdout, /^Clean: /m);
  assert.match(scan.stdout, /^Unused suppressions \(match no finding; remove them\): 1\n {2}fingerprint 0123456789abcdef0123456789abcdef in \.bug-hunter\/suppressions\.json \(repository\): "the old parser was unsafe"$/m);
  const report = readJson<ScanReport>(repo, 'scan-report.json');
  assert.deepEqual(report.suppressions?.unused.map((u) => [u.fingerprint, u.source]), [['0123456789abcdef0123456789abcdef', 'repository']]);
  assert.match(readFileSync(join(repo, '.bug-hunter', 'report.md'), 'utf8'), /## Unused suppressions \(1\)/);
  const notes = readJson<SarifLog>(repo, 'report.sarif').runs[0]!.invocations[0]!.toolExecutionNotifications ?? [];
  assert.deepEqual(notes.map((n) => [n.level, n.message.text.startsWith('Unused suppression: fingerprint 0123456789abcdef')]), [['note', true]]);
});

test('diff-aware: a suppression the change itself adds never hides the finding the change adds (exit 1, and the report says why); one already at the base does', async (t) => {
  const fingerprint = await routeFingerprint(t);
  // The base has no route and no suppression; the change adds the route, a suppression for it, and an inline one.
  const repo = gitRepo(t, { 'README.md': 'service\n' });
  git(repo, 'tag', 'base');
  writeFiles(repo, { 'app.js': ROUTE, 'cat.js': INLINE });
  writeSuppressions(repo, [entry(fingerprint, 'dir is validated upstream')]);
  commitAll(repo, 'add the route, and hide it');

  const scan = await runCli(['scan', repo, '--diff', 'base...HEAD', '--quiet']);
  assert.equal(scan.code, 1, scan.stdout + scan.stderr);
  assert.match(scan.stdout, /\[T2 critical\] app\.js:5 /);
  assert.match(scan.stdout, /^Suppressions not applied \(the finding is reported\): 2$/m);
  assert.match(scan.stdout, /fingerprint [0-9a-f]+ in \.bug-hunter\/suppressions\.json \(repository\): "dir is validated upstream" — not applied: added by the change under review/);
  assert.match(scan.stdout, /comment in cat\.js:3 \(inline\): .* — not applied: added by the change under review/);
  const report = readJson<ScanReport>(repo, 'scan-report.json');
  assert.equal(report.counts.suppressed, 0);
  assert.equal(report.clean, false);
  assert.equal(report.suppressions?.diffBase, git(repo, 'rev-parse', 'base').trim());
  assert.deepEqual(report.suppressions?.notApplied.map((n) => n.source).sort(), ['inline', 'repository']);

  // The same suppression committed before the change (at the base) is a decision already reviewed: it applies.
  const reviewed = gitRepo(t, { 'README.md': 'service\n' });
  writeSuppressions(reviewed, [entry(fingerprint, 'dir is validated upstream')]);
  commitAll(reviewed, 'suppression reviewed earlier');
  git(reviewed, 'tag', 'base');
  writeFiles(reviewed, { 'app.js': ROUTE });
  commitAll(reviewed, 'add the route');
  const again = await runCli(['scan', reviewed, '--diff', 'base...HEAD', '--quiet']);
  assert.equal(again.code, 0, again.stdout + again.stderr);
  assert.match(again.stdout, /suppressed by the repository's committed \.bug-hunter\/suppressions\.json/);
});

test("--no-repo-suppressions ignores the committed file and inline comments, not the person's own uncommitted dismissal", async (t) => {
  const fingerprint = await routeFingerprint(t);
  const repo = gitRepo(t, { 'app.js': ROUTE, 'cat.js': INLINE, 'lib/run.js': ROUTE });
  writeSuppressions(repo, [entry(fingerprint, 'dir is validated upstream')]);
  commitAll(repo, 'suppress the route');
  const first = await runCli(['scan', repo, '--quiet']);
  const other = readJson<ScanReport>(repo, 'scan-report.json').findings.find((f) => f.finding.file === 'lib/run.js')!;
  assert.equal(first.code, 1, 'lib/run.js is not suppressed yet');
  const dismissed = await runCli(['dismiss', other.finding.id, repo, '--reason', 'only reachable from the admin console']);
  assert.equal(dismissed.code, 0, dismissed.stderr);

  const scan = await runCli(['scan', repo, '--no-repo-suppressions', '--quiet']);
  assert.equal(scan.code, 1, scan.stdout + scan.stderr);
  const report = readJson<ScanReport>(repo, 'scan-report.json');
  const byFile = new Map(report.findings.map((f) => [f.finding.file, f]));
  assert.equal(byFile.get('app.js')?.suppressed, undefined);
  assert.equal(byFile.get('app.js')?.verdict, 'confirmed');
  assert.equal(byFile.get('cat.js')?.suppressed, undefined);
  assert.equal(byFile.get('cat.js')?.verdict, 'confirmed');
  assert.equal(byFile.get('lib/run.js')?.suppressed?.source, 'dismissal');
  assert.equal(report.suppressions?.ignoreRepository, true);
  assert.deepEqual(report.suppressions?.notApplied.map((n) => [n.source, n.why]).sort(), [
    ['inline', '--no-repo-suppressions'],
    ['repository', '--no-repo-suppressions'],
  ]);
  assert.match(scan.stdout, /suppressed by a dismissal on this machine \('bug-hunter dismiss', not committed\)/);
  // `report list` re-reads today's suppressions under the scan's own policy: still set aside.
  const listed = await runCli(['report', 'list', repo]);
  assert.match(listed.stdout, /not applied: --no-repo-suppressions/);
  assert.match(listed.stdout, /^Not clean: 2 confirmed findings\.$/m);
});

test("SARIF with external and inSource suppressions, and an unused one, passes Microsoft's validator", async (t) => {
  const fingerprint = await routeFingerprint(t);
  const repo = gitRepo(t, { 'app.js': ROUTE, 'cat.js': INLINE });
  writeSuppressions(repo, [entry(fingerprint, 'dir is validated upstream'), entry('0123456789abcdef0123456789abcdef', 'stale')]);
  commitAll(repo, 'suppressions');
  assert.equal((await runCli(['scan', repo, '--quiet'])).code, 0);
  const log = readJson<SarifLog>(repo, 'report.sarif');
  assert.equal(log.runs[0]!.results.filter((r) => r.suppressions?.length).length, 2);
  const dir = tempDir(t, 'bh-sarif-');
  writeFileSync(join(dir, 'README'), 'validator work folder\n');
  assertNoProblems(t, validateSarifLogs(dir, { suppressed: log }).suppressed);
});
