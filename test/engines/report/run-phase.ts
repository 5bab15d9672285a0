// Runs the real report phase on a temp target: writes the run's input artifacts, then reportPhase.run().
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Finding } from '../../../src/artifacts/schemas/common.ts';
import type { RefereeVerdict } from '../../../src/artifacts/schemas/referee.ts';
import type { CommandIO } from '../../../src/commands/kit/command.ts';
import { writeArtifact } from '../../../src/artifacts/store.ts';
import { silentLogger } from '../../../src/foundations/logger.ts';
import { reportPhase } from '../../../src/phases/report/index.ts';
import { sha256 } from '../../../src/foundations/hashing/hash.ts';
import { DEFAULT_RUN_OPTIONS, DEFAULT_SCOPE } from '../../../src/engines/run/options.ts';
import { doneChunks, hunterOf, planOf, refereeOf, scoredAtTheirSeverity, skepticOf, triageOf } from './helpers.ts';
import { identity } from '../../helpers/builders.ts';

/** A git repository in a temp folder with a configured user; `files` maps path → content. */
export function makeTarget(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'bh-report-'));
  execFileSync('git', ['init', '-q', dir]);
  execFileSync('git', ['-C', dir, 'config', 'user.name', 'Test User']);
  execFileSync('git', ['-C', dir, 'config', 'user.email', 'test@example.com']);
  for (const [path, content] of Object.entries(files)) writeSource(dir, path, content);
  return dir;
}

export function writeSource(target: string, path: string, content: string): void {
  mkdirSync(dirname(join(target, path)), { recursive: true });
  writeFileSync(join(target, path), content);
}

export function removeTarget(target: string): void {
  rmSync(target, { recursive: true, force: true });
}

export function outDirOf(target: string): string {
  return join(target, '.bug-hunter');
}

/** Writes triage … referee for one run in which every listed file was scanned, then runs the report phase. */
export async function runReport(
  target: string,
  runId: string,
  files: string[],
  findings: Finding[],
  verdicts: Record<string, RefereeVerdict['verdict']> = {},
  options: { showSuspected?: boolean; baseCommit?: string } = {},
): Promise<void> {
  const run = { ...identity({ repoRoot: target, runId }), baseCommit: options.baseCommit ?? null };
  const outDir = outDirOf(target);
  const triage = triageOf(files.map((f) => [f]), run);
  // The report re-checks evidence at the hash triage recorded, so record the files' real hashes.
  for (const file of triage.files) if (existsSync(join(target, file.path))) file.sha256 = sha256(readFileSync(join(target, file.path)));
  writeArtifact(outDir, 'triage', triage);
  writeArtifact(outDir, 'adaptive-plan', planOf(triage, run));
  writeArtifact(outDir, 'hunter-findings', hunterOf(findings, doneChunks(triage), run));
  writeArtifact(outDir, 'skeptic', skepticOf(findings, run));
  writeArtifact(outDir, 'referee', scoredAtTheirSeverity(refereeOf(verdicts, findings, run)));
  const controller = new AbortController();
  await reportPhase.run({
    target,
    outDir,
    identity: run,
    options: { ...DEFAULT_RUN_OPTIONS, showSuspected: options.showSuspected ?? false },
    scope: DEFAULT_SCOPE,
    log: silentLogger,
    signal: controller.signal,
  });
}

export function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** A CommandIO that records what a command prints. */
export function capture(cwd: string): CommandIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, cwd, signal: new AbortController().signal, stdout: (t) => out.push(t), stderr: (t) => err.push(t) };
}
