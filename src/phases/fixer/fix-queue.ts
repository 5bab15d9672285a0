// The fixer's I/O: each scheduled scope entry is fixed in a git worktree from the base commit, proven in the sandbox,
// re-proven on the current head of the base branch, and with --auto-commit committed to a NEW branch; the user's
// working tree is never written. What each step decides (halting, statuses, rows, the branch) is core.ts's.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { FixPlan, FixStrategy, ScopeEntry } from '../../artifacts/schemas/fix.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import type { BodyOf } from '../../phase-kit/declared-io.ts';
import { PhaseError, UsageError } from '../../foundations/errors.ts';
import { applyEdits } from '../../engines/fix/edits.ts';
import { fixOne, prove, readerIn, writeApplied, type FixOneResult } from '../../engines/fix/fix-one.ts';
import { modelProposer, type EditProposer } from '../../engines/fix/propose.ts';
import { resolveRepro } from '../../engines/fix/repro-dir.ts';
import { gitTopLevel, headCommit } from '../../engines/git/git.ts';
import { addWorktree, commitToNewBranch, removeWorktreeSafely, resetWorktree } from '../../engines/git/worktree.ts';
import { selectBackend } from '../../engines/sandbox/select.ts';
import type { SandboxBackend } from '../../engines/sandbox/types.ts';
import { modelFor, type PhaseContext } from '../../phase-kit/types.ts';
import {
  assertScopeHere,
  commitMessage,
  emptyOutcome,
  fixBranch,
  fixRow,
  fixStatus,
  haltReason,
  noModelReason,
  scheduledClusters,
  scheduledWork,
  systemicRunAfter,
  unscheduledRows,
} from './core.ts';

type Fix = BodyOf<'fix-report'>['fixes'][number];
/** The scope the fixer works under: fixer-scope.json without its header. */
export type Grant = BodyOf<'fixer-scope'>;

export interface FixerDeps {
  proposer?: EditProposer;
  backend?: SandboxBackend;
  /** Per-fix time limit; default 30 minutes. */
  fixTimeLimitMs?: number;
}

export async function fixQueue(ctx: PhaseContext, deps: FixerDeps, plan: FixPlan, strategy: FixStrategy, report: ScanReport, scope: Grant): Promise<BodyOf<'fix-report'>> {
  assertScopeHere(scope, ctx.identity.repoRoot);
  const fixerModel = modelFor(ctx, 'fixer');
  const proposer = deps.proposer ?? (fixerModel ? modelProposer(fixerModel) : null);
  const noModel = noModelReason(proposer !== null);
  if (noModel && scope.entries.length > 0) ctx.log.warn(`--fix: ${noModel}.`);
  const backend = deps.backend ?? selectBackend({ backend: ctx.options.sandboxBackend ?? 'auto', allowUnsandboxed: ctx.options.allowUnsandboxed ?? false });
  // The worktrees are made from the user's tree: its installed (gitignored) node_modules are the ones a run binds.
  const env = { backend, signal: ctx.signal, installedFrom: scope.repoRoot, ...(ctx.options.dependencies ? { dependencies: ctx.options.dependencies } : {}) };
  const byId = new Map(report.findings.map((f) => [f.finding.id, f]));
  // The scan may cover a subfolder of the repository: scope paths are relative to it, worktrees hold the whole repo.
  const top = gitTopLevel(scope.repoRoot);
  if (!top) throw new UsageError(`Fixing needs a git repository: ${scope.repoRoot} is not inside one.`);
  const sub = relative(realpathSync(top), scope.repoRoot);
  const inTree = (wt: string) => join(wt, sub);
  const scratch = mkdtempSync(join(tmpdir(), 'bh-fix-'));
  const worktree = join(scratch, 'base');
  const left: string[] = [];
  const fixes: Fix[] = [];
  const proven: Array<{ entry: ScopeEntry; result: FixOneResult }> = [];
  let halted: string | null = null;
  const work = scope.entries.length > 0 && !noModel;
  if (work) addWorktree(scope.repoRoot, worktree, scope.baseCommit);
  try {
    let systemicRun = 0;
    for (const clusterId of scheduledClusters(plan)) {
      const { entry, findings } = scheduledWork(scope, clusterId, byId);
      if (noModel || halted || ctx.signal.aborted) {
        fixes.push(...findings.map((f) => fixRow(f, clusterId, 'skipped', emptyOutcome(noModel ?? halted ?? 'interrupted'))));
        continue;
      }
      const reproDirs = new Map(findings.map((f) => [f.finding.id, f.repro?.dir ? resolveRepro(ctx.outDir, f.repro.dir) : null]));
      const result = await fixOne({ entry, findings, reproDirs, worktree, root: inTree(worktree), baseCommit: scope.baseCommit, margin: scope.marginLines, proposer: proposer!, env, ...(deps.fixTimeLimitMs !== undefined ? { timeLimitMs: deps.fixTimeLimitMs } : {}) });
      systemicRun = systemicRunAfter(systemicRun, result);
      halted = haltReason(systemicRun) ?? halted;
      let status = fixStatus(result);
      if (result.success === 'proven') {
        const again = await reproveOnHead(scope, entry, result, { findings, reproDirs, env }, scratch, left, inTree);
        if (again) {
          status = 'fixed-unproven';
          result.attempts.push({ outcome: 'unproven', reason: again });
        } else proven.push({ entry, result });
      }
      fixes.push(...findings.map((f) => fixRow(f, clusterId, status, result)));
      ctx.log.progress('fixer', fixes.length, scope.entries.length);
    }
  } finally {
    const removal = work ? removeWorktreeSafely(scope.repoRoot, worktree, scope.baseCommit) : ({ removed: true } as const);
    if (!removal.removed) left.push(`${worktree} (${removal.reason})`);
    else rmSync(scratch, { recursive: true, force: true });
  }
  fixes.push(...unscheduledRows(strategy, plan, byId));
  const branch = ctx.options.autoCommit && proven.length > 0 ? commitProven(ctx, scope, proven, left, sub) : null;
  return { baseCommit: scope.baseCommit, branch, halted, fixes, leftWorktrees: left };
}

// "Ready" means it still works on the branch as it is now, not only on the commit the scan saw.
async function reproveOnHead(scope: Grant, entry: ScopeEntry, result: FixOneResult, proof: Parameters<typeof prove>[0], scratch: string, left: string[], inTree: (wt: string) => string): Promise<string | null> {
  const head = headCommit(scope.repoRoot);
  if (!head) return 'the base branch has no head commit to re-prove on';
  if (head === scope.baseCommit) return null;
  const dir = join(scratch, `head-${entry.clusterId}`);
  addWorktree(scope.repoRoot, dir, head);
  try {
    const root = inTree(dir);
    const applied = applyEdits(result.edits, entry, Number.MAX_SAFE_INTEGER, readerIn(root));
    if (!applied.ok) return `does not apply to the current head ${head.slice(0, 12)}: ${applied.reason}`;
    writeApplied(root, applied.files);
    const again = await prove(proof, root);
    result.after = [...result.after, ...again.lines.map((l) => `head ${head.slice(0, 12)}: ${l}`)];
    if (again.systemic || !again.suiteGreen || !again.repro.every((r) => r.light !== 'red')) return `not proven again on the current head ${head.slice(0, 12)}: ${again.lines.join('; ')}`;
    return null;
  } finally {
    resetWorktree(dir, head);
    const removal = removeWorktreeSafely(scope.repoRoot, dir, head);
    if (!removal.removed) left.push(`${dir} (${removal.reason})`);
  }
}

function commitProven(ctx: PhaseContext, scope: Grant, proven: Array<{ entry: ScopeEntry; result: FixOneResult }>, left: string[], sub: string): string {
  const branch = fixBranch(ctx.identity.runId);
  const start = headCommit(scope.repoRoot) ?? scope.baseCommit;
  const dir = mkdtempSync(join(tmpdir(), 'bh-fix-commit-'));
  rmSync(dir, { recursive: true });
  const ids = proven.flatMap((p) => p.entry.bugIds);
  const { left: stayed } = commitToNewBranch(scope.repoRoot, dir, branch, start, (wt) => {
    const paths: string[] = [];
    for (const { entry, result } of proven) {
      const root = join(wt, sub);
      const applied = applyEdits(result.edits, entry, Number.MAX_SAFE_INTEGER, readerIn(root));
      if (!applied.ok) throw new PhaseError(`A proven fix no longer applies while committing: ${applied.reason}`);
      writeApplied(root, applied.files);
      for (const path of applied.files.keys()) paths.push(sub ? `${sub.split(sep).join('/')}/${path}` : path);
    }
    return paths;
  }, commitMessage(ids, ctx.identity.runId));
  if (stayed) left.push(stayed);
  return branch;
}
