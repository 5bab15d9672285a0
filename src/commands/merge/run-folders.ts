// The I/O shell of `bug-hunter merge`: reads each shard's run folder (every artifact validated) and writes the
// merged run folder, views first and scan-report.json last, so a failed merge never leaves a report behind.
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { hasArtifact, readArtifact, readArtifactIfPresent, writeArtifact } from '../../artifacts/store.ts';
import { IntegrityError, UsageError } from '../../foundations/errors.ts';
import { removeReport, writeReport } from '../../engines/report/files.ts';
import { writeThreatModel } from '../../engines/report/threat-model-files.ts';
import type { MergedRun, ShardRun } from './merge.ts';

/** A shard's run folder (what its scan wrote with --out), real path resolved; a usage error when it is not a folder. */
export function shardFolder(path: string, cwd: string): string {
  const wanted = resolve(cwd, path);
  let real: string;
  try {
    real = realpathSync(wanted);
  } catch {
    throw new UsageError(`${wanted} does not exist. Pass the folders the shard scans wrote (their --out).`);
  }
  if (!statSync(real).isDirectory()) throw new UsageError(`${wanted} is not a folder. Pass the folders the shard scans wrote (their --out).`);
  return real;
}

export function readShardRun(folder: string): ShardRun {
  if (!hasArtifact(folder, 'scan-report')) {
    const state = readArtifactIfPresent(folder, 'state');
    const why = state ? `its run ${state.run.runId} is ${state.status}` : 'no state.json either: not a run folder';
    throw new IntegrityError(`${folder} holds no scan-report.json (${why}). Every shard must finish its scan before the merge.`);
  }
  const verification = readArtifactIfPresent(folder, 'verification-report');
  const baseline = readArtifactIfPresent(folder, 'baseline');
  const threatModel = readArtifactIfPresent(folder, 'threat-model');
  return {
    folder,
    triage: readArtifact(folder, 'triage'),
    plan: readArtifact(folder, 'adaptive-plan'),
    hunter: readArtifact(folder, 'hunter-findings'),
    skeptic: readArtifact(folder, 'skeptic'),
    referee: readArtifact(folder, 'referee'),
    ...(verification ? { verification } : {}),
    ...(baseline ? { baseline } : {}),
    ...(threatModel ? { threatModel } : {}),
    report: readArtifact(folder, 'scan-report'),
  };
}

export function writeMergedRun(outDir: string, merged: MergedRun): void {
  removeReport(outDir);
  writeArtifact(outDir, 'triage', merged.triage);
  writeArtifact(outDir, 'adaptive-plan', merged.plan);
  writeArtifact(outDir, 'hunter-findings', merged.hunter);
  writeArtifact(outDir, 'skeptic', merged.skeptic);
  writeArtifact(outDir, 'referee', merged.referee);
  if (merged.verification) writeArtifact(outDir, 'verification-report', merged.verification);
  if (merged.baseline) writeArtifact(outDir, 'baseline', merged.baseline);
  if (merged.threatModel) writeThreatModel(outDir, merged.threatModel);
  writeArtifact(outDir, 'coverage', merged.coverage);
  writeReport(outDir, merged.scanReport);
}
