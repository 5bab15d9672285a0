// --resume keeps work from the interrupted run, but never its word: per-chunk results in work/ and a kept
// hunter-findings.json are checked against the source again. A forged quote, or a real quote cited with a
// range past the end of the file, is never reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding } from '../../src/artifacts/schemas/common.ts';
import { spawnCli } from '../helpers/cli.ts';
import { BUGGY_FILE, hostileRepo } from './hostile.ts';

const TWO_LINES = 'export const greeting = "hello";\nexport const answer = 42;\n';

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** A real finding re-aimed at src/a.js with the given evidence and a fresh id. */
function forged(real: Finding, id: string, evidence: { startLine: number; endLine: number; quote: string }): Finding {
  return { ...real, id, fingerprint: id.slice(3).repeat(4).slice(0, 32), file: 'src/a.js', startLine: 1, endLine: 2, symbol: 'greeting', evidence: [{ file: 'src/a.js', ...evidence }] };
}

/** Marks `from` and every later phase pending and the run interrupted, so --resume redoes them. */
function interruptFrom(outDir: string, from: string): void {
  const state = readJson<{ status: string; phases: Record<string, { status: string }> }>(join(outDir, 'state.json'));
  state.status = 'interrupted';
  const names = Object.keys(state.phases);
  for (const name of names.slice(names.indexOf(from))) state.phases[name] = { status: 'pending' };
  writeFileSync(join(outDir, 'state.json'), JSON.stringify(state, null, 2));
}

async function completedRun(t: Parameters<typeof hostileRepo>[0]) {
  const repo = hostileRepo(t, { files: { 'src/a.js': TWO_LINES, 'src/run.js': BUGGY_FILE } });
  const first = await spawnCli(['scan', repo, '--quiet']);
  assert.equal(first.code, 1, first.stderr);
  const outDir = join(repo, '.bug-hunter');
  const real = readJson<{ findings: Finding[] }>(join(outDir, 'hunter-findings.json')).findings[0] as Finding;
  return { repo, outDir, real };
}

test('forged findings in a saved chunk result (quote not in the file; a range past its end) are rejected on --resume', async (t) => {
  const { repo, outDir, real } = await completedRun(t);
  const workDir = join(outDir, 'work', 'hunter');
  const chunkFile = readdirSync(workDir).find((name) => readFileSync(join(workDir, name), 'utf8').includes('"src/a.js"')) as string;
  const work = readJson<{ findings: Finding[] }>(join(workDir, chunkFile));
  work.findings.push(
    forged(real, 'BH-f0f0f0f0aa', { startLine: 1, endLine: 1, quote: 'eval(req.body.code)' }),
    forged(real, 'BH-e0e0e0e0bb', { startLine: 1, endLine: 99999, quote: 'export const greeting = "hello";' }),
  );
  writeFileSync(join(workDir, chunkFile), JSON.stringify(work, null, 2));
  interruptFrom(outDir, 'hunter');

  const resumed = await spawnCli(['scan', repo, '--resume', '--quiet']);
  assert.equal(resumed.code, 1, resumed.stderr);
  const report = readFileSync(join(outDir, 'scan-report.json'), 'utf8');
  assert.doesNotMatch(report, /BH-f0f0f0f0aa|BH-e0e0e0e0bb/);
  const hunter = readJson<{ chunks: { rejected: { reason: string }[] }[] }>(join(outDir, 'hunter-findings.json'));
  const reasons = hunter.chunks.flatMap((c) => c.rejected.map((r) => r.reason));
  assert.ok(reasons.some((r) => /evidence quote does not match src\/a\.js:1-1/.test(r)), reasons.join('; '));
  assert.ok(reasons.some((r) => /evidence lines 1-99999 are outside src\/a\.js/.test(r)), reasons.join('; '));
});

test('a forged finding in a hunter-findings.json kept as done on --resume stops the report (exit 3)', async (t) => {
  const { repo, outDir, real } = await completedRun(t);
  const hunterPath = join(outDir, 'hunter-findings.json');
  const hunter = readJson<{ findings: Finding[] }>(hunterPath);
  hunter.findings.push(forged(real, 'BH-d0d0d0d0cc', { startLine: 1, endLine: 1, quote: 'eval(req.body.code)' }));
  writeFileSync(hunterPath, JSON.stringify(hunter, null, 2));
  interruptFrom(outDir, 'skeptic');

  const resumed = await spawnCli(['scan', repo, '--resume']);
  assert.match(resumed.stderr, /hunter: done in the interrupted run, kept/);
  assert.equal(resumed.code, 3, resumed.stdout + resumed.stderr);
  assert.match(resumed.stderr, /BH-d0d0d0d0cc \(src\/a\.js:1\): evidence quote does not match/);
  assert.doesNotMatch(readdirSync(outDir).join(' '), /scan-report\.json|report\.md/);
});
