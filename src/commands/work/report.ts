// work-report.json from what happened to each issue, and its two rendered views: the terminal summary and the
// Markdown morning summary. Issue titles and reasons can hold repository or model text: control characters are
// stripped for the terminal and escaped for Markdown. Pure.
import type { RunIdentity } from '../../artifacts/schemas/common.ts';
import { stamp, type BodyOf } from '../../artifacts/stamp.ts';
import type { WorkIssueEntry, WorkReport } from '../../artifacts/schemas/work-report.ts';
import { ghText } from '../../engines/publish/escape.ts';
import { printable } from '../../engines/report/printable.ts';
import { WORK_OUTCOMES } from '../../artifacts/schemas/work-report.ts';
import type { HaltState } from './halt.ts';
import type { Promotion } from './promote.ts';

export interface WorkReportParts {
  run: RunIdentity;
  repository: string;
  apiUrl: string;
  dryRun: boolean;
  baseBranch: string | null;
  status: WorkReport['status'];
  error?: string;
  halt: HaltState;
  refused: { number: number; why: string }[];
  issues: WorkIssueEntry[];
  promotion: Promotion | null;
  now?: Date;
}

export function workReportOf(parts: WorkReportParts): WorkReport {
  const counts = Object.fromEntries(WORK_OUTCOMES.map((o) => [o, parts.issues.filter((i) => i.outcome === o).length]));
  const body: BodyOf<'work-report'> = {
    repository: parts.repository,
    apiUrl: parts.apiUrl,
    dryRun: parts.dryRun,
    baseBranch: parts.baseBranch,
    status: parts.status,
    halt: { streak: parts.halt.streak, halted: parts.halt.halted, causes: parts.halt.causes },
    refused: parts.refused.map((r) => ({ issue: r.number, why: r.why })),
    issues: parts.issues,
    promotion: parts.promotion && {
      promoted: parts.promotion.promote,
      waiting: parts.promotion.waiting.map((w) => ({ issue: w.number, on: w.on })),
      unknown: parts.promotion.unknown.map((u) => ({ issue: u.number, missing: u.missing })),
      cycles: parts.promotion.cycles,
    },
    counts,
  };
  if (parts.error !== undefined) body.error = parts.error;
  return stamp('work-report', body, parts.run, (parts.now ?? new Date()).toISOString());
}

const plain = (text: string) => printable(text).replace(/\n/g, ' ');

const gateLine = (i: WorkIssueEntry) => i.gates.map((g) => `${g.gate} ${g.figure}${g.limit === null ? '' : `/${g.limit}`}${g.passed ? '' : ' FAILED'}`).join(', ');
const needsPerson = (i: WorkIssueEntry) => ['gated', 'review-failed', 'failed'].includes(i.outcome) || i.outcome === 'pr-opened';

/** What a person has to do about an issue after the run, and why (plain text); null when nothing. */
export function personNeeded(i: WorkIssueEntry): string | null {
  const review = i.selfReview && i.selfReview.outcome !== 'auto-approved' ? ` (self-review: ${i.selfReview.outcome}: ${plain(i.selfReview.why)})` : '';
  switch (i.outcome) {
    case 'pr-opened':
      return `review draft pull request #${i.pullRequest?.number ?? '?'} before merging${review}`;
    case 'already-open':
      return `${plain(i.reason)}: review it, or close it for the queue to try again`;
    case 'gated':
    case 'review-failed':
      return `stays open, auto-failed: ${plain(i.reason)}`;
    case 'failed':
      return i.failure === 'spec' || i.failure === 'gate' || i.failure === 'review' ? `stays open, auto-failed: ${plain(i.reason)}` : `stays queued; the queue could not work it (${i.failure ?? 'failed'}): ${plain(i.reason)}`;
    case 'halted':
      return `stays queued: ${plain(i.reason)}`;
    default:
      return null;
  }
}

/** The morning summary's "needs a person" lines: one per issue, in queue order. */
function peopleLines(report: WorkReport): Array<{ issue: number; outcome: string; why: string }> {
  return report.issues.flatMap((i) => {
    const why = personNeeded(i);
    return why ? [{ issue: i.issue, outcome: i.outcome, why }] : [];
  });
}

export function renderSummary(report: WorkReport, reportPath: string): string {
  const lines = [`${report.dryRun ? 'Dry run of the fix queue' : 'Fix queue'} for ${report.repository} (base ${report.baseBranch ?? 'unknown'}): ${report.issues.length} issue(s).`];
  for (const i of report.issues) {
    const pr = i.pullRequest ? ` PR #${i.pullRequest.number}` : '';
    lines.push(`  #${i.issue} ${i.outcome}${pr}${i.branch ? ` [${i.branch}]` : ''}: ${plain(i.reason).slice(0, 300)}`);
    if (i.gates.length) lines.push(`      gates: ${gateLine(i)}`);
    if (i.selfReview) lines.push(`      self-review: ${i.selfReview.outcome} (${plain(i.selfReview.why).slice(0, 200)})`);
  }
  for (const r of report.refused) lines.push(`  #${r.issue} not taken: ${r.why}`);
  const people = peopleLines(report);
  if (report.issues.length > 0) lines.push(people.length ? 'Needs a person:' : 'Needs a person: nothing.');
  for (const p of people) lines.push(`  #${p.issue} (${p.outcome}): ${p.why.slice(0, 400)}`);
  if (report.halt.halted) lines.push(`Halted after ${report.halt.streak} systemic failures in a row: ${report.halt.causes.map(plain).join(' | ')}`);
  if (report.promotion) {
    const p = report.promotion;
    lines.push(`Wave promotion: ${p.promoted.length ? `${report.dryRun ? 'would label' : 'labelled'} ${p.promoted.map((n) => `#${n}`).join(', ')} auto-ready` : 'nothing to promote'}${p.cycles.length ? `; dependency cycle: ${p.cycles.map((n) => `#${n}`).join(', ')}` : ''}.`);
  }
  if (report.error) lines.push(`Stopped: ${plain(report.error)}`);
  lines.push(`Report: ${reportPath}`);
  return `${lines.join('\n')}\n`;
}

export function renderMarkdown(report: WorkReport): string {
  const out = [`# Fix queue: ${report.repository}`, '', `${report.generatedAt}${report.dryRun ? ' (dry run: nothing pushed or written to GitHub)' : ''}, base \`${report.baseBranch ?? 'unknown'}\`, status **${report.status}**.`, ''];
  out.push('| issue | outcome | pull request | gates | needs a person |', '|---|---|---|---|---|');
  for (const i of report.issues) {
    const pr = i.pullRequest ? `[#${i.pullRequest.number}](${i.pullRequest.url})` : '—';
    const review = i.selfReview && i.selfReview.outcome !== 'auto-approved' ? ` (self-review: ${i.selfReview.outcome})` : '';
    const person = needsPerson(i) ? (i.outcome === 'pr-opened' ? `review the draft${review}` : ghText(plain(i.reason)).slice(0, 200)) : '—';
    out.push(`| #${i.issue} | ${i.outcome} | ${pr} | ${gateLine(i) || '—'} | ${person.replace(/\|/g, '\\|')} |`);
  }
  const runs = report.issues.flatMap((i) => (i.suiteRuns ?? []).map((r) => `- #${i.issue} ${r.when}: ${ghText(plain(r.lines.join('; '))).slice(0, 600)}`));
  if (runs.length) out.push('', '## Suite runs', '', ...runs, '', 'What each run printed (its tail, redacted) is in `work-report.json` under `suiteRuns`.');
  const people = peopleLines(report);
  if (report.issues.length > 0) out.push('', '## Needs a person', '', ...(people.length ? people.map((p) => `- #${p.issue} (${p.outcome}): ${ghText(p.why).replace(/\n/g, ' ')}`) : ['Nothing: every issue ended without one.']));
  if (report.halt.halted) out.push('', `**Halted** after ${report.halt.streak} systemic failures in a row.`);
  if (report.promotion?.promoted.length) out.push('', `Promoted to \`auto-ready\`: ${report.promotion.promoted.map((n) => `#${n}`).join(', ')}.`);
  if (report.promotion?.cycles.length) out.push('', `Dependency cycle (never promoted): ${report.promotion.cycles.map((n) => `#${n}`).join(', ')}.`);
  return `${out.join('\n')}\n`;
}
