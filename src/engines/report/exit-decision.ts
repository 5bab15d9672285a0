// The one exit rule for a scan: report + the caller's exit flags → exit code and a one-line reason.
// Pure (no I/O). Exit 3 means "could not check what you asked for": a run that read nothing, or left a file a
// configured engine reads unread, is never a pass. Files in a language no configured engine reads are listed by
// language and do not fail the run unless --require-coverage asks; they never make it Clean (clean.ts).
import type { Severity } from '../../artifacts/schemas/common.ts';
import { SEVERITY_ORDER } from '../../artifacts/schemas/common.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { ExitCode } from '../../foundations/errors.ts';
import { failingFindings } from './counts.ts';
import { dependencyGaps } from './dependencies.ts';
import { plural } from './text.ts';
import { byLanguage, excludeHint, readHint, unsupportedFiles } from './unread.ts';

export interface ExitPolicy {
  failOn: Severity;
  /** --allow-uncovered: a run that checked nothing, or left files (or lockfiles) without a scanner, may exit 0. */
  allowUncovered?: boolean;
  /** --require-coverage: in-scope files in a language no configured engine reads fail the run (exit 3). */
  requireCoverage?: boolean;
  /** --fail-on-review: manual-review findings at or above failOn count like confirmed ones. */
  failOnReview?: boolean;
}

export interface ExitDecision {
  code: number;
  /** One line for the terminal: why this code. */
  reason: string;
}

const ALLOW = 'pass --allow-uncovered to exit 0 anyway';

/** Unsuppressed manual-review findings at or above failOn that are not pre-existing at a --baseline, most severe first. */
export function reviewFindings(report: ScanReport, failOn: Severity): ScanReport['findings'] {
  const threshold = SEVERITY_ORDER.indexOf(failOn);
  return report.findings
    .filter((f) => f.verdict === 'manual-review' && !f.suppressed && !f.baseline && SEVERITY_ORDER.indexOf(f.severity) <= threshold)
    .sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity));
}

export function decideExit(report: ScanReport | null, policy: ExitPolicy): ExitDecision {
  if (!report) return { code: ExitCode.failed, reason: 'the run wrote no report' };
  const notCovered = report.coverage.notCovered;
  const failed = notCovered.filter((n) => n.status === 'failed');
  if (report.status === 'failed' || failed.length > 0) {
    return { code: ExitCode.failed, reason: `the run failed: ${failed.length > 0 ? `${plural(failed.length, 'file')} in failed chunks (${failed[0]!.reason})` : `${plural(report.chunks.failed, 'chunk')} failed`}` };
  }
  // In scope and never read (an imported file over the size limit, a link out of the repository …): never a pass.
  const unread = notCovered.filter((n) => n.status === 'not-covered');
  if (unread.length > 0) {
    return { code: ExitCode.failed, reason: `the run is incomplete: ${plural(unread.length, 'in-scope file')} not read (${unread[0]!.path}: ${unread[0]!.reason}); ${readHint(unread[0]!)}` };
  }
  const unreviewed = notCovered.filter((n) => n.status === 'unreviewed');
  const unreviewedFindings = report.counts.byVerdict.unreviewed ?? 0;
  if (report.status !== 'complete' || unreviewed.length > 0) {
    const what = unreviewed.length > 0 ? `${plural(unreviewed.length, 'file')} not reviewed (${unreviewed[0]!.reason})` : `${plural(unreviewedFindings, 'finding')} not reviewed`;
    return { code: ExitCode.failed, reason: `the run is incomplete: ${what}` };
  }
  // Advisories that could not be had, or a lockfile that could not be read, leave the dependency scan unreviewed.
  const deps = dependencyGaps(report.dependencies);
  if (deps.unreviewed.length > 0) return { code: ExitCode.failed, reason: `the dependency scan is incomplete: ${deps.unreviewed[0]}` };
  // A check asked for (--verify, --repro) that could not run checked nothing: never a pass, and never silent.
  const notRun = (report.checks ?? []).filter((c) => !c.ran);
  if (notRun.length > 0) return { code: ExitCode.failed, reason: `--${notRun[0]!.check} was asked for but could not run: ${notRun[0]!.detail}${notRun.length > 1 ? ` (and ${notRun.slice(1).map((c) => `--${c.check}`).join(', ')})` : ''}` };
  // A shard whose share hashed to no chunk has nothing to check; `merge` checks that the shards cover every chunk.
  if (report.shard && report.shard.chunks.length === 0) {
    return { code: ExitCode.ok, reason: `shard ${report.shard.index}/${report.shard.count} owns no chunk, so it had nothing to check ('bug-hunter merge' checks every chunk is covered)` };
  }
  // A diff that touches no source file has nothing to check: that is a pass, not "could not check".
  if (report.diff && report.coverage.filesInScope === 0) {
    return { code: ExitCode.ok, reason: `the diff changes no source file in scope (${plural(report.diff.changedFiles, 'changed path')}); nothing to check` };
  }
  const unsupported = unsupportedFiles(report);
  if (!policy.allowUncovered) {
    if (report.coverage.filesInScope === 0) return { code: ExitCode.failed, reason: `nothing was checked: ${whyNothing(report)}; ${ALLOW}` };
    if (report.coverage.filesScanned === 0 && unsupported.length > 0) {
      return { code: ExitCode.failed, reason: `nothing was read: no configured engine reads the ${plural(unsupported.length, 'in-scope file')} (${byLanguage(unsupported)}); configure a model to hunt in them; ${ALLOW}` };
    }
    if (policy.requireCoverage && unsupported.length > 0) {
      return {
        code: ExitCode.failed,
        reason: `${unsupported.length} of ${plural(report.coverage.filesInScope, 'in-scope file')} in a language no configured engine reads (${byLanguage(unsupported)}; --require-coverage); configure a model to hunt in them; ${excludeHint('them')}`,
      };
    }
    if (deps.unsupported.length > 0) {
      return { code: ExitCode.failed, reason: `${plural(deps.unsupported.length, 'lockfile')} without a dependency scanner (${deps.unsupported[0]}); ${ALLOW}` };
    }
  }
  const failing = failingFindings(report.findings, policy.failOn);
  const preExisting = report.baseline ? `; ${plural(report.baseline.preExisting, 'pre-existing finding')} at --baseline ${report.baseline.ref} not counted` : '';
  if (failing.length > 0) return { code: ExitCode.findings, reason: `${plural(failing.length, `${report.baseline ? 'new ' : ''}confirmed finding`)} at or above --fail-on ${policy.failOn}${preExisting}` };
  const failingDeps = report.dependencies?.counts.failing ?? 0;
  if (failingDeps > 0) {
    return { code: ExitCode.findings, reason: `${plural(failingDeps, 'vulnerable production dependency', 'vulnerable production dependencies')} with a reachable vulnerable function at or above --fail-on ${policy.failOn}` };
  }
  const review = reviewFindings(report, policy.failOn);
  if (policy.failOnReview && review.length > 0) {
    return { code: ExitCode.findings, reason: `${plural(review.length, 'manual-review finding')} at or above --fail-on ${policy.failOn} (--fail-on-review)` };
  }
  const notes: string[] = preExisting ? [preExisting.slice(2)] : [];
  if (review.length > 0) notes.push(`${plural(review.length, 'manual-review finding')} not counted (add --fail-on-review to count them)`);
  const listedDeps = report.dependencies?.findings.length ?? 0;
  if (listedDeps > 0) notes.push(`${plural(listedDeps, 'vulnerable dependency finding')} listed, not counted (none reachable from production code at or above --fail-on)`);
  if (deps.unsupported.length > 0) notes.push(`${plural(deps.unsupported.length, 'lockfile')} without a dependency scanner (--allow-uncovered)`);
  if (report.coverage.filesInScope === 0) notes.push('nothing was checked (--allow-uncovered)');
  else if (report.coverage.filesScanned === 0) notes.push('nothing was read (--allow-uncovered)');
  else if (unsupported.length > 0) {
    notes.push(`${plural(unsupported.length, 'file')} in a language no configured engine reads listed, not counted (${byLanguage(unsupported)}; --require-coverage counts them)`);
  }
  return { code: ExitCode.ok, reason: `nothing confirmed at or above --fail-on ${policy.failOn}${notes.length ? `; ${notes.join('; ')}` : ''}` };
}

/** Why no file was in scope, with the flag that would bring them in. */
export function whyNothing(report: ScanReport): string {
  const skipped = report.coverage.notCovered.filter((n) => n.status === 'skipped');
  if (skipped.length === 0) return 'the folder has no files';
  // Triage words an enclosing repository's ignore rule as "ignored: ignored by <file> of the enclosing repository".
  const enclosing = skipped.filter((s) => / of the enclosing repository/.test(s.reason));
  if (enclosing.length === skipped.length) {
    return `all ${plural(skipped.length, 'file')} are ${enclosing[0]!.reason.replace(/^ignored: /, '')} (pass --no-gitignore to scan them)`;
  }
  const counts = { ...report.coverage.skippedCounts };
  const tests = skipped.filter((s) => s.reason.startsWith('test code')).length;
  if (tests > 0) counts['test code'] = tests;
  const list = Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([why, n]) => `${n} ${why}`)
    .join(', ');
  const hints: string[] = [];
  if (counts.generated) hints.push('--include-generated scans build output such as dist/');
  if (tests > 0) hints.push('--include-tests scans test code');
  if (counts.ignored) hints.push('--no-gitignore scans ignored files');
  return `no source file in scope (${plural(skipped.length, 'file')} skipped: ${list})${hints.length ? `; ${hints.join(', ')}` : ''}`;
}
