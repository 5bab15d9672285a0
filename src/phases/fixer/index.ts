// The fixer phase (only with --fix): each executable scope entry is fixed in a git worktree from the base commit,
// proven in the sandbox, re-proven on the current head of the base branch, and with --auto-commit committed to a
// NEW branch. The user's working tree is never written. Returns fix-report.json's body; report.md gains its fixes section.
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, sep } from 'node:path';
import { readArtifact } from '../../artifacts/store.ts';
import type { FixPlan, FixReport, FixStrategy, ScopeEntry } from '../../artifacts/schemas/fix.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { definePhase } from '../../phase-kit/define-phase.ts';
import type { BodyOf } from '../../phase-kit/declared-io.ts';
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import { IntegrityError, PhaseError, UsageError } from '../../foundations/errors.ts';
import { failedAgain, HALT_AFTER, mustHalt, noFailures } from '../../engines/halt/halt.ts';
import { applyEdits } from '../../engines/fix/edits.ts';
import { renderFixesSection, withFixesSection } from '../../engines/fix/markdown.ts';
import { gitTopLevel, headCommit } from '../../engines/git/git.ts';
import { addWorktree, commitToNewBranch, removeWorktreeSafely, resetWorktree } from '../../engines/git/worktree.ts';
import { selectBackend } from '../../engines/sandbox/select.ts';
import type { SandboxBackend } from '../../engines/sandbox/types.ts';
import { modelFor, type PhaseContext } from '../../phase-kit/types.ts';
import { fixOne, prove, readerIn, writeApplied, type FixOneResult } from '../../engines/fix/fix-one.ts';
import { modelProposer, type EditProposer } from '../../engines/fix/propose.ts';

export const SYSTEMIC_HALT = HALT_AFTER;
type Fix = FixReport['fixes'][number];

export interface FixerDeps {
  proposer?: EditProposer;
  backend?: SandboxBackend;
  /** Per-fix time limit; default 30 minutes. */
  fixTimeLimitMs?: number;
}

export function createFixerPhase(deps: FixerDeps = {}) {
  return definePhase({
    name: 'fixer',
    summary: 'apply scoped fixes with red-to-green proof',
    reads: { 'fix-plan': 'required', 'fix-strategy': 'required', 'scan-report': 'required', 'fixer-scope': 'optional' },
    writes: ['fix-report'],
    roles: ['fixer'],
    // report.md is a view: when the report phase wrote one, it gains (or refreshes) its fixes section.
    views: [{ file: 'report.md', render: (written, outDir) => written['fix-report'] && withFixes(outDir, written['fix-report']) }],
    async run(ctx, inputs) {
      // Nothing executable means no scope was granted: every finding is reported as manual-review or skipped.
      const granted = inputs['fixer-scope'] ?? (inputs['fix-plan'].canary.length + inputs['fix-plan'].waves.length > 0 ? readArtifact(ctx.outDir, 'fixer-scope') : emptyScope(ctx));
      return { 'fix-report': await fix(ctx, deps, inputs['fix-plan'], inputs['fix-strategy'], inputs['scan-report'], granted) };
    },
  });
}

export const fixerPhase = createFixerPhase();

/** Runs the fixer phase and returns fix-report.json as written. */
export async function runFixer(ctx: PhaseContext, deps: FixerDeps = {}): Promise<FixReport> {
  return (await createFixerPhase(deps).run(ctx))['fix-report'] as FixReport;
}

async function fix(ctx: PhaseContext, deps: FixerDeps, plan: FixPlan, strategy: FixStrategy, report: ScanReport, scope: Grant): Promise<BodyOf<'fix-report'>> {
  if (scope.repoRoot !== ctx.identity.repoRoot) throw new IntegrityError(`fixer-scope.json is bound to ${scope.repoRoot}, not this repository (${ctx.identity.repoRoot}).`);
  const fixerModel = modelFor(ctx, 'fixer');
  const proposer = deps.proposer ?? (fixerModel ? modelProposer(fixerModel) : null);
  // Like repro without a tester: no model means nothing is attempted, and every finding says so.
  const noModel = proposer ? null : "skipped: no model is configured for the 'fixer' role (see 'bug-hunter init')";
  if (noModel && scope.entries.length > 0) ctx.log.warn(`--fix: ${noModel}.`);
  const backend = deps.backend ?? selectBackend({ backend: ctx.options.sandboxBackend ?? 'auto', allowUnsandboxed: ctx.options.allowUnsandboxed ?? false });
  const env = { backend, signal: ctx.signal, ...(ctx.options.dependencies ? { dependencies: ctx.options.dependencies } : {}) };
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
    let systemicRun = noFailures();
    for (const clusterId of [...plan.canary, ...plan.waves.flat()]) {
      const entry = scope.entries.find((e) => e.clusterId === clusterId);
      if (!entry) throw new IntegrityError(`fix-plan.json lists ${clusterId} but fixer-scope.json grants nothing for it; the plan and the scope disagree.`);
      const findings = entry.bugIds.map((id) => byId.get(id) ?? missing(id));
      if (noModel || halted || ctx.signal.aborted) {
        fixes.push(...findings.map((f) => row(f, clusterId, 'skipped', emptyResult(noModel ?? halted ?? 'interrupted'))));
        continue;
      }
      const reproDirs = new Map(findings.map((f) => [f.finding.id, f.repro?.dir ? resolveRepro(ctx.outDir, f.repro.dir) : null]));
      const result = await fixOne({ entry, findings, reproDirs, worktree, root: inTree(worktree), baseCommit: scope.baseCommit, margin: scope.marginLines, proposer: proposer!, env, ...(deps.fixTimeLimitMs !== undefined ? { timeLimitMs: deps.fixTimeLimitMs } : {}) });
      systemicRun = result.success ? noFailures() : result.attempts.every((a) => a.outcome === 'systemic') ? failedAgain(systemicRun, clusterId, result.trailingSystemic) : noFailures();
      if (mustHalt(systemicRun, SYSTEMIC_HALT)) halted = `halted after ${systemicRun.count} consecutive systemic failures (crash, timeout or setup)`;
      let status: Fix['status'] = result.success === 'proven' ? 'fixed-proven' : result.success === 'unproven' ? 'fixed-unproven' : 'rolled-back';
      if (result.success === 'proven') {
        const again = await reproveOnHead(scope, entry, result, { findings, reproDirs, env }, scratch, left, inTree);
        if (again) {
          status = 'fixed-unproven';
          result.attempts.push({ outcome: 'unproven', reason: again });
        } else proven.push({ entry, result });
      }
      fixes.push(...findings.map((f) => row(f, clusterId, status, result)));
      ctx.log.progress('fixer', fixes.length, scope.entries.length);
    }
  } finally {
    const removal = work ? removeWorktreeSafely(scope.repoRoot, worktree, scope.baseCommit) : ({ removed: true } as const);
    if (!removal.removed) left.push(`${worktree} (${removal.reason})`);
    else rmSync(scratch, { recursive: true, force: true });
  }
  for (const c of strategy.clusters.filter((x) => x.classification !== 'safe-autofix' && !plan.canary.includes(x.id) && !plan.waves.flat().includes(x.id))) {
    const status = c.classification === 'report-only' ? 'skipped' : 'manual-review';
    for (const id of c.findingIds) fixes.push(row(byId.get(id) ?? missing(id), c.id, status, emptyResult(`${c.classification}: ${c.reasons.join('; ')}`)));
  }
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
  const branch = `bug-hunter/fix-${ctx.identity.runId.replace(/[^A-Za-z0-9._-]/g, '-')}`;
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
  }, `bug-hunter: fix ${ids.join(', ')}\n\nProven red to green in the sandbox (run ${ctx.identity.runId}).`);
  if (stayed) left.push(stayed);
  return branch;
}

/** The scope the fixer works under: fixer-scope.json without its header. */
type Grant = BodyOf<'fixer-scope'>;

/** report.md with the fixes section, or undefined when the report phase wrote none. */
function withFixes(outDir: string, report: FixReport): string | undefined {
  const path = join(outDir, 'report.md');
  return existsSync(path) ? withFixesSection(readFileSync(path, 'utf8'), renderFixesSection(report)) : undefined;
}

function emptyScope(ctx: PhaseContext): Grant {
  if (!ctx.identity.baseCommit) throw new UsageError(`Fixing needs a git repository with at least one commit: ${ctx.identity.repoRoot} has none.`);
  return { repoRoot: ctx.identity.repoRoot, baseCommit: ctx.identity.baseCommit, marginLines: 0, entries: [] };
}

export function resolveRepro(outDir: string, dir: string): string {
  if (isAbsolute(dir) || dir.split('/').includes('..')) throw new IntegrityError(`scan-report.json names a repro folder outside the artifact folder: ${dir}`);
  return join(outDir, dir);
}

function missing(id: string): never {
  throw new IntegrityError(`fixer-scope.json grants ${id}, which scan-report.json does not list; the scope and the report are from different runs.`);
}

function emptyResult(reason: string): FixOneResult {
  return { success: null, edits: [], patch: '', attempts: [{ outcome: 'unproven', reason }], before: [], after: [], trailingSystemic: 0 };
}

function row(f: ReportedFinding, clusterId: string, status: Fix['status'], r: FixOneResult): Fix {
  return { findingId: f.finding.id, clusterId, status, patch: status.startsWith('fixed') ? r.patch : '', attempts: r.attempts, before: r.before, after: r.after };
}
