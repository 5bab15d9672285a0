// The GitHub Actions job summary of a scan or merge (appended to $GITHUB_STEP_SUMMARY): the verdict line from
// verdictOf, counts, the top findings, and the commands to see more (with --out when the run used one). Every piece
// of text from the repository or a model is escaped as in pull-request comments. Pure.
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { verdictOf } from '../report/clean.ts';
import { isListed, shellQuote } from '../report/findings.ts';
import { inlineCode, mdLine } from '../report/text.ts';
import { TOOL_NAME } from '../../foundations/version.ts';
import { findingItem } from './finding-comment.ts';

const TOP = 5;

/** ` --out <dir>` for a hint when the run wrote somewhere other than the default folder, else ''. */
export function outFlag(out: string | undefined): string {
  return out === undefined ? '' : ` --out ${shellQuote(out)}`;
}

export interface SummaryHints {
  /** --out as the user gave it, so the hinted commands find the same run. */
  out?: string | undefined;
  /** The command that made the report: scan or merge. */
  command: 'scan' | 'merge';
}

export function renderStepSummary(report: ScanReport, hints: SummaryHints): string {
  const v = report.counts.byVerdict;
  const listed = report.findings.filter((f) => isListed(f, report.options.showSuspected));
  // A blank line first: the file may end with another step's text, and the heading must start a block of its own.
  const out = [
    '',
    `### ${TOOL_NAME} ${hints.command}: ${mdLine(verdictOf(report).headline)}`,
    '',
    '| confirmed | failing (--fail-on ' + report.options.failOn + ') | manual review | suppressed | files covered |',
    '| --: | --: | --: | --: | --: |',
    `| ${v.confirmed ?? 0} | ${report.counts.failing} | ${v['manual-review'] ?? 0} | ${report.counts.suppressed} | ${report.coverage.filesScanned}/${report.coverage.filesInScope} |`,
    '',
  ];
  if (listed.length > 0) {
    out.push(`Top findings${listed.length > TOP ? ` (${TOP} of ${listed.length})` : ''}:`, '', ...listed.slice(0, TOP).map(findingItem), '');
  }
  const flag = outFlag(hints.out);
  out.push(`All findings: ${inlineCode(`bug-hunter report list${flag}`)} · one in full: ${inlineCode(`bug-hunter report show <id>${flag}`)}`, '');
  return `${out.join('\n')}\n`;
}
