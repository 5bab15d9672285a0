// The report phase: the driver hands it every artifact of the run; it joins them (pure), updates the ledger and
// returns scan-report.json and coverage.json, which the driver stamps and writes after their views report.md,
// report.sarif (rendered from scan-report.json only) and report.html.
import { artifactPath, readArtifactIfPresent } from '../../artifacts/store.ts';
import type { Ledger } from '../../artifacts/schemas/memory.ts';
import { usagePath, readUsage } from '../../engines/budget/ledger.ts';
import { recheckFindings } from '../../engines/integrity/recheck.ts';
import { sourceReader } from '../../engines/ledger/source.ts';
import { reverificationQueue, updateLedger } from '../../engines/ledger/update.ts';
import { removeReport, REPORT_VIEWS } from '../../engines/report/files.ts';
import { joinReport, stampFirstSeen } from '../../engines/report/join.ts';
import { readBuildCopies } from './build-copies.ts';
import { memoryDir, memoryWritable, readMemory, updateMemory } from '../../engines/suppress/lock.ts';
import { loadSuppressions } from '../../engines/suppress/sources.ts';
import { definePhase } from '../../phase-kit/define-phase.ts';
import type { WrittenOf } from '../../phase-kit/declared-io.ts';
import { optInStarted, type PhaseContext } from '../../phase-kit/types.ts';
import {
  appliedSuppressions,
  assertEvidenceHolds,
  baselineInput,
  dependencyInput,
  leadsOfRun,
  reportSummary,
  requestedChecks,
  runDuration,
  runUsage,
  type ReportRequest,
} from './core.ts';

export const reportPhase = definePhase({
  name: 'report',
  summary: 'join everything into scan-report.json, report.md, report.sarif, report.html, coverage.json',
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
  views: REPORT_VIEWS.map((view) => ({ file: view.file, render: (written: WrittenOf<'coverage' | 'scan-report'>, outDir: string) => written['scan-report'] && view.render(written['scan-report'], outDir) })),
  async run(ctx, inputs) {
    const { triage, 'adaptive-plan': plan, 'hunter-findings': hunter, skeptic, referee } = inputs;
    const now = new Date();
    const request = reportRequest(ctx);
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
    assertEvidenceHolds(recheckFindings(ctx.target, hunter.findings, new Map(triage.files.map((f) => [f.path, f.sha256])), checked));
    const { reproductions } = inputs;
    const { scanReport, coverage } = joinReport({
      triage,
      plan,
      hunter,
      skeptic,
      referee,
      verification: inputs['verification-report'],
      ...(reproductions ? { reproductions } : {}),
      ...baselineInput(request, inputs.baseline),
      // Absent when the threat phase did not run: security findings are then scored with the assumptions named in each metric.
      threatModel: inputs['threat-model'],
      ...dependencyInput(request, inputs['dep-findings']),
      suppressions,
      requestedChecks: requestedChecks(
        { verify: optInStarted(ctx, 'verify'), repro: optInStarted(ctx, 'repro') },
        { verification: inputs['verification-report'], reproductions },
        request.depScan,
      ),
      options: { failOn: ctx.options.failOn, showSuspected: ctx.options.showSuspected },
      ...(ctx.options.settings ? { settings: ctx.options.settings } : {}),
      usage: runUsage(readUsage(usagePath(ctx.outDir)), ctx.identity.runId),
      durationMs: runDuration(ctx.state?.state.startedAt ?? readArtifactIfPresent(ctx.outDir, 'state')?.startedAt, now),
      identity: ctx.identity,
      buildCopies: readBuildCopies(ctx.target, triage, hunter.findings.length),
    });
    // The ledger is read and written under its lock; this run's findings decide what is open, fixed or dismissed.
    // The files the re-check above just read are the ledger's view of them too (the rest it reads itself).
    const applied = appliedSuppressions(scanReport, suppressions);
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
    const leads = leadsOfRun(request, inputs.leads, hunter, referee);
    if (leads) scanReport.leads = leads;
    ctx.log.info(reportSummary(scanReport, reverificationQueue(ledger).length));
    return { coverage, 'scan-report': scanReport };
  },
});

/** What the run asked of the report, and where its optional inputs would be. */
function reportRequest(ctx: PhaseContext): ReportRequest {
  return {
    runId: ctx.identity.runId,
    ...(ctx.options.baseline ? { baselineRef: ctx.options.baseline.ref } : {}),
    depScan: Boolean(ctx.options.depScan),
    leads: Boolean(ctx.options.leads?.length),
    paths: { baseline: artifactPath(ctx.outDir, 'baseline'), depFindings: artifactPath(ctx.outDir, 'dep-findings'), leads: artifactPath(ctx.outDir, 'leads') },
  };
}
