// Obtains the --baseline fingerprints by scanning the base commit in a temporary git worktree with the same
// options and scope (a diff scope hands over the head's changed paths). The worktree is always removed.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { BaseFinding, Baseline } from '../artifacts/schemas/baseline.ts';
import type { Logger } from '../foundations/logger.ts';
import { PhaseError } from '../foundations/errors.ts';
import { gitTopLevel } from '../engines/git/git.ts';
import { withScratchWorktree } from '../engines/git/scratch-worktree.ts';
import type { ScanRequest, ScanResult } from './scan-types.ts';
import type { RunIdentity } from '../artifacts/schemas/common.ts';
import { stamp } from '../artifacts/stamp.ts';
import { baseFindings, baseFingerprints } from '../engines/baseline/fingerprints.ts';

export interface BaselineScanInput {
  target: string;
  /** Where the base run's artifacts go (kept for inspection). */
  outDir: string;
  ref: string;
  commit: string;
  /** The head scan's request: options, scope and models are reused. */
  request: ScanRequest;
  /** The head's changed paths, when the head scan is diff-aware. */
  changedPaths?: string[];
  identity: RunIdentity;
  log: Logger;
  /** runScan, passed in so this module does not import the orchestrator that calls it. */
  scan: (request: ScanRequest) => Promise<ScanResult>;
}

function prefixed(log: Logger): Logger {
  return {
    info: (m) => log.info(`baseline: ${m}`),
    warn: (m) => log.warn(`baseline: ${m}`),
    progress: (phase, done, total, extra) => log.progress(`baseline ${phase}`, done, total, extra),
  };
}

export async function scanBaseInWorktree(input: BaselineScanInput): Promise<Baseline> {
  const top = gitTopLevel(input.target);
  if (!top) throw new PhaseError(`--baseline needs a git repository; ${input.target} is not in one.`);
  const short = input.commit.slice(0, 12);
  input.log.info(`baseline: scanning ${input.ref} (${short}) in a temporary worktree`);
  // Our own scratch worktree: forced removal is safe here (nothing in it is the user's).
  const onRemoveError = (tree: string, error: Error) => input.log.warn(`baseline: could not remove the temporary worktree ${tree} (${error.message}); pruning it.`);
  return withScratchWorktree(top, input.commit, async (tree) => {
    const baseTarget = join(tree, relative(top, input.target));
    const { request } = input;
    let fingerprints: string[] = [];
    let findings: BaseFinding[] = [];
    let detail: string;
    if (!existsSync(baseTarget)) {
      detail = `the target folder does not exist at ${short}, so nothing was there before`;
    } else {
      const diff = request.diff ? { diff: request.diff, changedPaths: input.changedPaths ?? [] } : {};
      const { record: _record, ...models } = request.models ?? {};
      const result = await input.scan({
        target: baseTarget,
        outDir: input.outDir,
        // Only what shapes findings: the base is scanned, never verified, reproduced or fixed.
        options: { ...request.options, fix: false, autoCommit: false },
        ...(request.scope ? { scope: request.scope } : {}),
        ...diff,
        ...(request.loop ? { loop: true } : {}),
        models,
        // The same evidence cache (a CI's persisted --cache-dir serves the base's unchanged files too).
        ...(request.cache ? { cache: request.cache } : {}),
        log: prefixed(input.log),
        ...(request.signal ? { signal: request.signal } : {}),
      });
      // "Could not check" is never "nothing was there": a failed or incomplete base run fails this one.
      if (!result.report || result.report.status !== 'complete') {
        throw new PhaseError(`--baseline ${input.ref}: the scan of ${short} did not complete (${result.exitReason}); its artifacts are in ${input.outDir}.`);
      }
      fingerprints = baseFingerprints(result.report);
      findings = baseFindings(result.report);
      detail = `run ${result.report.run.runId} on ${short}: ${result.report.coverage.filesScanned} file(s) scanned, ${fingerprints.length} finding(s) not dismissed; artifacts in ${input.outDir}`;
    }
    return stamp('baseline', { ref: input.ref, commit: input.commit, source: 'worktree-scan', detail, fingerprints, findings }, input.identity, new Date().toISOString());
  }, { prefix: 'bh-baseline-', onRemoveError });
}
