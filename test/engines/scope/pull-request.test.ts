// Diff-aware scans and the baseline on real git repositories, through the CLI (static engine): only what a change
// introduces fails the build, triage.json says why each file is in scope, and bad refs are usage errors. The CLI's
// main() runs in this process; the first scan runs the compiled CLI.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Baseline } from '../../../src/artifacts/schemas/baseline.ts';
import type { ScanReport } from '../../../src/artifacts/schemas/scan-report.ts';
import type { Triage } from '../../../src/artifacts/schemas/triage.ts';
import { runCli, spawnCli } from '../../helpers/cli.ts';
import { assertValid } from '../../helpers/sarif-validator.ts';
import { git, gitRepo, writeFiles } from '../../helpers/temp.ts';

const OLD_BUG = 'const cp = require("child_process");\nexports.list = function list(req) { return cp.exec("ls " + req.query.dir); };\n';
const NEW_BUG = 'exports.show = function show(req) { return cp.exec("cat " + req.query.file); };\n';

const readJson = <T>(dir: string, file: string): T => JSON.parse(readFileSync(join(dir, '.bug-hunter', file), 'utf8')) as T;

test('a commit adds a bug next to an old one: --diff base...head --baseline base reports 1 new, 1 pre-existing and exits 1; after a revert it exits 0', async (t) => {
  const repo = gitRepo(t, { 'app.js': OLD_BUG, 'other.js': 'exports.y = 1;\n' });
  git(repo, 'tag', 'base');
  writeFileSync(join(repo, 'app.js'), OLD_BUG + NEW_BUG);
  git(repo, 'commit', '-qam', 'add show');

  const head = await spawnCli(['scan', repo, '--diff', 'base...HEAD', '--baseline', 'base', '--quiet']);
  assert.equal(head.code, 1, head.stdout + head.stderr);
  assert.match(head.stdout, /Baseline base \([0-9a-f]{12}, worktree-scan\): 1 new, 1 pre-existing/);
  assert.match(head.stdout, /exit 1: 1 new confirmed finding at or above --fail-on low; 1 pre-existing finding at --baseline base not counted/);
  const report = readJson<ScanReport>(repo, 'scan-report.json');
  const byLine = new Map(report.findings.map((f) => [f.finding.startLine, f]));
  assert.equal(byLine.get(2)?.baseline, true, 'the old bug is pre-existing');
  assert.equal(byLine.get(2)?.inDiff, false, 'and not on a changed line');
  assert.equal(byLine.get(3)?.baseline, false, 'the new bug is new');
  assert.equal(byLine.get(3)?.inDiff, true, 'on a changed line');
  assert.equal(report.baseline?.commit, git(repo, 'rev-parse', 'base').trim());
  assert.equal(report.baseline?.source, 'worktree-scan');
  assert.equal(report.counts.failing, 1);
  assert.deepEqual(git(repo, 'worktree', 'list', '--porcelain').match(/^worktree /gm)?.length, 1, 'the temporary worktree is gone');
  // The baseline finding is still tracked in the ledger, like any other.
  const ledger = readJson<{ entries: { fingerprint: string }[] }>(repo, 'ledger.json');
  assert.ok(ledger.entries.some((e) => e.fingerprint === byLine.get(2)?.finding.fingerprint));

  // With the suppression memory: a person dismissing the new finding leaves nothing new to fail on.
  const dismissed = await runCli(['dismiss', byLine.get(3)!.finding.id, repo, '--reason', 'accepted for now']);
  assert.equal(dismissed.code, 0, dismissed.stderr);
  const afterDismiss = await runCli(['scan', repo, '--diff', 'base...HEAD', '--baseline', 'base', '--quiet']);
  assert.equal(afterDismiss.code, 0, afterDismiss.stdout);
  assert.match(afterDismiss.stdout, /Baseline base \([0-9a-f]{12}, worktree-scan\): 0 new, 1 pre-existing/);
  assert.equal(readJson<ScanReport>(repo, 'scan-report.json').counts.suppressed, 1);
  assert.equal((await runCli(['undismiss', byLine.get(3)!.finding.fingerprint, repo])).code, 0);

  git(repo, 'revert', '--no-edit', 'HEAD');
  const reverted = await runCli(['scan', repo, '--diff', 'base...HEAD', '--baseline', 'base', '--quiet']);
  assert.equal(reverted.code, 0, reverted.stdout + reverted.stderr);
  assert.match(reverted.stdout, /exit 0: the diff changes no source file in scope/);
});

test('without --baseline, the old bug in a changed file fails the run too (it is only marked inDiff: false)', async (t) => {
  const repo = gitRepo(t, { 'app.js': OLD_BUG });
  git(repo, 'tag', 'base');
  writeFileSync(join(repo, 'app.js'), OLD_BUG + NEW_BUG);
  git(repo, 'commit', '-qam', 'add show');
  const r = await runCli(['scan', repo, '--diff', 'base..HEAD', '--quiet']);
  assert.equal(r.code, 1, r.stdout);
  const report = readJson<ScanReport>(repo, 'scan-report.json');
  assert.deepEqual(report.findings.map((f) => [f.finding.startLine, f.inDiff, f.baseline]).sort(), [[2, false, undefined], [3, true, undefined]]);
  assert.equal(report.counts.failing, 2);
});

test('triage.json says why each file is in scope: changed, or a dependent of which file at which hop; --radius 0 keeps only the changed', async (t) => {
  const repo = gitRepo(t, {
    'lib/db.js': 'exports.q = (s) => s;\n',
    'lib/user.js': 'const db = require("./db.js");\nexports.u = (x) => db.q(x);\n',
    'api.js': 'const user = require("./lib/user.js");\nexports.a = (x) => user.u(x);\n',
    'alone.js': 'exports.z = 1;\n',
  });
  git(repo, 'tag', 'base');
  writeFileSync(join(repo, 'lib/db.js'), 'exports.q = (s) => String(s);\n');

  const two = await runCli(['scan', repo, '--since', 'base', '--radius', '2', '--quiet']);
  assert.equal(two.code, 0, two.stdout);
  const triage = readJson<Triage>(repo, 'triage.json');
  assert.deepEqual(triage.diffScope?.files, [
    { path: 'api.js', reason: 'dependent', of: 'lib/db.js', via: 'lib/user.js', hop: 2 },
    { path: 'lib/db.js', reason: 'changed' },
    { path: 'lib/user.js', reason: 'dependent', of: 'lib/db.js', via: 'lib/db.js', hop: 1 },
  ]);
  assert.deepEqual(triage.chunks.flatMap((c) => c.files).sort(), ['api.js', 'lib/db.js', 'lib/user.js'], 'only files in scope are chunked');
  assert.deepEqual(triage.diffScope?.changed, [{ path: 'lib/db.js', status: 'modified', lines: [{ start: 1, end: 1 }] }]);
  const coverage = readJson<{ files: { path: string; status: string; reason?: string }[] }>(repo, 'coverage.json');
  assert.match(coverage.files.find((f) => f.path === 'alone.js')?.reason ?? '', /outside the diff scope/);

  const zero = await runCli(['scan', repo, '--since', 'base', '--radius', '0', '--quiet']);
  assert.equal(zero.code, 0, zero.stdout);
  assert.deepEqual(readJson<Triage>(repo, 'triage.json').diffScope?.files.map((f) => f.path), ['lib/db.js']);
});

test('a deleted file brings its importers into scope; --since counts untracked new files as added', async (t) => {
  const repo = gitRepo(t, { 'gone.js': 'exports.g = 1;\n', 'user.js': 'const g = require("./gone.js");\nexports.u = () => g.g;\n', 'alone.js': 'exports.z = 1;\n' });
  git(repo, 'tag', 'base');
  git(repo, 'rm', '-q', 'gone.js');
  writeFiles(repo, { 'fresh.js': 'exports.f = 1;\n' });
  const r = await runCli(['scan', repo, '--since', 'base', '--quiet']);
  assert.equal(r.code, 0, r.stdout);
  const scope = readJson<Triage>(repo, 'triage.json').diffScope;
  assert.deepEqual(scope?.changed.map((c) => [c.path, c.status]), [['fresh.js', 'added'], ['gone.js', 'deleted']]);
  assert.deepEqual(scope?.files, [
    { path: 'fresh.js', reason: 'changed' },
    { path: 'user.js', reason: 'dependent', of: 'gone.js', via: 'gone.js', hop: 1 },
  ]);
});

test('--staged scans what the index holds against HEAD, not unstaged edits', async (t) => {
  const repo = gitRepo(t, { 'a.js': 'exports.a = 1;\n', 'b.js': 'exports.b = 1;\n' });
  writeFiles(repo, { 'a.js': OLD_BUG, 'b.js': 'exports.b = 2;\n' });
  git(repo, 'add', 'a.js');
  const r = await runCli(['scan', repo, '--staged', '--radius', '0', '--quiet']);
  assert.equal(r.code, 1, r.stdout);
  const triage = readJson<Triage>(repo, 'triage.json');
  assert.deepEqual(triage.diffScope?.files.map((f) => f.path), ['a.js']);
  assert.match(r.stdout, /Diff scope: staged changes \(radius 0\): 1 changed path, 1 file in scope · 1 of 1 reported finding\(s\) on changed lines/);
});

test('bad refs and bad combinations exit 2 naming the flag and the ref', async (t) => {
  const repo = gitRepo(t, { 'a.js': 'exports.a = 1;\n' });
  git(repo, 'branch', 'side');
  writeFileSync(join(repo, 'a.js'), 'exports.a = 2;\n');
  git(repo, 'commit', '-qam', 'two');
  const cases: [string[], RegExp][] = [
    [['--diff', 'nope...HEAD'], /--diff: 'nope' does not name a commit/],
    [['--since', 'v9.9'], /--since: 'v9\.9' does not name a commit/],
    [['--baseline', 'missing-branch'], /--baseline: 'missing-branch' does not name a commit/],
    [['--diff', 'HEAD...side'], /--diff HEAD\.\.\.side: 'side' is [0-9a-f]{12}, but the checked-out commit is [0-9a-f]{12}/],
    [['--diff', 'main'], /--diff takes <base>\.\.\.<head>/],
    [['--since', 'main', '--staged'], /--since and --staged cannot be combined/],
    [['--radius', '1'], /--radius needs --since, --diff or --staged/],
    [['--staged', '--radius', 'x'], /--radius takes a whole number/],
    [['--baseline=-x'], /--baseline: '-x' is not a git ref/],
  ];
  for (const [flags, message] of cases) {
    const r = await runCli(['scan', repo, '--quiet', ...flags]);
    assert.equal(r.code, 2, `${flags.join(' ')}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, message, flags.join(' '));
  }
  const plain = join(repo, '..', `${repo.split('/').pop()}-plain`);
  writeFiles(plain, { 'a.js': 'exports.a = 1;\n' });
  t.after(() => rmSync(plain, { recursive: true, force: true }));
  const outside = await runCli(['scan', plain, '--since', 'HEAD~1', '--quiet']);
  assert.equal(outside.code, 2, outside.stderr);
  assert.match(outside.stderr, /--since needs a git repository with at least one commit/);
});

test('--resume with a different diff is refused, naming the diff scope', async (t) => {
  const repo = gitRepo(t, { 'a.js': 'exports.a = 1;\n' });
  git(repo, 'tag', 'base');
  writeFileSync(join(repo, 'a.js'), 'exports.a = 2;\n');
  git(repo, 'commit', '-qam', 'two');
  assert.equal((await runCli(['scan', repo, '--since', 'base', '--quiet'])).code, 0);
  const r = await runCli(['scan', repo, '--since', 'base', '--radius', '3', '--resume', '--quiet']);
  assert.equal(r.code, 3, r.stdout);
  assert.match(r.stderr, /Cannot resume run .*the diff scope \(--since, --diff, --staged, --radius\): was /);
});

test("a change fixes one old bug and adds one: report.sarif has 1 new, 1 unchanged and 1 absent result, valid for Microsoft's validator", async (t) => {
  const FIXED_BUG = 'exports.drop = function drop(req) { return cp.exec("rm " + req.query.name); };\n';
  const repo = gitRepo(t, { 'app.js': OLD_BUG + FIXED_BUG, 'other.js': 'exports.y = 1;\n' });
  git(repo, 'tag', 'base');
  writeFileSync(join(repo, 'app.js'), OLD_BUG + NEW_BUG);
  git(repo, 'commit', '-qam', 'fix drop, add show');

  const run = await runCli(['scan', repo, '--diff', 'base...HEAD', '--baseline', 'base', '--quiet']);
  assert.equal(run.code, 1, run.stdout + run.stderr);
  assert.match(run.stdout, /Baseline base \([0-9a-f]{12}, worktree-scan\): 1 new, 1 pre-existing, 1 fixed by this change/);
  const baseline = readJson<Baseline>(repo, 'baseline.json');
  assert.deepEqual(baseline.findings?.map((f) => f.startLine).sort(), [2, 3], 'baseline.json records both base findings');
  const report = readJson<ScanReport>(repo, 'scan-report.json');
  assert.deepEqual(report.baseline?.absent.map((f) => [f.file, f.startLine]), [['app.js', 3]]);
  type Result = { baselineState?: string; partialFingerprints: Record<string, string>; locations: { physicalLocation: { region: { startLine: number } } }[] };
  const sarif = readJson<{ runs: { results: Result[] }[] }>(repo, 'report.sarif');
  const byState = new Map(sarif.runs[0]!.results.map((r) => [r.baselineState, r]));
  assert.deepEqual(sarif.runs[0]!.results.map((r) => r.baselineState).sort(), ['absent', 'new', 'unchanged']);
  const absent = byState.get('absent')!;
  assert.equal(absent.locations[0]!.physicalLocation.region.startLine, 3, 'at the fixed bug\'s line at the base');
  assert.ok(!report.findings.some((f) => Object.values(absent.partialFingerprints).includes(f.finding.fingerprint)), 'no head finding shares its fingerprint');
  assertValid(t, sarif);
});
