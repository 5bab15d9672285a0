// One commit's investigation: a scratch git worktree detached at the commit (outside the repository, never the
// user's checkout), the orchestrator run on it with an artifact folder of its own, then the worktree removed.
// The artifacts stay under <target>/.bug-hunter/watch/runs/<commit>/; the database indexes them.
import { mkdirSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readArtifactIfPresent } from '../../artifacts/store.ts';
import type { Coverage } from '../../artifacts/schemas/coverage.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import type { Logger } from '../../foundations/logger.ts';
import { addScratchWorktree, removeScratchWorktree } from '../../engines/git/scratch-worktree.ts';
import { sha256 } from '../../foundations/hashing/hash.ts';
import type { RunOptions, ScopeOptions } from '../../engines/run/options.ts';
import type { ModelRequest } from '../../driver/model-setup.ts';
import type { ReadSource } from '../../engines/ledger/update.ts';
import { sourceReader } from '../../engines/ledger/source.ts';
import type { PendingCommit } from './commits.ts';
import type { ScanFocus } from './focus.ts';
import { settledFiles } from './settled.ts';

export interface InvestigationRequest {
  repo: string;
  commit: PendingCommit;
  /** <target>/.bug-hunter/watch/runs: one folder per investigation below it. */
  runsDir: string;
  /** The folder's name under runsDir (default: the commit id). */
  label?: string;
  /** What to look at: the commit's blast radius, the sweep's files, or (empty) the whole tree. */
  focus: ScanFocus;
  options: Partial<RunOptions>;
  scope: Partial<ScopeOptions>;
  models: ModelRequest;
  log: Logger;
  signal: AbortSignal;
}

export interface Investigation {
  outDir: string;
  report: ScanReport | null;
  coverage: Coverage | undefined;
  exitReason: string;
  /** Files examined to the end with no candidate thrown out there (settled.ts): only these can show a fix. */
  scanned: Set<string>;
  cpuMs: number;
  tokens: number;
  interrupted: boolean;
}

/** Where the scratch worktrees of one repository go: a fixed place per repository, so a killed run's is found. */
export function scratchRoot(repo: string): string {
  return join(tmpdir(), `bug-hunter-watch-${sha256(repo).slice(0, 12)}`);
}

/** Removes a scratch worktree this watcher made (it holds only the scan's own writes) and forgets it in git. */
export function removeScratch(repo: string, dir: string): void {
  // Not registered (a half-made one): the folder goes all the same.
  removeScratchWorktree(repo, dir);
}

/** Scans the commit and hands the result, with a reader of the commit's tree, to `then` while the worktree exists. */
export async function investigate<R>(request: InvestigationRequest, then: (investigation: Investigation, read: ReadSource) => R): Promise<R> {
  const { repo, commit } = request;
  const root = scratchRoot(repo);
  mkdirSync(root, { recursive: true });
  const worktree = join(root, commit.sha.slice(0, 16));
  removeScratch(repo, worktree);
  addScratchWorktree(repo, worktree, commit.sha);
  const outDir = join(request.runsDir, request.label ?? commit.sha);
  // The previous attempt at this commit (killed mid-cycle) is started over, not resumed.
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const cpuBefore = process.cpuUsage();
  try {
    const { runScan } = await import('../../driver/scan.ts');
    const result = await runScan({
      target: worktree,
      outDir,
      options: request.options,
      scope: request.scope,
      models: request.models,
      log: request.log,
      signal: request.signal,
      exitPolicy: { allowUncovered: true },
      ...request.focus,
      command: `bug-hunter watch (commit ${commit.sha})`,
    });
    const cpu = process.cpuUsage(cpuBefore);
    const coverage = readArtifactIfPresent(outDir, 'coverage');
    const usage = result.report?.usage;
    return then({
      outDir,
      report: result.report,
      coverage,
      exitReason: result.exitReason,
      scanned: settledFiles(coverage, readArtifactIfPresent(outDir, 'hunter-findings')),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      tokens: usage ? usage.inputTokens + usage.outputTokens : 0,
      interrupted: request.signal.aborted,
    }, sourceReader(worktree));
  } finally {
    removeScratch(repo, worktree);
    // The per-repository folder goes too once empty (rmdir refuses a folder that is not).
    try {
      rmdirSync(root);
    } catch {
      // Not empty or already gone.
    }
  }
}
