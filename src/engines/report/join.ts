// joinReport: the pure join of every phase's artifact into the bodies of scan-report.json and coverage.json.
// No I/O and no header: the driver stamps the run identity on what the report phase returns (merge stamps its own
// through the same helper). "clean" is earned, never assumed.
import type { AdaptivePlan } from '../../artifacts/schemas/adaptive-plan.ts';
import type { Baseline } from '../../artifacts/schemas/baseline.ts';
import type { RunIdentity, Severity } from '../../artifacts/schemas/common.ts';
import type { Coverage } from '../../artifacts/schemas/coverage.ts';
import type { DepFindings } from '../../artifacts/schemas/dep-findings.ts';
import type { HunterFindings } from '../../artifacts/schemas/hunter-findings.ts';
import type { Ledger, Suppressions } from '../../artifacts/schemas/memory.ts';
import { applySuppressionMarks, asSourced, hasSuppressionNews, type SourcedSuppressions } from '../suppress/apply.ts';
import { unusedInlineComments } from '../suppress/inline-unused.ts';
import { checksRun, type CheckInputs } from './checks.ts';
import type { Referee } from '../../artifacts/schemas/referee.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import type { Skeptic } from '../../artifacts/schemas/skeptic.ts';
import type { ThreatModel } from '../../artifacts/schemas/threat-model.ts';
import type { Triage } from '../../artifacts/schemas/triage.ts';
import type { Reproductions } from '../../artifacts/schemas/reproductions.ts';
import type { VerificationReport } from '../../artifacts/schemas/verification-report.ts';
import type { BodyOf } from '../../artifacts/stamp.ts';
import { PhaseError } from '../../foundations/errors.ts';
import { otherRunFields } from '../run/identity.ts';
import { countFindings } from './counts.ts';
import { computeCoverage } from './coverage.ts';
import { absentFindings, baselineSummary, diffSummary, markFindings } from './diff-marks.ts';
import { joinDependencies } from './dependencies.ts';
import { joinFindings } from './findings.ts';
import { applyRuleSettings } from './rule-settings.ts';
import type { RunOptionsData } from '../../artifacts/schemas/run-options.ts';
import { foldBundleTwins } from './bundle-twins.ts';
import { relateUnreadCopies, type BuildCopy } from './unread-copies.ts';
import { reportStatus } from './status.ts';
import { rekeyed } from '../findings/rekey.ts';

export interface JoinInputs {
  triage: Triage;
  plan: AdaptivePlan;
  hunter: HunterFindings;
  skeptic: Skeptic;
  referee: Referee;
  verification?: VerificationReport;
  reproductions?: Reproductions;
  /** --baseline: fingerprints at the base; a finding among them is marked baseline and never fails the run. */
  baseline?: Baseline;
  threatModel?: ThreatModel;
  /** dep-findings.json of this run, when it ran the dependency scan. */
  dependencies?: DepFindings;
  /** suppressions.json with each entry's source (src/engines/suppress/sources.ts); a plain file counts every entry a dismissal. */
  suppressions: Suppressions | SourcedSuppressions;
  /** The checks the user asked for (--verify, --repro, --dep-scan): clean needs each to have run. */
  requestedChecks?: CheckInputs['requested'];
  /** When given, each finding carries the run that first saw it. */
  ledger?: Ledger;
  options: { failOn: Severity; showSuspected: boolean };
  usage?: ScanReport['usage'];
  durationMs: number;
  /** Rule settings and config scope keys of the run (RunOptions.settings), by source. */
  settings?: RunOptionsData['settings'];
  /** Build files triage skipped as generated, read at report time: a finding's cited lines there become an unread
   * related location (unread-copies.ts). */
  buildCopies?: readonly BuildCopy[];
  /** The run every input must belong to; defaults to the referee's. */
  identity?: RunIdentity;
}

/** What the join computes: the reports without their headers. */
export interface JoinedReport {
  scanReport: BodyOf<'scan-report'>;
  coverage: BodyOf<'coverage'>;
}

export function joinReport(inputs: JoinInputs): JoinedReport {
  const run = inputs.identity ?? inputs.referee.run;
  checkSameRun(run, inputs);
  // One finding per bug: a bundle's copy of a source finding becomes its related location, before any mark keys on it.
  // Rule settings before any count: an off rule reports nothing, a severity override counts at its new severity.
  // A skipped build copy holding a finding's cited lines is named beside it (unread-copies.ts).
  const { findings } = applyRuleSettings(relateUnreadCopies(foldBundleTwins(joinFindings(inputs)), inputs.buildCopies ?? []), inputs.settings);
  if (inputs.ledger) stampFirstSeen(findings, inputs.ledger);
  markFindings(findings, inputs.triage.diffScope, inputs.baseline);
  // After markFindings: whether a suppression the change adds may apply depends on the finding's inDiff.
  const suppressions = applySuppressionMarks(findings, asSourced(inputs.suppressions));
  const cov = computeCoverage(inputs.triage, inputs.plan, inputs.hunter);
  // Inline comments of the files read this run that hid nothing are stale like unused suppressions.json entries.
  suppressions.unused.push(...unusedInlineComments(inputs.triage.files, scannedFiles(cov.files), findings));
  const counts = countFindings(findings, inputs.options.failOn);
  const dependencies = inputs.dependencies ? joinDependencies(inputs.dependencies, inputs.options.failOn) : undefined;
  const checks = inputs.requestedChecks ? checksRun({ requested: inputs.requestedChecks, verification: inputs.verification, reproductions: inputs.reproductions, dependencies }) : [];
  const notCovered = cov.files.flatMap((f) => (f.status === 'scanned' ? [] : [{ path: f.path, status: f.status, reason: f.reason ?? f.status, ...(f.language ? { language: f.language } : {}) }]));
  const { status, clean, notClean } = reportStatus({
    counts,
    chunks: cov.chunks,
    coverage: { filesInScope: cov.totals.inScope, filesScanned: cov.totals.scanned, complete: cov.complete, notCovered },
    dependencies,
    checks,
  });
  const engines = new Set<string>([
    ...inputs.hunter.chunks.map((c) => c.engine),
    ...inputs.hunter.findings.map((f) => f.engine),
    ...inputs.skeptic.reviews.flatMap((r) => r.refutations.map((v) => v.engine)),
    ...inputs.referee.verdicts.map((v) => v.engine),
  ]);
  const models = new Set(inputs.hunter.findings.flatMap((f) => (f.model ? [f.model] : [])));
  const scanReport: BodyOf<'scan-report'> = {
    status,
    clean,
    notClean,
    options: { failOn: inputs.options.failOn, showSuspected: inputs.options.showSuspected },
    mode: inputs.plan.mode,
    profile: inputs.plan.profile,
    engines: [...engines].sort(),
    models: [...models].sort(),
    findings,
    counts,
    chunks: cov.chunks,
    coverage: {
      filesInScope: cov.totals.inScope,
      filesScanned: cov.totals.scanned,
      complete: cov.complete,
      notCovered,
      skippedCounts: { ...inputs.triage.skippedCounts },
    },
    usage: inputs.usage ?? { inputTokens: 0, outputTokens: 0, costUsd: 0 },
    durationMs: Math.max(0, Math.round(inputs.durationMs)),
    ...(inputs.plan.shard ? { shard: inputs.plan.shard } : {}),
    ...(inputs.triage.diffScope ? { diff: diffSummary(inputs.triage.diffScope) } : {}),
    ...(inputs.baseline ? { baseline: baselineSummary(inputs.baseline, findings, absentFindings(inputs.baseline, findings, scannedFiles(cov.files), deletedFiles(inputs.triage))) } : {}),
    ...(dependencies ? { dependencies } : {}),
    ...(checks.length > 0 ? { checks } : {}),
    ...(hasSuppressionNews(suppressions) ? { suppressions } : {}),
    ...(inputs.settings?.length ? { settings: [...inputs.settings] } : {}),
  };
  const languages = Object.keys(cov.unsupportedLanguages).length > 0 ? { unsupportedLanguages: cov.unsupportedLanguages } : {};
  return { scanReport, coverage: { files: cov.files, totals: cov.totals, complete: cov.complete, ...languages } };
}

const scannedFiles = (files: readonly Coverage['files'][number][]): Set<string> => new Set(files.flatMap((f) => (f.status === 'scanned' ? [f.path] : [])));
const deletedFiles = (triage: Triage): Set<string> => new Set((triage.diffScope?.changed ?? []).flatMap((c) => (c.status === 'deleted' ? [c.path] : [])));

/** Marks each finding with the run that first saw its fingerprint, from the ledger. */
export function stampFirstSeen(findings: ScanReport['findings'], ledger: Ledger): void {
  const firstSeen = new Map(rekeyed(ledger.entries, findings.map((f) => f.finding)).map((e) => [e.fingerprint, e.firstSeenRun]));
  for (const f of findings) {
    const seen = firstSeen.get(f.finding.fingerprint);
    if (seen) f.firstSeenRun = seen;
  }
}

// A report joins the artifacts of one run only: another run's (even of the same tree and options) read other
// files at other hashes, so its chunks and findings must not be joined into this run's coverage.
function checkSameRun(run: RunIdentity, inputs: JoinInputs): void {
  const named: [string, RunIdentity | undefined][] = [
    ['triage.json', inputs.triage.run],
    ['adaptive-plan.json', inputs.plan.run],
    ['hunter-findings.json', inputs.hunter.run],
    ['skeptic.json', inputs.skeptic.run],
    ['referee.json', inputs.referee.run],
    ['verification-report.json', inputs.verification?.run],
    ['reproductions.json', inputs.reproductions?.run],
    ['baseline.json', inputs.baseline?.run],
    ['threat-model.json', inputs.threatModel?.run],
    ['dep-findings.json', inputs.dependencies?.run],
  ];
  for (const [file, other] of named) {
    if (!other) continue;
    const diff = otherRunFields(other, run);
    if (diff.length > 0) throw new PhaseError(`${file} belongs to another run: ${diff.join(', ')} differ. Re-run the scan so every artifact comes from one run.`);
  }
}
