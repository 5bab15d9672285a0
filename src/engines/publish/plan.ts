// The publish plan, pure: the last scan's findings + suppressions + ledger + the issues already filed → what to
// file, update, reopen or close. Confirmed, unsuppressed findings get an issue; a fixed one's issue closes as
// completed, a dismissed one's as not planned. Anything bug-hunter cannot vouch for is left as it is.
import type { Ledger, LedgerEntry, Suppressions } from '../../artifacts/schemas/memory.ts';
import type { ReportedFinding, ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { rekeyed, rekeyedLists } from '../findings/rekey.ts';
import { isShownConfirmed } from '../report/counts.ts';
import { issueDraft, type BodyContext, type IssueDraft } from './body.ts';
import { ghLine } from './escape.ts';
import { mergeLabels, sameLabels } from './labels.ts';
import { repoSlug } from './repo.ts';
import type { IssueStateReason } from '../../artifacts/schemas/literals.ts';

export interface ExistingIssue {
  number: number;
  url: string;
  state: 'open' | 'closed';
  stateReason: string | null;
  title: string;
  body: string;
  labels: string[];
}

export type PublishAction =
  | { kind: 'file'; draft: IssueDraft }
  | { kind: 'update'; issue: ExistingIssue; draft: IssueDraft; labels: string[]; changed: string[] }
  | { kind: 'reopen'; issue: ExistingIssue; draft: IssueDraft; labels: string[]; comment: string }
  | { kind: 'close'; issue: ExistingIssue; fingerprint: string; findingId: string; stateReason: IssueStateReason; comment: string; why: string }
  | { kind: 'unchanged'; issue: ExistingIssue; fingerprint: string; findingId: string; why: string };

export interface PlanInputs {
  report: ScanReport;
  suppressions: Suppressions | undefined;
  ledger: Ledger | undefined;
  /** Issues labelled bug-hunter that carry a marker, by fingerprint. */
  issues: ReadonlyMap<string, readonly ExistingIssue[]>;
  context: BodyContext;
  queue: boolean;
}

/** Confirmed, unsuppressed findings the report shows (T3 only when the scan showed suspected ones). */
export function publishable(report: ScanReport): ReportedFinding[] {
  return report.findings.filter((f) => isShownConfirmed(f, report.options.showSuspected));
}

// Several issues for one fingerprint (filed by hand, or copied): the open one filed first speaks for it.
function canonical(issues: readonly ExistingIssue[] | undefined): ExistingIssue | undefined {
  const sorted = [...(issues ?? [])].sort((a, b) => a.number - b.number);
  return sorted.find((i) => i.state === 'open') ?? sorted[0];
}

const normalise = (text: string) => text.replace(/\r\n/g, '\n').trimEnd();

export function planPublish(given: PlanInputs): PublishAction[] {
  const inputs = withCurrentKeys(given);
  const { report, context, queue } = inputs;
  const actions: PublishAction[] = [];
  const live = publishable(report);
  const liveFingerprints = new Set(live.map((f) => f.finding.fingerprint));

  for (const f of live) {
    const current = issueDraft(f, context, queue);
    const issue = canonical(inputs.issues.get(current.fingerprint));
    const draft = issue?.state === 'open' ? asFiled(f, issue, inputs) ?? current : current;
    if (!issue) {
      actions.push({ kind: 'file', draft });
      continue;
    }
    const labels = mergeLabels(issue.labels, f.finding.category, f.severity, queue);
    if (issue.state === 'closed') {
      // A person closed it as not planned: that decision stands until it is recorded (or reversed) with dismiss.
      if (issue.stateReason === 'not_planned') {
        actions.push({ kind: 'unchanged', issue, fingerprint: draft.fingerprint, findingId: draft.findingId, why: 'closed as not planned on GitHub; left closed (record why with bug-hunter dismiss)' });
      } else {
        actions.push({ kind: 'reopen', issue, draft, labels, comment: `Found again by bug-hunter in run \`${report.run.runId}\`${commitText(inputs, report.run.baseCommit)}; reopening.` });
      }
      continue;
    }
    const changed = [
      ...(issue.title !== draft.title ? ['title'] : []),
      ...(normalise(issue.body) !== normalise(draft.body) ? ['body'] : []),
      ...(sameLabels(issue.labels, labels) ? [] : ['labels']),
    ];
    actions.push(changed.length > 0 ? { kind: 'update', issue, draft, labels, changed } : { kind: 'unchanged', issue, fingerprint: draft.fingerprint, findingId: draft.findingId, why: 'up to date' });
  }

  const suppressed = new Map((inputs.suppressions?.entries ?? []).map((s) => [s.fingerprint, s]));
  const ledger = new Map((inputs.ledger?.entries ?? []).map((e) => [e.fingerprint, e]));
  const inReport = new Map(report.findings.map((f) => [f.finding.fingerprint, f]));
  const rest = [...inputs.issues.keys()].filter((fp) => !liveFingerprints.has(fp)).sort();
  for (const fingerprint of rest) {
    const issue = canonical(inputs.issues.get(fingerprint))!;
    const entry = ledger.get(fingerprint);
    const findingId = inReport.get(fingerprint)?.finding.id ?? entry?.findingId ?? suppressed.get(fingerprint)?.findingId ?? '';
    const close = closing(inputs, fingerprint, entry, inReport.get(fingerprint));
    if (issue.state === 'open' && close) actions.push({ kind: 'close', issue, fingerprint, findingId, ...close });
    else actions.push({ kind: 'unchanged', issue, fingerprint, findingId, why: close ? `already closed (${close.why})` : stillOpenWhy(entry, inReport.get(fingerprint), report.run.runId) });
  }
  return actions;
}

// An open issue's permalinks point at the commit it was filed (or last changed) at. While the finding reads the same,
// its body rendered at that commit is the body it has: kept, so a new commit alone rewrites no issue.
function asFiled(f: ReportedFinding, issue: ExistingIssue, inputs: PlanInputs): IssueDraft | null {
  const pinned = PINNED.exec(issue.body)?.[1];
  if (!pinned || pinned === inputs.context.commit) return null;
  const draft = issueDraft(f, { ...inputs.context, commit: pinned }, inputs.queue);
  return normalise(draft.body) === normalise(issue.body) ? draft : null;
}

const PINNED = /\/blob\/([0-9a-f]{40,64})\//;

// Issue markers, dismissals and ledger entries written by an earlier version under a former fingerprint.
function withCurrentKeys(inputs: PlanInputs): PlanInputs {
  const findings = inputs.report.findings.map((f) => f.finding);
  return {
    ...inputs,
    issues: rekeyedLists(inputs.issues, findings),
    suppressions: inputs.suppressions && { ...inputs.suppressions, entries: rekeyed(inputs.suppressions.entries, findings) },
    ledger: inputs.ledger && { ...inputs.ledger, entries: rekeyed(inputs.ledger.entries, findings) },
  };
}

function closing(inputs: PlanInputs, fingerprint: string, entry: LedgerEntry | undefined, found: ReportedFinding | undefined): { stateReason: IssueStateReason; comment: string; why: string } | null {
  const suppression = inputs.suppressions?.entries.find((s) => s.fingerprint === fingerprint);
  if (suppression) {
    return {
      stateReason: 'not_planned',
      why: 'dismissed by a person',
      comment: `Dismissed with \`bug-hunter dismiss\` by ${ghLine(suppression.by)} on ${suppression.at.slice(0, 10)}: ${ghLine(suppression.reason)}\n\nClosing as not planned. \`bug-hunter undismiss ${fingerprint}\` reverses it.`,
    };
  }
  if (entry?.status === 'fixed') {
    const fixed = [...entry.history].reverse().find((h) => h.event === 'fixed');
    const runId = fixed?.runId ?? entry.lastSeenRun;
    const detail = fixed?.detail ? ` (${ghLine(fixed.detail)})` : '';
    // `watch` records the very commit that fixed it; a scan knows only the commit it ran on.
    if (entry.fixedBy) {
      return { stateReason: 'completed', why: `fixed by commit ${entry.fixedBy.commit.slice(0, 12)}`, comment: `Fixed by${commitText(inputs, entry.fixedBy.commit).replace(/^ at/, '')}: bug-hunter (run \`${runId}\`) no longer finds this bug${detail}. Closing.` };
    }
    const commit = inputs.ledger?.runs.find((r) => r.runId === runId)?.baseCommit ?? null;
    return { stateReason: 'completed', why: `fixed as of run ${runId}`, comment: `Fixed: bug-hunter run \`${runId}\`${commitText(inputs, commit)} no longer finds this bug${detail}. Closing.` };
  }
  const byReview = found?.verdict === 'dismissed' ? found.refereeReasoning : entry?.status === 'dismissed' ? `the referee dismissed it (${entry.history.at(-1)?.detail ?? 'see ledger.json'})` : null;
  if (byReview !== null) {
    return { stateReason: 'not_planned', why: 'dismissed by review', comment: `Dismissed by bug-hunter's review in run \`${inputs.report.run.runId}\`: ${ghLine(byReview)}\n\nClosing as not planned.` };
  }
  return null;
}

function stillOpenWhy(entry: LedgerEntry | undefined, found: ReportedFinding | undefined, runId: string): string {
  if (found) return `not published: ${found.verdict}${found.tier === 'T3' ? ' at T3 (suspected)' : ''} in run ${runId}; left as is`;
  if (entry) return `not in run ${runId}, and the ledger has it ${entry.status}; left as is`;
  return `not in run ${runId} nor in the ledger; left as is`;
}

function commitText(inputs: PlanInputs, commit: string | null): string {
  if (!commit) return '';
  const { repo, serverUrl } = inputs.context;
  return repo ? ` at commit [${commit.slice(0, 12)}](${serverUrl}/${repoSlug(repo)}/commit/${commit})` : ` at commit ${commit.slice(0, 12)}`;
}
