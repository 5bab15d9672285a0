// The report phase: the driver hands it every artifact of the run; it joins them (pure), updates the ledger and
// returns scan-report.json and coverage.json, which the driver stamps and writes after their views report.md and
// report.sarif (rendered from scan-report.json only).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { artifactPath, readArtifactIfPresent, writeArtifact } from '../../artifacts/store.ts';
import type { Baseline } from '../../artifacts/schemas/baseline.ts';
import type { DepFindings } from '../../artifacts/schemas/dep-findings.ts';
import type { HunterFindings } from '../../artifacts/schemas/hunter-findings.ts';
import type { LeadReport, Leads as LeadsArtifact } from '../../artifacts/schemas/leads.ts';
import type { Referee } from '../../artifacts/schemas/referee.ts';
import type { Ledger } from '../../artifacts/schemas/memory.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { usagePath, readUsage } from '../../engines/budget/ledger.ts';
import { IntegrityError, PhaseError } from '../../foundations/errors.ts';
import { writeFileAtomic } from '../../foundations/fs/atomic.ts';
import { recheckFindings } from '../../engines/integrity/recheck.ts';
import { sourceReader } from '../../engines/ledger/source.ts';
import { reverificationQueue, updateLedger } from '../../engines/ledger/update.ts';
import { joinReport, stampFirstSeen } from '../../engines/report/join.ts';
import { leadsReport } from '../../engines/leads/report.ts';
import { renderMarkdown } from '../../engines/report/markdown.ts';
import { renderSarif } from '../../engines/report/sarif.ts';
import { memoryDir, memoryWritable, readMemory, updateMemory } from '../../engines/suppress/lock.ts';
import { emptySuppressions } from '../../engines/suppress/suppressions.ts';
import { loadSuppressions } from '../../engines/suppress/sources.ts';
import { definePhase } from '../../phase-kit/define-phase.ts';
import type { WrittenOf } from '../../phase-kit/declared-io.ts';
import { optInStarted, type PhaseContext } from '../../phase-kit/types.ts';

export const REPORT_FILES = { markdown: 'report.md', sarif: 'report.sarif' } as const;

/** report.md and report.sarif: rendered from scan-report.json alone, written before it. */
export const REPORT_VIEWS = [
  { file: REPORT_FILES.markdown, render: (report: ScanReport) => renderMarkdown(report) },
  { file: REPORT_FILES.sarif, render: (report: ScanReport) => `${JSON.stringify(renderSarif(report), null, 2)}\n` },
] as const;

export const reportPhase = definePhase({
  name: 'report',
  summary: 'join everything into scan-report.json, report.md, report.sarif, coverage.json',
  // Also reads suppressions.json and ledger.json from <target>/.bug-hunter (not --out): they belong to the target.
  reads: {
    triage: 'required',
    'adaptive-plan': 'required',
    'threat-model': 'optional',
    'hunter-findings': 'required',
    skeptic: 'required',
    referee: 'required',
    'verification-report': 'optional',
    reproductions: 'optional',
    'dep-findings': 'optional',
    leads: 'optional',
    baseline: 'optional',
  },
  // coverage.json before scan-report.json: the report is the last file a run writes.
  writes: ['coverage', 'scan-report'],
  roles: [],
  views: REPORT_VIEWS.map((view) => ({ file: view.file, render: (written: WrittenOf<'coverage' | 'scan-report'>) => written['scan-report'] && view.render(written['scan-report']) })),
  async run(ctx, inputs) {
    const { triage, 'adaptive-plan': plan, 'hunter-findings': hunter, skeptic, referee } = inputs;
    const now = new Date();
    // The budget writes usage.json at most every 500 ms: flush it, or the report counts only the tokens written so far.
    await ctx.budget?.flush();
    // A report left from an earlier run must not stand in for this one if anything below fails.
    removeReport(ctx.outDir);
    // Each entry's source (committed at HEAD or not) and, in a diff-aware scan, whether it existed at the diff's base.
    const suppressions = loadSuppressions(ctx.target, {
      ignoreRepository: Boolean(ctx.options.noRepoSuppressions),
      ...(triage.diffScope ? { diffBase: triage.diffScope.from ?? null } : {}),
    });
    const checked = new Map<string, string>();
    const broken = recheckFindings(ctx.target, hunter.findings, new Map(triage.files.map((f) => [f.path, f.sha256])), checked);
    if (broken) {
      throw new IntegrityError(
        `hunter-findings.json holds a finding whose evidence does not hold against the source: ${broken}. ` +
          "The source changed since the hunter ran, or the file was edited; run 'bug-hunter scan' again without --resume.",
      );
    }
    const { reproductions } = inputs;
    const { scanReport, coverage } = joinReport({
      triage,
      plan,
      hunter,
      skeptic,
      referee,
      verification: inputs['verification-report'],
      ...(reproductions ? { reproductions } : {}),
      ...(ctx.options.baseline ? { baseline: baselineOf(ctx, inputs.baseline) } : {}),
      // Absent when the threat phase did not run: security findings are then scored with the assumptions named in each metric.
      threatModel: inputs['threat-model'],
      ...dependencyScan(ctx, inputs['dep-findings']),
      suppressions,
      requestedChecks: requestedChecks(ctx, inputs['verification-report'], reproductions),
      options: { failOn: ctx.options.failOn, showSuspected: ctx.options.showSuspected },
      usage: runUsage(ctx),
      durationMs: runDuration(ctx, now),
      identity: ctx.identity,
    });
    // The ledger is read and written under its lock; this run's findings decide what is open, fixed or dismissed.
    // The files the re-check above just read are the ledger's view of them too (the rest it reads itself).
    // The ledger counts as dismissed by a person only what a suppression actually hid.
    const setAside = new Set((scanReport.suppressions?.notApplied ?? []).flatMap((n) => (n.fingerprint ? [n.fingerprint] : [])));
    const applied = { ...emptySuppressions(), entries: suppressions.entries.filter((e) => !setAside.has(e.fingerprint)) };
    const update = (current: Ledger | undefined) => updateLedger(current, { ...scanReport, run: ctx.identity }, applied, sourceReader(ctx.target, checked), now);
    let ledger: Ledger;
    if (memoryWritable(ctx.target)) {
      ledger = await updateMemory(ctx.target, 'ledger', (current) => {
        const next = update(current);
        return { next, result: next };
      });
    } else {
      // A read-only target scanned with --out still gets its report; only the cross-run memory is not saved.
      ledger = update(readMemory(ctx.target, 'ledger'));
      ctx.log.warn(`${memoryDir(ctx.target)} is not writable, so ledger.json was not updated; the report is complete.`);
    }
    stampFirstSeen(scanReport.findings, ledger);
    const leads = leadsOfRun(ctx, inputs.leads, hunter, referee);
    if (leads) scanReport.leads = leads;

    const queued = reverificationQueue(ledger).length;
    const c = scanReport.counts;
    ctx.log.info(
      `report: ${c.byVerdict.confirmed ?? 0} confirmed, ${c.byVerdict['manual-review'] ?? 0} manual-review, ${c.byVerdict.unreviewed ?? 0} unreviewed, ` +
        `${c.byVerdict.dismissed ?? 0} dismissed, ${c.suppressed} suppressed; coverage ${scanReport.coverage.filesScanned}/${scanReport.coverage.filesInScope}` +
        `${scanReport.clean ? '; clean' : ''}${queued ? `; ${queued} ledger finding(s) queued for re-verification` : ''}`,
    );
    return { coverage, 'scan-report': scanReport };
  },
});

/**
 * The views first, then scan-report.json (validated) last, each written atomically: a run that fails part-way
 * leaves no scan-report.json, so neither `bug-hunter report` nor the exit code can take a partial write for success.
 */
export function writeReport(outDir: string, report: ScanReport): void {
  const views = REPORT_VIEWS.map((view) => ({ file: view.file, text: view.render(report) }));
  try {
    for (const view of views) writeFileAtomic(join(outDir, view.file), view.text);
    writeArtifact(outDir, 'scan-report', report);
  } catch (error) {
    removeReport(outDir);
    throw error;
  }
}

/** Removes the report files of an earlier run (scan-report.json, coverage.json, report.md, report.sarif). */
export function removeReport(outDir: string): void {
  for (const path of [artifactPath(outDir, 'scan-report'), artifactPath(outDir, 'coverage'), join(outDir, REPORT_FILES.markdown), join(outDir, REPORT_FILES.sarif)]) {
    rmSync(path, { force: true });
  }
}

// Asked for but missing is a failed phase: findings would otherwise all count as new, or all as old.
function baselineOf(ctx: PhaseContext, baseline: Baseline | undefined): Baseline {
  if (!baseline) throw new PhaseError(`--baseline ${ctx.options.baseline?.ref} was asked for, but ${artifactPath(ctx.outDir, 'baseline')} is missing. Run 'bug-hunter scan --baseline <ref>' again.`);
  return baseline;
}

// dep-findings.json joins the report when this run wrote it (scan --dep-scan, or phase deps): the driver hands the
// phase no input of another run. A --dep-scan run without it is a failed report, never a report without dependencies.
function dependencyScan(ctx: PhaseContext, dependencies: DepFindings | undefined): { dependencies?: DepFindings } {
  if (dependencies) return { dependencies };
  if (ctx.options.depScan) throw new PhaseError(`${artifactPath(ctx.outDir, 'dep-findings')} is missing for run ${ctx.identity.runId}, which asked for --dep-scan. Run 'bug-hunter phase deps' first.`);
  return {};
}

// The checks this run was asked for: the scan records each opt-in phase it ran in state.json; a phase run by hand
// counts as asked for when it wrote its artifact for this run.
function requestedChecks(ctx: PhaseContext, verification: { run: { runId: string } } | undefined, reproductions: unknown): { verify: boolean; repro: boolean; depScan: boolean } {
  return {
    verify: optInStarted(ctx, 'verify') || verification !== undefined,
    repro: optInStarted(ctx, 'repro') || reproductions !== undefined,
    depScan: Boolean(ctx.options.depScan),
  };
}

function runUsage(ctx: PhaseContext): ScanReport['usage'] | undefined {
  const run = readUsage(usagePath(ctx.outDir)).runs.find((r) => r.runId === ctx.identity.runId);
  return run ? { inputTokens: run.totals.inputTokens, outputTokens: run.totals.outputTokens, costUsd: run.totals.costUsd } : undefined;
}

function runDuration(ctx: PhaseContext, now: Date): number {
  const startedAt = ctx.state?.state.startedAt ?? readArtifactIfPresent(ctx.outDir, 'state')?.startedAt;
  return startedAt ? Math.max(0, now.getTime() - Date.parse(startedAt)) : 0;
}

// With --leads: what became of each other analyser's result (leads.json of another run is no input of this one).
function leadsOfRun(ctx: PhaseContext, leads: LeadsArtifact | undefined, hunter: HunterFindings, referee: Referee): LeadReport[] | undefined {
  if (!ctx.options.leads?.length) return undefined;
  if (!leads) throw new PhaseError(`${artifactPath(ctx.outDir, 'leads')} is missing for run ${ctx.identity.runId}, which was given --leads. Run 'bug-hunter phase leads' first.`);
  return leadsReport(leads, hunter, referee);
}
