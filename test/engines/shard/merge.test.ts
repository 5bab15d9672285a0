// scan --shard i/n on each "runner", then merge: the same findings and coverage as one full scan; shards that do
// not make one whole scan are refused with the reason. On a copy of examples/demo-api in a git repo, through the CLI's
// main() in this process (one load of the engine for every scan); the first merge runs the compiled CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Coverage } from '../../../src/artifacts/schemas/coverage.ts';
import type { ScanReport } from '../../../src/artifacts/schemas/scan-report.ts';
import { runCli, spawnCli } from '../../helpers/cli.ts';
import { git, gitRepo, tempDir } from '../../helpers/temp.ts';

const DEMO = fileURLToPath(new URL('../../../examples/demo-api', import.meta.url));
// A small chunk budget cuts the demo into several chunks (one or two files each), so three shards share them.
const SPLIT = ['--chunk-tokens', '300', '--quiet'];

const readJson = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;
const reportOf = (dir: string) => readJson<ScanReport>(join(dir, 'scan-report.json'));

/** Everything a reader of the report acts on; run ids, times and first-seen stamps differ between runs by design. */
function outcome(dir: string) {
  const r = reportOf(dir);
  return {
    findings: r.findings.map(({ firstSeenRun: _seen, ...f }) => f),
    counts: r.counts,
    chunks: r.chunks,
    coverage: r.coverage,
    status: r.status,
    clean: r.clean,
    notClean: r.notClean,
    files: readJson<Coverage>(join(dir, 'coverage.json')).files,
  };
}

function demoRepo(t: Parameters<typeof gitRepo>[0]): string {
  const repo = gitRepo(t, { 'README.md': '# copy of examples/demo-api\n' });
  cpSync(DEMO, repo, { recursive: true, filter: (src) => !src.includes('.bug-hunter') });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'demo');
  return repo;
}

test('scan --shard 1/3, 2/3, 3/3 then merge gives the same findings and coverage as one full scan', async (t) => {
  const repo = demoRepo(t);
  const outs = tempDir(t, 'bh-shards-');
  const full = await runCli(['scan', repo, '--out', join(outs, 'full'), ...SPLIT]);
  assert.equal(full.code, 1, full.stderr);
  const fullReport = reportOf(join(outs, 'full'));
  assert.ok(fullReport.chunks.total >= 3, `the demo needs several chunks for this test (got ${fullReport.chunks.total})`);
  assert.ok(fullReport.counts.byVerdict.confirmed! >= 3);

  const shards = [1, 2, 3].map((i) => join(outs, `shard-${i}`));
  const owned: string[][] = [];
  for (const [i, dir] of shards.entries()) {
    const run = await runCli(['scan', repo, '--shard', `${i + 1}/3`, '--out', dir, ...SPLIT]);
    assert.ok(run.code === 0 || run.code === 1, `shard ${i + 1}/3 exit ${run.code}: ${run.stderr}`);
    assert.match(run.stdout, new RegExp(`Shard: shard ${i + 1}/3`));
    const r = reportOf(dir);
    assert.equal(r.shard?.index, i + 1);
    assert.equal(r.chunks.total, r.shard!.chunks.length, "a shard answers for its own chunks only");
    // The other shards' files are theirs: listed as skipped with the owning shard, never as a gap of this run.
    const others = r.coverage.notCovered.filter((n) => /belongs to shard \d\/3/.test(n.reason));
    assert.ok(others.every((n) => n.status === 'skipped'));
    assert.equal(r.coverage.notCovered.filter((n) => n.status !== 'skipped').length, 0);
    assert.match(readFileSync(join(dir, 'report.md'), 'utf8'), new RegExp(`\\| Shard \\| shard ${i + 1}/3`));
    owned.push(r.shard!.chunks);
  }
  assert.deepEqual(owned.flat().sort(), readJson<{ chunks: { id: string }[] }>(join(outs, 'full', 'triage.json')).chunks.map((c) => c.id).sort());
  assert.ok(owned.filter((o) => o.length > 0).length >= 2, `the hash should spread the chunks over the shards: ${owned.map((o) => o.length).join(', ')}`);

  const merged = join(outs, 'merged');
  // Given in any order.
  const merge = await spawnCli(['merge', shards[2]!, shards[0]!, shards[1]!, '--out', merged]);
  assert.equal(merge.code, full.code, merge.stdout + merge.stderr);
  assert.match(merge.stdout, /merged from 3 shards: 1\/3 .*, 2\/3 .*, 3\/3 /);
  assert.deepEqual(outcome(merged), outcome(join(outs, 'full')));
  const mergedReport = reportOf(merged);
  assert.deepEqual(mergedReport.mergedFrom!.map((m) => m.shard), ['1/3', '2/3', '3/3']);
  assert.equal(mergedReport.shard, undefined);
  assert.equal(mergedReport.run.baseCommit, fullReport.run.baseCommit);
  assert.equal(mergedReport.run.optionsHash, fullReport.run.optionsHash, 'the shards share the full scan’s options identity');
  const sarif = readJson<{ runs: { results: unknown[] }[] }>(join(merged, 'report.sarif'));
  assert.equal(sarif.runs[0]!.results.length, readJson<{ runs: { results: unknown[] }[] }>(join(outs, 'full', 'report.sarif')).runs[0]!.results.length);
  // The merged folder is a run folder like any other.
  const shown = await runCli(['report', repo, '--out', merged, '--json']);
  assert.equal(shown.code, 0, shown.stderr);
  assert.equal((JSON.parse(shown.stdout) as { findings: unknown[] }).findings.length, fullReport.findings.filter((f) => f.verdict === 'confirmed' && !f.suppressed && f.tier !== 'T3').length);

  // Refusals, each naming what is wrong.
  const missing = await runCli(['merge', shards[0]!, shards[2]!, '--out', join(outs, 'm-missing')]);
  assert.equal(missing.code, 3);
  assert.match(missing.stderr, /shard 2\/3 is missing, so (chunk-\d+(, )?)+ would go unscanned/);
  const twice = await runCli(['merge', shards[0]!, shards[1]!, shards[1]!, shards[2]!, '--out', join(outs, 'm-twice')]);
  assert.equal(twice.code, 2);
  assert.match(twice.stderr, /shard 2\/3 is given twice/);
  const notShard = await runCli(['merge', join(outs, 'full'), shards[1]!, '--out', join(outs, 'm-full')]);
  assert.equal(notShard.code, 2);
  assert.match(notShard.stderr, /full is not a shard run/);
  const intoShard = await runCli(['merge', ...shards, '--out', shards[0]!]);
  assert.equal(intoShard.code, 2);
  assert.match(intoShard.stderr, /--out .* is one of the shard folders/);
  for (const refused of ['m-missing', 'm-twice', 'm-full']) {
    assert.throws(() => readFileSync(join(outs, refused, 'scan-report.json')), /ENOENT/, `${refused}: a refused merge writes no report`);
  }

  // A shard that hunted a chunk another shard owns would count it twice.
  const g = owned.findIndex((o) => o.length > 0);
  const foreign = owned.find((o, i) => i !== g && o.length > 0)![0]!;
  const greedy = join(outs, 'shard-greedy');
  cpSync(shards[g]!, greedy, { recursive: true });
  const hunterPath = join(greedy, 'hunter-findings.json');
  const hunter = readJson<{ chunks: { chunkId: string }[] }>(hunterPath);
  hunter.chunks.push({ ...hunter.chunks[0]!, chunkId: foreign });
  writeFileSync(hunterPath, JSON.stringify(hunter));
  const others = shards.filter((_, i) => i !== g);
  const twiceCovered = await runCli(['merge', greedy, ...others, '--out', join(outs, 'm-greedy')]);
  assert.equal(twiceCovered.code, 3, twiceCovered.stderr);
  assert.match(twiceCovered.stderr, new RegExp(`shard ${g + 1}/3 hunted ${foreign}, which another shard owns`));

  // A shard scanned after the tree moved on is another scan.
  writeFileSync(join(repo, 'src', 'added.js'), 'export const added = 1;\n');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'later');
  const late = join(outs, 'shard-3-later');
  const lateRun = await runCli(['scan', repo, '--shard', '3/3', '--out', late, ...SPLIT]);
  assert.ok(lateRun.code === 0 || lateRun.code === 1, lateRun.stderr);
  const mixed = await runCli(['merge', shards[0]!, shards[1]!, late, '--out', join(outs, 'm-mixed')]);
  assert.equal(mixed.code, 3);
  assert.match(mixed.stderr, /shard-3-later \(shard 3\/3\) is not from the same scan as .*: base commit/);
});

test('a bad --shard is a usage error naming the flag', async (t) => {
  const repo = gitRepo(t, { 'src/a.js': 'export const a = 1;\n' });
  const run = await runCli(['scan', repo, '--shard', '4/3', '--quiet']);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /--shard takes i\/n .* \(got '4\/3'\)/);
});

test('shards of a diff-aware scan with --baseline merge into the same new and pre-existing findings as one scan', async (t) => {
  const repo = demoRepo(t);
  const base = git(repo, 'rev-parse', 'HEAD').trim();
  // The head adds a command injection in a new route and touches users.js (whose old bugs stay pre-existing).
  writeFileSync(join(repo, 'src', 'routes', 'extra.js'), "import { exec } from 'node:child_process';\n\nexport function ping(req, res) {\n  exec('ping ' + req.query.host, () => res.end());\n}\n");
  writeFileSync(join(repo, 'src', 'routes', 'users.js'), `${readFileSync(join(repo, 'src', 'routes', 'users.js'), 'utf8')}// touched\n`);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'head');
  const head = git(repo, 'rev-parse', 'HEAD').trim();
  const flags = ['--diff', `${base}...${head}`, '--baseline', base, ...SPLIT];
  const outs = tempDir(t, 'bh-shards-diff-');
  const full = await runCli(['scan', repo, '--out', join(outs, 'full'), ...flags]);
  assert.equal(full.code, 1, full.stderr);
  const fullReport = reportOf(join(outs, 'full'));
  assert.equal(fullReport.baseline?.new, 1);
  assert.ok((fullReport.baseline?.preExisting ?? 0) >= 1);
  const shards = [1, 2].map((i) => join(outs, `shard-${i}`));
  for (const [i, dir] of shards.entries()) {
    const run = await runCli(['scan', repo, '--shard', `${i + 1}/2`, '--out', dir, ...flags]);
    assert.ok(run.code === 0 || run.code === 1, run.stderr);
  }
  assert.ok(shards.every((dir) => reportOf(dir).shard!.chunks.length > 0), 'both shards hold a changed chunk');
  const merged = join(outs, 'merged');
  const merge = await runCli(['merge', ...shards, '--out', merged]);
  assert.equal(merge.code, 1, merge.stdout + merge.stderr);
  assert.deepEqual(outcome(merged), outcome(join(outs, 'full')));
  const { detail: _d1, ...mergedBaseline } = reportOf(merged).baseline!;
  const { detail: _d2, ...fullBaseline } = fullReport.baseline!;
  assert.deepEqual(mergedBaseline, fullBaseline);
  const states = readJson<{ runs: { results: { baselineState?: string }[] }[] }>(join(merged, 'report.sarif')).runs[0]!.results.map((r) => r.baselineState).sort();
  assert.deepEqual(states, ['new', ...Array<string>(states.length - 1).fill('unchanged')]);
});
