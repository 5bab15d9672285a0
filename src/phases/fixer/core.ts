// The fixer phase's decisions, pure: which findings a scheduled cluster fixes (plan, scope and report must agree),
// when nothing is attempted (no model, halted, interrupted), when the queue halts (three consecutive systemic
// failures), the status and report row of each finding, the rows of clusters never scheduled, and the branch and
// commit message of proven fixes.
import type { RunIdentity } from '../../artifacts/schemas/common.ts';
import type { FixAttempt, FixerScope, FixPlan, FixReport, FixStrategy, ScopeEntry } from '../../artifacts/schemas/fix.ts';
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import { renderFixesSection, withFixesSection } from '../../engines/fix/markdown.ts';
import { IntegrityError, UsageError } from '../../foundations/errors.ts';
import { HALT_AFTER } from '../../engines/halt/halt.ts';

export const SYSTEMIC_HALT = HALT_AFTER;
type Fix = FixReport['fixes'][number];
type Grant = Pick<FixerScope, 'repoRoot' | 'baseCommit' | 'marginLines' | 'entries'>;

/** What a fix attempt left (src/engines/fix/fix-one.ts's FixOneResult, without its edits). */
export interface FixOutcome {
  success: 'proven' | 'unproven' | null;
  patch: string;
  attempts: FixAttempt[];
  before: string[];
  after: string[];
  /** Attempts that ended on a crash, timeout or setup failure, counted from the last one backwards. */
  trailingSystemic: number;
}

export function assertScopeHere(scope: Grant, repoRoot: string): void {
  if (scope.repoRoot !== repoRoot) throw new IntegrityError(`fixer-scope.json is bound to ${scope.repoRoot}, not this repository (${repoRoot}).`);
}

/** Like repro without a tester: no model means nothing is attempted, and every finding says so. */
export function noModelReason(hasProposer: boolean): string | null {
  return hasProposer ? null : "skipped: no model is configured for the 'fixer' role (see 'bug-hunter init')";
}

/** The clusters in the order they are fixed: the canary first, then each wave. */
export function scheduledClusters(plan: FixPlan): string[] {
  return [...plan.canary, ...plan.waves.flat()];
}

/** The scope entry of a scheduled cluster and its findings as the report lists them. */
export function scheduledWork(scope: Grant, clusterId: string, byId: ReadonlyMap<string, ReportedFinding>): { entry: ScopeEntry; findings: ReportedFinding[] } {
  const entry = scope.entries.find((e) => e.clusterId === clusterId);
  if (!entry) throw new IntegrityError(`fix-plan.json lists ${clusterId} but fixer-scope.json grants nothing for it; the plan and the scope disagree.`);
  return { entry, findings: entry.bugIds.map((id) => byId.get(id) ?? missing(id)) };
}

/** The consecutive systemic failures after this fix: reset by a success or by any failure that was not all systemic. */
export function systemicRunAfter(run: number, result: FixOutcome): number {
  return result.success ? 0 : result.attempts.every((a) => a.outcome === 'systemic') ? run + result.trailingSystemic : 0;
}

export function haltReason(systemicRun: number): string | null {
  return systemicRun >= SYSTEMIC_HALT ? `halted after ${systemicRun} consecutive systemic failures (crash, timeout or setup)` : null;
}

export function fixStatus(result: FixOutcome): Fix['status'] {
  return result.success === 'proven' ? 'fixed-proven' : result.success === 'unproven' ? 'fixed-unproven' : 'rolled-back';
}

export function emptyOutcome(reason: string): FixOutcome {
  return { success: null, patch: '', attempts: [{ outcome: 'unproven', reason }], before: [], after: [], trailingSystemic: 0 };
}

export function fixRow(f: ReportedFinding, clusterId: string, status: Fix['status'], r: FixOutcome): Fix {
  return { findingId: f.finding.id, clusterId, status, patch: status.startsWith('fixed') ? r.patch : '', attempts: r.attempts, before: r.before, after: r.after };
}

/** Clusters the plan did not schedule: report-only ones are skipped, the rest are left for a person, with the reasons. */
export function unscheduledRows(strategy: FixStrategy, plan: FixPlan, byId: ReadonlyMap<string, ReportedFinding>): Fix[] {
  const scheduled = new Set(scheduledClusters(plan));
  const rows: Fix[] = [];
  for (const c of strategy.clusters.filter((x) => x.classification !== 'safe-autofix' && !scheduled.has(x.id))) {
    const status = c.classification === 'report-only' ? 'skipped' : 'manual-review';
    for (const id of c.findingIds) rows.push(fixRow(byId.get(id) ?? missing(id), c.id, status, emptyOutcome(`${c.classification}: ${c.reasons.join('; ')}`)));
  }
  return rows;
}

export function fixBranch(runId: string): string {
  return `bug-hunter/fix-${runId.replace(/[^A-Za-z0-9._-]/g, '-')}`;
}

export function commitMessage(bugIds: readonly string[], runId: string): string {
  return `bug-hunter: fix ${bugIds.join(', ')}\n\nProven red to green in the sandbox (run ${runId}).`;
}

/** report.md with its fixes section (added or refreshed); undefined when the report phase wrote no report.md. */
export function reportWithFixes(markdown: string | undefined, report: FixReport): string | undefined {
  return markdown === undefined ? undefined : withFixesSection(markdown, renderFixesSection(report));
}

function missing(id: string): never {
  throw new IntegrityError(`fixer-scope.json grants ${id}, which scan-report.json does not list; the scope and the report are from different runs.`);
}

/** With nothing executable no scope was granted: an empty one at the base commit (fixing still needs one). */
export function emptyScope(identity: RunIdentity): Grant {
  if (!identity.baseCommit) throw new UsageError(`Fixing needs a git repository with at least one commit: ${identity.repoRoot} has none.`);
  return { repoRoot: identity.repoRoot, baseCommit: identity.baseCommit, marginLines: 0, entries: [] };
}
