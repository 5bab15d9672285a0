// The report phase's decisions around the join (src/engines/report/join.ts), pure: an input the run asked for but did
// not write is a failed report (never a report without it), which checks count as asked for, which suppressions the
// ledger may count as a person's dismissal, the run's usage and duration, and the one-line summary.
import type { Baseline } from '../../artifacts/schemas/baseline.ts';
import type { DepFindings } from '../../artifacts/schemas/dep-findings.ts';
import type { HunterFindings } from '../../artifacts/schemas/hunter-findings.ts';
import type { LeadReport, Leads } from '../../artifacts/schemas/leads.ts';
import type { Suppressions } from '../../artifacts/schemas/memory.ts';
import type { Referee } from '../../artifacts/schemas/referee.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import type { UsageFile } from '../../engines/budget/usage-schema.ts';
import { leadsReport } from '../../engines/leads/report.ts';
import { emptySuppressions } from '../../engines/suppress/suppressions.ts';
import { IntegrityError, PhaseError } from '../../foundations/errors.ts';

/** What the run was asked for, and where a missing input would have been (for the message). */
export interface ReportRequest {
  runId: string;
  /** --baseline <ref>. */
  baselineRef?: string;
  depScan: boolean;
  /** --leads was given. */
  leads: boolean;
  /** The artifact paths named in a failure. */
  paths: { baseline: string; depFindings: string; leads: string };
}

/** hunter-findings.json whose evidence no longer holds against the source is no input to report on. */
export function assertEvidenceHolds(broken: string | undefined | null): void {
  if (!broken) return;
  throw new IntegrityError(
    `hunter-findings.json holds a finding whose evidence does not hold against the source: ${broken}. ` +
      "The source changed since the hunter ran, or the file was edited; run 'bug-hunter scan' again without --resume.",
  );
}

// Asked for but missing is a failed phase: findings would otherwise all count as new, or all as old.
export function baselineInput(request: ReportRequest, baseline: Baseline | undefined): { baseline?: Baseline } {
  if (request.baselineRef === undefined) return {};
  if (!baseline) throw new PhaseError(`--baseline ${request.baselineRef} was asked for, but ${request.paths.baseline} is missing. Run 'bug-hunter scan --baseline <ref>' again.`);
  return { baseline };
}

// dep-findings.json joins the report when this run wrote it (scan --dep-scan, or phase deps): the driver hands the
// phase no input of another run. A --dep-scan run without it is a failed report, never a report without dependencies.
export function dependencyInput(request: ReportRequest, dependencies: DepFindings | undefined): { dependencies?: DepFindings } {
  if (dependencies) return { dependencies };
  if (request.depScan) throw new PhaseError(`${request.paths.depFindings} is missing for run ${request.runId}, which asked for --dep-scan. Run 'bug-hunter phase deps' first.`);
  return {};
}

// The checks this run was asked for: the scan records each opt-in phase it ran in state.json (`recorded`); a phase
// run by hand counts as asked for when it wrote its artifact for this run.
export function requestedChecks(
  recorded: { verify: boolean; repro: boolean },
  written: { verification: unknown; reproductions: unknown },
  depScan: boolean,
): { verify: boolean; repro: boolean; depScan: boolean } {
  return { verify: recorded.verify || written.verification !== undefined, repro: recorded.repro || written.reproductions !== undefined, depScan };
}

/** The ledger counts as dismissed by a person only what a suppression actually hid. */
export function appliedSuppressions<E extends { fingerprint: string }>(scanReport: Pick<ScanReport, 'suppressions'>, suppressions: { entries: readonly E[] }): Omit<Suppressions, 'entries'> & { entries: E[] } {
  const setAside = new Set((scanReport.suppressions?.notApplied ?? []).flatMap((n) => (n.fingerprint ? [n.fingerprint] : [])));
  return { ...emptySuppressions(), entries: suppressions.entries.filter((e) => !setAside.has(e.fingerprint)) };
}

// With --leads: what became of each other analyser's result (leads.json of another run is no input of this one).
export function leadsOfRun(request: ReportRequest, leads: Leads | undefined, hunter: HunterFindings, referee: Referee): LeadReport[] | undefined {
  if (!request.leads) return undefined;
  if (!leads) throw new PhaseError(`${request.paths.leads} is missing for run ${request.runId}, which was given --leads. Run 'bug-hunter phase leads' first.`);
  return leadsReport(leads, hunter, referee);
}

export function runUsage(usage: UsageFile, runId: string): ScanReport['usage'] | undefined {
  const run = usage.runs.find((r) => r.runId === runId);
  return run ? { inputTokens: run.totals.inputTokens, outputTokens: run.totals.outputTokens, costUsd: run.totals.costUsd } : undefined;
}

export function runDuration(startedAt: string | undefined, now: Date): number {
  return startedAt ? Math.max(0, now.getTime() - Date.parse(startedAt)) : 0;
}

export function reportSummary(scanReport: Pick<ScanReport, 'counts' | 'coverage' | 'clean'>, queued: number): string {
  const c = scanReport.counts;
  return (
    `report: ${c.byVerdict.confirmed ?? 0} confirmed, ${c.byVerdict['manual-review'] ?? 0} manual-review, ${c.byVerdict.unreviewed ?? 0} unreviewed, ` +
    `${c.byVerdict.dismissed ?? 0} dismissed, ${c.suppressed} suppressed; coverage ${scanReport.coverage.filesScanned}/${scanReport.coverage.filesInScope}` +
    `${scanReport.clean ? '; clean' : ''}${queued ? `; ${queued} ledger finding(s) queued for re-verification` : ''}`
  );
}
