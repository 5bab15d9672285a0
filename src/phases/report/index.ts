// The report phase: reads every artifact of the run, joins them (pure), updates the ledger, and writes
// scan-report.json, coverage.json, report.md and report.sarif. The views are rendered from scan-report.json only.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { artifactPath, readArtifact, readArtifactIfPresent, writeArtifact } from '../../artifacts/store.ts';
import type { DepFindings } from '../../artifacts/schemas/dep-findings.ts';
import type { HunterFindings } from '../../artifacts/schemas/hunter-findings.ts';
import type { LeadReport } from '../../artifacts/schemas/leads.ts';
import type { Referee } from '../../artifacts/schemas/referee.ts';
import type { Reproductions } from '../../artifacts/schemas/reproductions.ts';
import type { Ledger } from '../../artifacts/schemas/memory.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { usagePath, readUsage } from '../../budget/ledger.ts';
import { IntegrityError, PhaseError } from '../../errors.ts';
import { writeFileAtomic } from '../../fs/atomic.ts';
import { recheckFindings } from '../../integrity/recheck.ts';
import { sourceReader } from '../../ledger/source.ts';
import { reverificationQueue, updateLedger } from '../../ledger/update.ts';
import { joinReport, stampFirstSeen } from '../../report/join.ts';
import { leadsReport } from '../../leads/report.ts';
import { renderMarkdown } from '../../report/markdown.ts';
import { renderSarif } from '../../report/sarif.ts';
import { memoryDir, memoryWritable, readMemory, updateMemory } from '../../suppress/lock.ts';
import { emptySuppressions } from '../../suppress/suppressions.ts';
import type { PhaseContext, PhaseDefinition } from '../types.ts';

export const REPORT_FILES = { markdown: 'report.md', sarif: 'report.sarif' } as const;

export const reportPhase: PhaseDefinition = {
  name: 'report',
  summary: 'join everything into scan-report.json, report.md, report.sarif, coverage.json',
  // Also reads suppressions.json and ledger.json from <target>/.bug-hunter (not --out): they belong to the target.
  reads: ['triage', 'adaptive-plan', 'threat-model', 'hunter-findings', 'skeptic', 'referee', 'verification-report', 'reproductions', 'dep-findings', 'leads', 'baseline'],
  requires: ['triage', 'adaptive-plan', 'hunter-findings', 'skeptic', 'referee'],
  writes: ['scan-report', 'coverage'],
  roles: [],
  async run(ctx) {
    const now = new Date();
    // The budget writes usage.json at most every 500 ms: flush it, or the report counts only the tokens written so far.
    await ctx.budget?.flush();
    // A report left from an earlier run must not stand in for this one if anything below fails.
    removeReport(ctx.outDir);
    const suppressions = readMemory(ctx.target, 'suppressions') ?? emptySuppressions();
    const triage = readArtifact(ctx.outDir, 'triage');
    const plan = readArtifact(ctx.outDir, 'adaptive-plan');
    const hunter = readArtifact(ctx.outDir, 'hunter-findings');
    const skeptic = readArtifact(ctx.outDir, 'skeptic');
    const referee = readArtifact(ctx.outDir, 'referee');
    const broken = recheckFindings(ctx.target, hunter.findings, new Map(triage.files.map((f) => [f.path, f.sha256])));
    if (broken) {
      throw new IntegrityError(
        `hunter-findings.json holds a finding whose evidence does not hold against the source: ${broken}. ` +
          "The source changed since the hunter ran, or the file was edited; run 'bug-hunter scan' again without --resume.",
      );
    }
    const { scanReport, coverage } = joinReport({
      triage,
      plan,
      hunter,
      skeptic,
      referee,
      verification: readArtifactIfPresent(ctx.outDir, 'verification-report'),
      ...reproductionsOfRun(ctx),
      ...(ctx.options.baseline ? { baseline: readBaseline(ctx) } : {}),
      // Absent when the threat phase did not run: security findings are then scored with the assumptions named in each metric.
      threatModel: readArtifactIfPresent(ctx.outDir, 'threat-model'),
      ...dependencyScan(ctx),
      suppressions,
      options: { failOn: ctx.options.failOn, showSuspected: ctx.options.showSuspected },
      usage: runUsage(ctx),
      durationMs: runDuration(ctx, now),
      identity: ctx.identity,
      now,
    });
    // The ledger is read and written under its lock; this run's findings decide what is open, fixed or dismissed.
    const update = (current: Ledger | undefined) => updateLedger(current, scanReport, suppressions, sourceReader(ctx.target), now);
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
    const leads = leadsOfRun(ctx, hunter, referee);
    if (leads) scanReport.leads = leads;
    writeArtifact(ctx.outDir, 'coverage', coverage);
    writeReport(ctx.outDir, scanReport);

    const queued = reverificationQueue(ledger).length;
    const c = scanReport.counts;
    ctx.log.info(
      `report: ${c.byVerdict.confirmed ?? 0} confirmed, ${c.byVerdict['manual-review'] ?? 0} manual-review, ${c.byVerdict.unreviewed ?? 0} unreviewed, ` +
        `${c.byVerdict.dismissed ?? 0} dismissed, ${c.suppressed} suppressed; coverage ${scanReport.coverage.filesScanned}/${scanReport.coverage.filesInScope}` +
        `${scanReport.clean ? '; clean' : ''}${queued ? `; ${queued} ledger finding(s) queued for re-verification` : ''}`,
    );
  },
};

/**
 * The views first, then scan-report.json (validated) last, each written atomically: a run that fails part-way
 * leaves no scan-report.json, so neither `bug-hunter report` nor the exit code can take a partial write for success.
 */
export function writeReport(outDir: string, report: ScanReport): void {
  const markdown = renderMarkdown(report);
  const sarif = `${JSON.stringify(renderSarif(report), null, 2)}\n`;
  try {
    writeFileAtomic(join(outDir, REPORT_FILES.markdown), markdown);
    writeFileAtomic(join(outDir, REPORT_FILES.sarif), sarif);
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
function readBaseline(ctx: PhaseContext) {
  const baseline = readArtifactIfPresent(ctx.outDir, 'baseline');
  if (!baseline) throw new PhaseError(`--baseline ${ctx.options.baseline?.ref} was asked for, but ${artifactPath(ctx.outDir, 'baseline')} is missing. Run 'bug-hunter scan --baseline <ref>' again.`);
  return baseline;
}

// dep-findings.json joins the report when this run wrote it (scan --dep-scan, or phase deps); one left by another
// run is not this run's. A --dep-scan run without it is a failed report, never a report without dependencies.
function dependencyScan(ctx: PhaseContext): { dependencies?: DepFindings } {
  const found = readArtifactIfPresent(ctx.outDir, 'dep-findings');
  if (found && found.run.runId === ctx.identity.runId) return { dependencies: found };
  if (ctx.options.depScan) throw new PhaseError(`${artifactPath(ctx.outDir, 'dep-findings')} is missing for run ${ctx.identity.runId}, which asked for --dep-scan. Run 'bug-hunter phase deps' first.`);
  return {};
}

// The repro phase's outcomes join the report when this run wrote them; another run's are not this run's proof.
function reproductionsOfRun(ctx: PhaseContext): { reproductions?: Reproductions } {
  const found = readArtifactIfPresent(ctx.outDir, 'reproductions');
  return found && found.run.runId === ctx.identity.runId ? { reproductions: found } : {};
}

function runUsage(ctx: PhaseContext): ScanReport['usage'] | undefined {
  const run = readUsage(usagePath(ctx.outDir)).runs.find((r) => r.runId === ctx.identity.runId);
  return run ? { inputTokens: run.totals.inputTokens, outputTokens: run.totals.outputTokens, costUsd: run.totals.costUsd } : undefined;
}

function runDuration(ctx: PhaseContext, now: Date): number {
  const startedAt = ctx.state?.state.startedAt ?? readArtifactIfPresent(ctx.outDir, 'state')?.startedAt;
  return startedAt ? Math.max(0, now.getTime() - Date.parse(startedAt)) : 0;
}

// With --leads: what became of each other analyser's result. leads.json of another run is not this run's.
function leadsOfRun(ctx: PhaseContext, hunter: HunterFindings, referee: Referee): LeadReport[] | undefined {
  if (!ctx.options.leads?.length) return undefined;
  const found = readArtifactIfPresent(ctx.outDir, 'leads');
  if (!found || found.run.runId !== ctx.identity.runId) throw new PhaseError(`${artifactPath(ctx.outDir, 'leads')} is missing for run ${ctx.identity.runId}, which was given --leads. Run 'bug-hunter phase leads' first.`);
  return leadsReport(found, hunter, referee);
}
