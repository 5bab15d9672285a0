// The --baseline step of a scan, run just before the report phase: reuse this run's baseline.json when a resume
// kept it, otherwise scan the base commit in a temporary worktree and write baseline.json for the report to read.
import { join } from 'node:path';
import { readArtifactIfPresent, writeArtifact } from '../artifacts/store.ts';
import { scanBaseInWorktree } from './baseline-worktree.ts';
import type { PhaseContext } from '../phase-kit/types.ts';
import type { ScanRequest, ScanResult } from './scan-types.ts';

export const BASELINE_RUN_DIR = 'baseline-run';

export async function ensureBaseline(ctx: PhaseContext, request: ScanRequest, scan: (request: ScanRequest) => Promise<ScanResult>): Promise<void> {
  const wanted = ctx.options.baseline;
  if (!wanted) return;
  const kept = readArtifactIfPresent(ctx.outDir, 'baseline');
  if (kept && kept.run.runId === ctx.identity.runId && kept.commit === wanted.commit) {
    ctx.log.info(`baseline: ${wanted.ref} (${wanted.commit.slice(0, 12)}) kept from the interrupted run`);
    return;
  }
  const triage = readArtifactIfPresent(ctx.outDir, 'triage');
  const changedPaths = triage?.diffScope?.changed.flatMap((c) => (c.from ? [c.path, c.from] : [c.path]));
  const baseline = await scanBaseInWorktree({
    target: ctx.target,
    outDir: join(ctx.outDir, BASELINE_RUN_DIR),
    ref: wanted.ref,
    commit: wanted.commit,
    request,
    ...(changedPaths ? { changedPaths } : {}),
    identity: ctx.identity,
    log: ctx.log,
    scan,
  });
  writeArtifact(ctx.outDir, 'baseline', baseline);
  ctx.log.info(`baseline: ${baseline.fingerprints.length} finding(s) at ${wanted.ref} (${wanted.commit.slice(0, 12)})`);
}
