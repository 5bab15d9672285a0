import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runScan } from '../../../src/driver/scan.ts';
import { readArtifact } from '../../../src/artifacts/store.ts';
import type { Logger } from '../../../src/foundations/logger.ts';
import { acquireRunLock } from '../../../src/engines/run/lock.ts';
import { runCli } from '../../helpers/cli.ts';
import { buggyProject } from '../../helpers/project.ts';
import { git, gitRepo, tempDir, writeFiles } from '../../helpers/temp.ts';

const quiet: Logger = { info() {}, warn() {}, progress() {} };

/** A logger that aborts the run once the hunter has finished `after` chunks. */
function abortingLogger(controller: AbortController, after: number): Logger {
  return { ...quiet, progress(phase, done) { if (phase === 'hunter' && done === after) controller.abort(new Error('interrupted')); } };
}

function comparable(outDir: string) {
  const report = readArtifact(outDir, 'scan-report');
  return report.findings.map((f) => ({ id: f.finding.id, verdict: f.verdict, tier: f.tier, file: f.finding.file, line: f.finding.startLine }));
}

test('a scan of a git repository writes schema-valid artifacts and exits 1 on confirmed findings', async (t) => {
  const repo = gitRepo(t, buggyProject(3));
  const result = await runScan({ target: repo, log: quiet });
  assert.equal(result.exitCode, 1);
  for (const name of ['triage', 'adaptive-plan', 'hunter-findings', 'skeptic', 'referee', 'scan-report', 'coverage', 'state'] as const) readArtifact(result.outDir, name);
  const state = readArtifact(result.outDir, 'state');
  assert.equal(state.status, 'completed');
  assert.match(state.run.baseCommit ?? '', /^[0-9a-f]{40}$/);
  assert.equal(result.report?.findings.filter((f) => f.verdict === 'confirmed').length, 3);
  // The report handed back (the one this process wrote, not read again) is the one on disk.
  assert.deepEqual(result.report, readArtifact(result.outDir, 'scan-report'));
});

test('a folder that is not a git repository scans with base commit null', async (t) => {
  const dir = tempDir(t);
  writeFiles(dir, buggyProject(1));
  const result = await runScan({ target: dir, log: quiet });
  assert.equal(readArtifact(result.outDir, 'state').run.baseCommit, null);
  assert.equal(result.exitCode, 1);
});

test('a corrupt existing artifact fails with exit 3, names the file, and is not overwritten', async (t) => {
  const repo = gitRepo(t, buggyProject(1));
  writeFiles(repo, { '.bug-hunter/state.json': '{ not json' });
  const r = await runCli(['scan', repo]);
  assert.equal(r.code, 3);
  assert.match(r.stderr, /state\.json is not valid JSON/);
  assert.equal(readFileSync(join(repo, '.bug-hunter/state.json'), 'utf8'), '{ not json');
});

test('a concurrent run is refused with exit 3 and says who holds the lock', async (t) => {
  const repo = gitRepo(t, buggyProject(1));
  mkdirSync(join(repo, '.bug-hunter'));
  const lock = acquireRunLock(join(repo, '.bug-hunter'), 'bug-hunter scan (the other run)');
  t.after(() => lock.release());
  const r = await runCli(['scan', repo]);
  assert.equal(r.code, 3);
  assert.match(r.stderr, /Another bug-hunter run holds .*the other run.*since/);
});

test('an interrupted run resumes to the same final report as an uninterrupted one', async (t) => {
  const repo = gitRepo(t, buggyProject(12));
  const options = { chunkTokens: 80, concurrency: 1 };
  const straight = await runScan({ target: repo, outDir: join(repo, 'straight'), options, log: quiet });

  const controller = new AbortController();
  const out = join(repo, 'interrupted');
  const first = await runScan({ target: repo, outDir: out, options, log: abortingLogger(controller, 3), signal: controller.signal });
  assert.equal(first.exitCode, 3);
  const state = readArtifact(out, 'state');
  assert.equal(state.status, 'interrupted');
  assert.ok(state.chunks.filter((c) => c.status === 'done').length >= 3);
  assert.ok(state.chunks.length < 12 || state.chunks.some((c) => c.status !== 'done'));

  const resumed = await runScan({ target: repo, outDir: out, options, resume: true, log: quiet });
  assert.equal(resumed.exitCode, straight.exitCode);
  assert.deepEqual(comparable(out), comparable(straight.outDir));
  assert.equal(readArtifact(out, 'state').run.runId, state.run.runId);
});

test('resume is refused when the options or the base commit changed', async (t) => {
  const repo = gitRepo(t, buggyProject(4));
  const controller = new AbortController();
  const options = { chunkTokens: 80, concurrency: 1 };
  await runScan({ target: repo, options, log: abortingLogger(controller, 1), signal: controller.signal });

  const otherOptions = await runCli(['scan', repo, '--resume', '--chunk-tokens', '81', '--concurrency', '1']);
  assert.equal(otherOptions.code, 3);
  assert.match(otherOptions.stderr, /Cannot resume run [\w-]+: --chunk-tokens: was 80, now 81\./);

  appendFileSync(join(repo, 'src/handler0.js'), '// changed\n');
  git(repo, 'commit', '-qam', 'change');
  const otherCommit = await runCli(['scan', repo, '--resume', '--chunk-tokens', '80', '--concurrency', '1']);
  assert.equal(otherCommit.code, 3);
  assert.match(otherCommit.stderr, /base commit/);
});

test('resume with no earlier run is a usage error', async (t) => {
  const repo = gitRepo(t, buggyProject(1));
  const r = await runCli(['scan', repo, '--resume']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /no run to resume/);
});

test('a source file changed mid-run fails its chunk closed and the run exits 3', async (t) => {
  const repo = gitRepo(t, buggyProject(6));
  // Change a file after triage recorded its hash, just before the hunter dispatches its first chunk.
  const logger: Logger = { ...quiet, progress(phase, done) { if (phase === 'hunter' && done === 0) writeFileSync(join(repo, 'src/handler5.js'), 'export const changed = true;\n'); } };
  const result = await runScan({ target: repo, options: { chunkTokens: 80, concurrency: 1 }, log: logger });
  assert.equal(result.exitCode, 3);
  const hunter = readArtifact(result.outDir, 'hunter-findings');
  const failed = hunter.chunks.filter((c) => c.status === 'failed');
  assert.equal(failed.length, 1);
  assert.match(failed[0]!.error ?? '', /handler5\.js changed since it was recorded/);
  assert.equal(result.report?.clean, false);
  assert.equal(result.report?.coverage.complete, false);
});

test('files in a language the static engine cannot scan are reported scanner-unsupported by language, never clean; exit 3 only with --require-coverage', async (t) => {
  const repo = gitRepo(t, { 'app.py': 'import os\n\ndef run(cmd):\n    os.system(cmd)\n', 'lib.js': 'export const add = (a, b) => a + b;\n' });
  const result = await runScan({ target: repo, log: quiet });
  const notCovered = result.report?.coverage.notCovered ?? [];
  assert.deepEqual(notCovered.filter((n) => n.status === 'scanner-unsupported').map((n) => n.path), ['app.py']);
  assert.equal(result.report?.clean, false);
  assert.equal(result.report?.coverage.complete, false);
  assert.equal(notCovered.find((n) => n.path === 'app.py')?.language, 'python');
  assert.deepEqual(readArtifact(result.outDir, 'coverage').unsupportedLanguages, { python: 1 });
  // Listed, not counted by default: the run read what an engine reads.
  assert.equal(result.exitCode, 0);
  assert.match(result.exitReason, /python 1 \(app\.py\); --require-coverage counts them/);
  const required = await runScan({ target: repo, log: quiet, exitPolicy: { requireCoverage: true } });
  assert.equal(required.exitCode, 3);
  assert.match(required.exitReason, /app\.py/);
});

test('--loop covers the chunks past --max-chunks; without it they are reported uncovered', async (t) => {
  const repo = gitRepo(t, buggyProject(4));
  const options = { chunkTokens: 80, maxChunks: 1 };
  const limited = await runScan({ target: repo, outDir: join(repo, 'limited'), options, log: quiet });
  assert.equal(limited.exitCode, 3);
  assert.ok((limited.report?.coverage.notCovered ?? []).some((n) => /past the plan's chunk limit/.test(n.reason)));
  const looped = await runScan({ target: repo, outDir: join(repo, 'looped'), options, loop: true, log: quiet });
  assert.equal(looped.report?.coverage.complete, true);
  assert.equal(looped.exitCode, 1);
});
