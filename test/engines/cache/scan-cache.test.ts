import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import type { Logger } from '../../../src/foundations/logger.ts';
import { countersOf } from '../../../src/engines/cache/usage.ts';
import { runScan } from '../../../src/driver/scan.ts';
import { analysesComputed, clearAnalysisMemo } from '../../../src/engines/static/engine.ts';
import { runCli } from '../../helpers/cli.ts';
import { buggyProject } from '../../helpers/project.ts';
import { git, gitRepo, tempDir } from '../../helpers/temp.ts';

function recording(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, info() {}, progress() {}, warn: (m) => warnings.push(m) };
}

/** Saved per-chunk hunter results of the run in outDir (the resume aid), by file name. */
const savedChunks = (outDir: string) => (existsSync(join(outDir, 'work', 'hunter')) ? readdirSync(join(outDir, 'work', 'hunter')).sort() : []);
const findingsOf = (outDir: string) => readArtifact(outDir, 'scan-report').findings.map((f) => `${f.finding.id} ${f.verdict}`).sort();
/** threat-model.json less what differs between any two runs (the run and the time). */
function threatModelOf(outDir: string): unknown {
  const { run: _run, generatedAt: _at, ...model } = readArtifact(outDir, 'threat-model');
  return model;
}

test('a second scan of an unchanged tree answers every file from the cache, with the same findings; a changed file is analysed again', async (t) => {
  const repo = gitRepo(t, buggyProject(4));
  // Cold: another test in this process (test files share processes) may have analysed these very files.
  clearAnalysisMemo();
  const first = await runScan({ target: repo, log: recording() });
  const threatBefore = threatModelOf(first.outDir);
  const before = readArtifact(first.outDir, 'cache-usage');
  assert.equal(before.enabled, true);
  assert.equal(before.dir, join(first.outDir, 'cache'));
  assert.equal(countersOf(before).static.writes, 4);
  assert.equal(countersOf(before).recon.misses, 4);
  const chunks = savedChunks(first.outDir);
  assert.ok(chunks.length > 0, 'a computed chunk is saved for --resume');

  clearAnalysisMemo();
  const second = await runScan({ target: repo, log: recording() });
  const after = readArtifact(second.outDir, 'cache-usage');
  // Recon and the threat model of the same files come whole from the cache: no per-file lookups.
  assert.deepEqual(countersOf(after)['recon-files'], { hits: 1, misses: 0, corrupt: 0, writes: 0 });
  assert.deepEqual(countersOf(after).recon, { hits: 0, misses: 0, corrupt: 0, writes: 0 });
  assert.equal(countersOf(after).static.misses, 0);
  assert.ok(countersOf(after).static.hits >= 4);
  assert.deepEqual(countersOf(after)['threat-model'], { hits: 1, misses: 0, corrupt: 0, writes: 0 });
  assert.deepEqual(countersOf(after).threat, { hits: 0, misses: 0, corrupt: 0, writes: 0 });
  assert.deepEqual(findingsOf(second.outDir), findingsOf(first.outDir));
  assert.deepEqual(threatModelOf(second.outDir), threatBefore);
  assert.equal(second.exitCode, first.exitCode);
  // Chunks answered whole by the cache are not saved again; a resume of the hunter gets them from the cache.
  assert.deepEqual(savedChunks(second.outDir), []);
  const state = JSON.parse(readFileSync(join(second.outDir, 'state.json'), 'utf8'));
  state.status = 'interrupted';
  const names = Object.keys(state.phases);
  for (const name of names.slice(names.indexOf('hunter'))) state.phases[name] = { status: 'pending' };
  writeFileSync(join(second.outDir, 'state.json'), JSON.stringify(state, null, 2));
  clearAnalysisMemo();
  const resumed = await runScan({ target: repo, resume: true, log: recording() });
  assert.equal(resumed.exitCode, first.exitCode);
  assert.deepEqual(findingsOf(resumed.outDir), findingsOf(first.outDir));
  assert.equal(countersOf(readArtifact(resumed.outDir, 'cache-usage')).static.misses, 0);

  // Without the cache: the same findings and threat model, worked out afresh.
  clearAnalysisMemo();
  const uncached = await runScan({ target: repo, log: recording(), cache: { disabled: true } });
  assert.deepEqual(findingsOf(uncached.outDir), findingsOf(first.outDir));
  assert.deepEqual(threatModelOf(uncached.outDir), threatBefore);

  clearAnalysisMemo();
  appendFileSync(join(repo, 'src/handler2.js'), '// edited\n');
  const third = await runScan({ target: repo, log: recording() });
  const changed = readArtifact(third.outDir, 'cache-usage');
  assert.equal(countersOf(changed).static.misses, 1);
  // The chunk holding the edited file computed something, so it is saved; no other chunk is.
  const saved = savedChunks(third.outDir);
  assert.equal(saved.length, 1, saved.join(', '));
  assert.match(readFileSync(join(third.outDir, 'work', 'hunter', saved[0]!), 'utf8'), /src\/handler2\.js/);
  assert.deepEqual(countersOf(changed)['recon-files'], { hits: 0, misses: 1, corrupt: 0, writes: 1 });
  assert.equal(countersOf(changed).recon.misses, 1);
  assert.equal(countersOf(changed).recon.hits, 3);
  assert.equal(countersOf(changed).threat.misses, 1);
  assert.equal(countersOf(changed).threat.hits, 3);
  assert.deepEqual(countersOf(changed)['threat-model'], { hits: 0, misses: 1, corrupt: 0, writes: 1 });
});

test('--no-cache looks nothing up and writes nothing; cache-usage.json says the cache was off', async (t) => {
  const repo = gitRepo(t, buggyProject(2));
  const result = await runScan({ target: repo, log: recording(), cache: { disabled: true } });
  const usage = readArtifact(result.outDir, 'cache-usage');
  assert.equal(usage.enabled, false);
  assert.equal(usage.dir, null);
  assert.equal(Object.values(usage.kinds).reduce((n, k) => n + k.hits + k.misses + k.writes, 0), 0);
});

test('--no-cache: the skeptic re-checks each finding with the analysis the hunter made in this run, not a new one', async (t) => {
  // More files than the engine's own memo holds (16): without the run's store the skeptic analysed the first again.
  const repo = gitRepo(t, buggyProject(24));
  clearAnalysisMemo();
  const before = analysesComputed();
  const result = await runScan({ target: repo, log: recording(), cache: { disabled: true } });
  assert.equal(readArtifact(result.outDir, 'skeptic').reviews.length, 24);
  assert.equal(analysesComputed() - before, 24, 'one analysis per file, none again for the re-check');
  clearAnalysisMemo();
  const cached = await runScan({ target: repo, log: recording() });
  assert.deepEqual(findingsOf(result.outDir), findingsOf(cached.outDir));
});

test('--cache-dir puts the cache where CI can keep it; a second target with the same files reuses its entries', async (t) => {
  const cacheDir = tempDir(t);
  const a = gitRepo(t, buggyProject(2));
  const b = gitRepo(t, buggyProject(2));
  await runScan({ target: a, log: recording(), cache: { dir: cacheDir } });
  clearAnalysisMemo();
  const second = await runScan({ target: b, log: recording(), cache: { dir: cacheDir } });
  const usage = readArtifact(second.outDir, 'cache-usage');
  assert.equal(usage.dir, cacheDir);
  assert.equal(countersOf(usage)['recon-files'].hits, 1);
});

test('a cache folder the scanned repository tracks in git is refused with a warning: its entries could hide bugs', async (t) => {
  const repo = gitRepo(t, buggyProject(2));
  const planted = join(repo, '.bug-hunter', 'cache', 'static', 'aa');
  mkdirSync(planted, { recursive: true });
  writeFileSync(join(planted, `${'a'.repeat(64)}.json`), '{}');
  git(repo, 'add', '-f', '.bug-hunter/cache');
  git(repo, 'commit', '-q', '-m', 'plant a cache');
  const log = recording();
  const result = await runScan({ target: repo, log });
  assert.equal(readArtifact(result.outDir, 'cache-usage').enabled, false);
  assert.ok(log.warnings.some((w) => /evidence cache not used: .*git tracks 1 file/.test(w)), log.warnings.join('\n'));
  assert.equal(result.exitCode, 1);
});

test('scan refuses --cache-dir naming a file, and --no-cache with --cache-dir, with exit 2 naming the flag', async (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, 'not-a-folder'), 'x');
  const file = await runCli(['scan', dir, '--cache-dir', join(dir, 'not-a-folder')]);
  assert.equal(file.code, 2);
  assert.match(file.stderr, /--cache-dir .*exists and is not a folder/);
  const both = await runCli(['scan', dir, '--no-cache', '--cache-dir', dir]);
  assert.equal(both.code, 2);
  assert.match(both.stderr, /--no-cache and --cache-dir/);
});
