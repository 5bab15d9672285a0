// Re-applies today's suppressions to a stored scan report, so `report` and its views honour a dismiss (or
// undismiss) made after the scan without re-running it. Pure: returns a new report. The caller reads the sources
// (src/engines/suppress/sources.ts) with the report's own policy: policyOf.
import type { Suppressions } from '../../artifacts/schemas/memory.ts';
import type { ReportedFinding, ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { applySuppressionMarks, asSourced, hasSuppressionNews, type SourcedSuppressions } from '../suppress/apply.ts';
import type { SourceRequest } from '../suppress/sources.ts';
import { countFindings } from './counts.ts';
import { reportStatus } from './status.ts';

/** How the scan read its suppressions: --no-repo-suppressions, and the diff's base commit when diff-aware. */
export function policyOf(report: ScanReport): SourceRequest {
  return {
    ignoreRepository: report.suppressions?.ignoreRepository ?? false,
    ...(report.diff ? { diffBase: report.diff.from ?? null } : {}),
  };
}

export function applySuppressions(report: ScanReport, suppressions: Suppressions | SourcedSuppressions): ScanReport {
  const findings = report.findings.map((f): ReportedFinding => structuredClone(f));
  const summary = applySuppressionMarks(findings, asSourced(suppressions));
  // The findings are the scan's, so the inline comments that matched none still match none.
  summary.unused.push(...(report.suppressions?.unused ?? []).filter((n) => n.source === 'inline'));
  const counts = countFindings(findings, report.options.failOn);
  const { suppressions: _previous, ...rest } = report;
  return {
    ...rest,
    findings,
    counts,
    ...(hasSuppressionNews(summary) ? { suppressions: summary } : {}),
    ...reportStatus({ counts, chunks: report.chunks, coverage: report.coverage, dependencies: report.dependencies, checks: report.checks }),
  };
}
