// `report --format pr-comment`: one Markdown comment for a pull request: the verdict in a line, new findings in
// full, pre-existing ones folded away, and what the run did not cover. Nothing is posted. Pure.
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { shardNote } from '../report/markdown.ts';
import { inlineCode, mdLine, plural } from '../report/text.ts';
import { verdictOf, type Verdict } from '../report/clean.ts';
import { TOOL_NAME } from '../../foundations/version.ts';
import { findingComment, findingItem } from './finding-comment.ts';
import { outFlag } from './step-summary.ts';
import { reviewHeadline, selectForReview } from './select.ts';
import { redactDeep } from '../report/redact.ts';

const IN_FULL = 10;
const BODY_LIMIT = 65_536;

// What each suppression did, so a reviewer sees what the change hides and what it tried to.
function suppressionLines(v: Verdict): string[] {
  const block = (title: string, lines: string[]) => (lines.length ? [`${title} (${lines.length}):`, '', ...lines.map((l) => `- ${mdLine(l)}`), ''] : []);
  return [...block('Suppressed', v.suppressed), ...block('Suppressions not applied (the finding is reported)', v.notApplied), ...block('Unused suppressions', v.unused)];
}

/** `hints.out`: the --out of the run, added to the commands the comment suggests so they find the same run. */
export function renderPrComment(stored: ScanReport, hints: { out?: string | undefined } = {}): string {
  // What leaves the machine (code scanning, CI, a pull request) never carries a secret quoted in evidence.
  const report = redactDeep(stored);
  const flag = outFlag(hints.out);
  const s = selectForReview(report);
  const fresh = [...s.onLines, ...s.offDiff];
  const out = [`### ${TOOL_NAME}: ${reviewHeadline(report, s)}`, ''];
  const review = report.counts.byVerdict['manual-review'] ?? 0;
  if (review > 0) out.push(`${plural(review, 'finding')} ${review === 1 ? 'waits' : 'wait'} for a person's decision (manual-review): ${inlineCode(`bug-hunter report list --show-suspected${flag}`)}.`, '');
  // GitHub takes at most 65,536 characters in a comment: the most severe few in full, the rest one line each.
  const full = fresh.slice(0, IN_FULL).map((f) => [`<details open><summary>${f.severity} · ${f.finding.id}${f.inDiff === false ? ' · outside the changed lines' : ''}</summary>`, '', findingComment(f, flag), '</details>', ''].join('\n'));
  const fits = full.join('\n').length < BODY_LIMIT / 2;
  if (fits) out.push(...full);
  const listed = fits ? fresh.slice(IN_FULL) : fresh;
  if (listed.length > 0) out.push(fits ? `${plural(listed.length, 'more new finding')}:` : 'New findings:', '', ...listed.map(findingItem), '', `Each one in full: ${inlineCode(`bug-hunter report show <id>${flag}`)}.`, '');
  if (s.preExisting.length > 0) out.push(`<details><summary>${plural(s.preExisting.length, 'pre-existing finding')} (already at the base; not counted)</summary>`, '', ...s.preExisting.map(findingItem), '', '</details>', '');
  const gaps = report.coverage.notCovered.filter((n) => n.status !== 'skipped');
  if (gaps.length > 0) out.push(`Not covered: ${plural(gaps.length, 'in-scope file')} (see \`coverage.json\`).`, '');
  out.push(...suppressionLines(verdictOf(report)));
  const shard = shardNote(report);
  if (shard) out.push(`Shards: ${shard}.`, '');
  out.push(`<sub>run ${report.run.runId} · commit ${report.run.baseCommit?.slice(0, 12) ?? 'none'} · coverage ${report.coverage.filesScanned}/${report.coverage.filesInScope} files · ${TOOL_NAME} ${report.run.toolVersion}</sub>`);
  return `${out.join('\n').trimEnd()}\n`;
}
