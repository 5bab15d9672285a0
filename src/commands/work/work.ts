// The fix queue shell: settings, token and repository → the lock → the scan report → one fetch of the remote's
// default branch → the queue (labels, or --issue) → each issue fixed locally (fix-issue.ts), then pushed with a
// draft pull request, or labelled and commented with why not → the halt rule after each → wave promotion.
// work-report.json is rewritten after every issue, so a run that dies keeps what it finished. --dry-run makes
// no write request to GitHub and pushes nothing.
import { realpathSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { WorkIssueEntry, WorkReport } from '../../artifacts/schemas/work-report.ts';
import { hasArtifact, readArtifact, writeArtifact } from '../../artifacts/store.ts';
import { PhaseError, UsageError } from '../../foundations/errors.ts';
import type { ProofEnv } from '../../engines/fix/prove.ts';
import { writeFileAtomic } from '../../foundations/fs/atomic.ts';
import { gitTopLevel } from '../../engines/git/git.ts';
import type { EditProposer } from '../../engines/fix/propose.ts';
import { createClient, gitHubError, type GitHub } from '../../engines/publish/client.ts';
import { ghText } from '../../engines/publish/escape.ts';
import { repoSlug, resolveRepo, type RepoRef } from '../../engines/publish/repo.ts';
import { gitHubSettings, gitHubToken } from '../../engines/publish/settings.ts';
import { acquireRunLock } from '../../engines/run/lock.ts';
import { issueBranch } from './branch.ts';
import { discoverQueue } from './discover.ts';
import { fixIssue, type LocalFix } from './fix-issue.ts';
import { comment, closeIssue, moveLabels, openDraftPull, pullForBranch, PR_OPENED_LABELS, STOPPED_LABELS } from './github-work.ts';
import { promoteOnGitHub, queueWithDependencies, toQueueIssue, type RawIssue } from './github-queue.ts';
import { recordEnd, startHalt, type IssueEnd } from './halt.ts';
import { isSystemic } from '../../engines/halt/halt.ts';
import type { QueueReproducer } from './queue-repro.ts';
import { findingForIssue, type IssueFinding } from './issue-finding.ts';
import { pullRequestBody, pullRequestTitle } from './pr-body.ts';
import type { QueueIssue } from './queue-issue.ts';
import { runSelfReview, selfReviewComment, type FixRound, type SelfReviewer } from './self-review-run.ts';
import { selfFixRound, type SelfFixContext } from './self-fix.ts';
import type { ModelPanel } from './model-panel.ts';
import { fetchRemoteBase, pushCommit } from './remote.ts';
import { waitFor } from './start-at.ts';
import { renderMarkdown, workReportOf, type WorkReportParts } from './report.ts';
import { renderWorkHtml, WORK_HTML_FILE } from './report-html.ts';
import { MAX_FIX_ATTEMPTS } from '../../engines/fix/fix-one.ts';
import { resolveRepro } from '../../engines/fix/repro-dir.ts';

export interface WorkRequest {
  target: string;
  artifactDir: string;
  repoFlag: string | undefined;
  /** --issue N…: exactly these, in this order. */
  only: number[];
  limit: number;
  /** Issues worked at the same time (default 1). */
  concurrency?: number;
  dryRun: boolean;
  timeLimitMs?: number;
  /** --at: how long to wait, holding the lock, before the fetch and the queue. */
  startInMs?: number;
  env: NodeJS.ProcessEnv;
  proposer: EditProposer;
  /** The panel's model reviewers (model-panel.ts), or rulesOnlyPanel without a model. */
  panel: ModelPanel;
  /** Reviews each pull request opened (or, dry, that would be) after the batch. */
  reviewer: SelfReviewer;
  proof: ProofEnv;
  notice: (line: string) => void;
  /** Reproduces an issue without a bug-hunter fingerprint (src/commands/repro); without it such an issue stops at the finding. */
  reproduce?: QueueReproducer;
}

export interface WorkOutcome {
  report: WorkReport;
  reportPath: string;
  markdownPath: string;
}

export async function runWork(request: WorkRequest): Promise<WorkOutcome> {
  const settings = gitHubSettings(request.env);
  const token = gitHubToken(request.env);
  const { repo } = resolveRepo(request.target, request.repoFlag, settings.serverUrl);
  if (!hasArtifact(request.artifactDir, 'scan-report')) throw new UsageError(`No scan-report.json in ${request.artifactDir}: the queue fixes findings of the last scan. Run 'bug-hunter scan' (and 'bug-hunter publish --queue') first.`);
  const scan = readArtifact(request.artifactDir, 'scan-report');
  const top = gitTopLevel(request.target);
  if (!top) throw new UsageError(`The fix queue needs a git repository: ${request.target} is not inside one.`);
  const sub = relative(realpathSync(top), realpathSync(request.target));
  const github = createClient({ token, settings, notice: request.notice });
  const lock = acquireRunLock(request.artifactDir, 'work');
  try {
    if (request.startInMs) {
      request.notice(`bug-hunter work: waiting until ${new Date(Date.now() + request.startInMs).toLocaleTimeString()} to start (--at).`);
      await waitFor(request.startInMs, request.proof.signal);
      if (request.proof.signal?.aborted) throw new PhaseError('Interrupted while waiting for --at; nothing was done.');
    }
    return await workLocked(request, { repo, github, token, top, sub, scan, apiUrl: settings.apiUrl });
  } finally {
    lock.release();
  }
}

interface Context {
  repo: RepoRef;
  github: GitHub;
  token: string;
  top: string;
  sub: string;
  scan: ReturnType<typeof readArtifact<'scan-report'>>;
  apiUrl: string;
}

async function workLocked(request: WorkRequest, ctx: Context): Promise<WorkOutcome> {
  const { repo, github } = ctx;
  const slug = repoSlug(repo);
  // A failed GitHub call ends the run (nothing more can be labelled or opened); any other error ends only its issue.
  const fromGitHub = new WeakSet<Error>();
  const call = <T>(what: string, fn: () => Promise<T>): Promise<T> =>
    fn().catch((error: unknown) => {
      const failed = gitHubError(error, what, repo, ctx.token);
      fromGitHub.add(failed);
      throw failed;
    });
  const base = fetchRemoteBase(ctx.top);
  const parts: WorkReportParts = { run: ctx.scan.run, repository: slug, apiUrl: ctx.apiUrl, dryRun: request.dryRun, baseBranch: base.branch, status: 'running', halt: startHalt(), refused: [], issues: [], promotion: null };
  const save = () => {
    const report = workReportOf(parts);
    const reportPath = writeArtifact(request.artifactDir, 'work-report', report);
    const markdownPath = join(request.artifactDir, 'work-report.md');
    writeFileAtomic(markdownPath, renderMarkdown(report));
    writeFileAtomic(join(request.artifactDir, WORK_HTML_FILE), renderWorkHtml(report));
    return { report, reportPath, markdownPath };
  };
  try {
    const queue = await discover(request, ctx, parts, call);
    const opened = new Map<number, Opened>();
    // --concurrency workers take the next issue in queue order; the halt rule sees issues in the order they finish,
    // and once it halts no worker starts another issue. A failed GitHub call ends the pool after the others finish.
    const pending = [...queue];
    const worker = async () => {
      for (let issue = pending.shift(); issue; issue = pending.shift()) {
        if (parts.halt.halted) {
          parts.issues.push(entryOf(issue, { outcome: 'halted', reason: `not started: the queue halted (${parts.halt.causes.join(' | ')})` }));
          continue;
        }
        const current = issue;
        const entry = await workOne(request, ctx, current, base, call, (ready) => opened.set(current.number, ready)).catch((error: unknown) => {
          if (error instanceof Error && fromGitHub.has(error)) throw error;
          return crashed(current, error);
        });
        parts.issues.push(entry);
        parts.halt = recordEnd(parts.halt, endOf(entry), entry.reason);
        if (parts.halt.halted) request.notice(`bug-hunter work: halted after ${parts.halt.streak} systemic failures in a row.`);
        save();
      }
    };
    const settled = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(request.concurrency ?? 1, queue.length)) }, worker));
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    await selfReviewAll(request, ctx, base.commit, parts.issues, opened, call);
    save();
    parts.promotion = await call('promote the issues whose dependencies are done', () => promoteOnGitHub(github, repo, { dryRun: request.dryRun }));
    parts.status = parts.halt.halted ? 'halted' : 'complete';
  } catch (error) {
    parts.status = 'failed';
    parts.error = (error as Error).message;
  }
  return save();
}

async function discover(request: WorkRequest, ctx: Context, parts: WorkReportParts, call: <T>(what: string, fn: () => Promise<T>) => Promise<T>): Promise<QueueIssue[]> {
  const where = { owner: ctx.repo.owner, repo: ctx.repo.name };
  if (request.only.length === 0) {
    const issues = await call(`list the issues labelled nightshift in ${repoSlug(ctx.repo)}`, () => queueWithDependencies(ctx.github, ctx.repo));
    return discoverQueue(issues, { limit: request.limit }).queue;
  }
  const found: QueueIssue[] = [];
  for (const number of new Set(request.only)) {
    try {
      const { data } = await ctx.github.rest.issues.get({ ...where, issue_number: number });
      found.push(toQueueIssue(data as RawIssue));
    } catch (error) {
      if ((error as { status?: number }).status !== 404) throw gitHubError(error, `read issue #${number}`, ctx.repo, ctx.token);
    }
  }
  const discovery = discoverQueue(found, { only: request.only });
  parts.refused = discovery.refused;
  return discovery.queue;
}

type Call = <T>(what: string, fn: () => Promise<T>) => Promise<T>;

function entryOf(issue: QueueIssue, over: Partial<WorkIssueEntry> & Pick<WorkIssueEntry, 'outcome' | 'reason'>): WorkIssueEntry {
  return { issue: issue.number, title: issue.title, fingerprint: null, findingId: null, branch: null, baseCommit: null, commit: null, attempts: [], proof: null, gates: [], review: null, pullRequest: null, pushed: false, labelled: [], commented: false, ...over };
}

// An issue whose work threw (its reproduction, the sandbox, git in its worktree): a systemic failure of that issue
// alone, which the halt rule counts; a model or sandbox that cannot be reached is `setup`, anything else a crash.
function crashed(issue: QueueIssue, error: unknown): WorkIssueEntry {
  const setup = isSystemic(error);
  const message = error instanceof Error ? error.message : String(error);
  return entryOf(issue, { outcome: 'failed', failure: setup ? 'setup' : 'crash', reason: `the issue's work ${setup ? 'could not be set up' : 'crashed'}: ${message}` });
}

function endOf(entry: WorkIssueEntry): IssueEnd {
  if (entry.failure === 'crash' || entry.failure === 'timeout' || entry.failure === 'setup') return entry.failure;
  if (entry.outcome === 'pr-opened' || entry.outcome === 'would-open-pr' || entry.outcome === 'empty-diff') return 'done';
  return entry.failure === 'review' ? 'review' : 'gate';
}

/** A fix that became (or, dry, would become) a pull request: what its self-review and fix rounds need. */
interface Opened {
  issue: QueueIssue;
  found: Extract<IssueFinding, { ok: true }>;
  reproDir: string | null;
  patch: string;
  commit: string;
  branch: string;
}

// After the batch, each pull request opened is reviewed against its issue; only auto-fixable remarks get up to two
// fix rounds (each re-verified and pushed to the branch); what needs a person is commented on it.
async function selfReviewAll(request: WorkRequest, ctx: Context, baseCommit: string, entries: WorkIssueEntry[], opened: Map<number, Opened>, call: Call): Promise<void> {
  for (const entry of entries) {
    const subject = opened.get(entry.issue);
    if (!subject || (entry.outcome !== 'pr-opened' && entry.outcome !== 'would-open-pr')) continue;
    const signal = request.proof.signal;
    let head = subject.commit;
    const context: SelfFixContext = {
      repo: ctx.top, sub: ctx.sub, baseCommit, issue: subject.issue, found: subject.found, reproDir: subject.reproDir, proposer: request.proposer, env: request.proof,
      push: request.dryRun ? null : (commit) => pushCommit(ctx.top, commit, subject.branch),
    };
    const fixRound: FixRound = async (remarks, round) => {
      const done = await selfFixRound(context, head, remarks, round);
      if (done.left) request.notice(`bug-hunter work: left a worktree behind: ${done.left}`);
      if (!done.round.ok) return done.round;
      head = done.round.commit;
      entry.commit = head;
      entry.gates = [...done.round.gates, ...entry.gates.filter((g) => g.gate === 'red-green' || g.gate === 'suite')];
      return { ok: true, patch: done.round.patch };
    };
    const result = await runSelfReview({ issue: subject.issue, finding: subject.found.finding, patch: subject.patch, ...(signal ? { signal } : {}) }, request.reviewer, fixRound);
    const text = selfReviewComment(result, ghText);
    const pull = entry.pullRequest;
    if (text && pull && !request.dryRun) await call(`comment on pull request #${pull.number}`, () => comment(ctx.github, ctx.repo, pull.number, text));
    entry.selfReview = { ...result, commented: Boolean(text && pull && !request.dryRun) };
  }
}

async function workOne(request: WorkRequest, ctx: Context, issue: QueueIssue, base: { branch: string; commit: string }, call: Call, onReady: (opened: Opened) => void): Promise<WorkIssueEntry> {
  const identity = { ...ctx.scan.run, baseCommit: base.commit };
  const scanned = findingForIssue(issue, ctx.scan, identity);
  // An issue a person filed (no fingerprint) is reproduced first: only a proof gives it a finding to fix.
  const found = !scanned.ok && scanned.fingerprint === null && request.reproduce ? await request.reproduce(issue, identity) : scanned;
  const branch = issueBranch(issue.number, issue.title);
  const known = { fingerprint: found.fingerprint, findingId: found.finding?.finding.id ?? null, branch, baseCommit: base.commit };
  const existing = await call(`look for a pull request from ${branch}`, () => pullForBranch(ctx.github, ctx.repo, branch));
  if (existing) return entryOf(issue, { ...known, outcome: 'already-open', reason: `pull request #${existing.number} from ${branch} already exists`, pullRequest: existing });
  if (!found.ok) return stopped(request, ctx, issue, entryOf(issue, { ...known, outcome: 'failed', failure: 'spec', reason: found.why }), 'finding', call);

  let local: LocalFix;
  let reproDir: string | null = null;
  try {
    reproDir = found.finding.repro?.dir ? resolveRepro(request.artifactDir, found.finding.repro.dir) : null;
    local = await fixIssue({ issue, found, repo: ctx.top, sub: ctx.sub, baseCommit: base.commit, reproDir, proposer: request.proposer, panel: request.panel, env: request.proof, ...(request.timeLimitMs !== undefined ? { timeLimitMs: request.timeLimitMs } : {}) });
  } catch (error) {
    return entryOf(issue, { ...known, outcome: 'failed', failure: 'crash', reason: `the fix crashed: ${(error as Error).message}` });
  }
  for (const left of local.left) request.notice(`bug-hunter work: left a worktree behind: ${left}`);
  const entry = entryOf(issue, { ...known, outcome: 'failed', reason: local.reason, ...(local.failure ? { failure: local.failure } : {}), attempts: local.attempts, proof: local.proof, gates: local.gates, review: local.review, commit: local.commit, ...(local.suiteRuns.length ? { suiteRuns: local.suiteRuns } : {}) });

  if (local.outcome === 'empty-diff') {
    entry.outcome = 'empty-diff';
    if (request.dryRun) return entry;
    await call(`comment on issue #${issue.number}`, () => comment(ctx.github, ctx.repo, issue.number, `The bug-hunter fix queue closes this issue: ${local.reason}.`));
    await call(`close issue #${issue.number}`, () => closeIssue(ctx.github, ctx.repo, issue.number, 'completed'));
    return { ...entry, commented: true };
  }
  if (local.outcome === 'gated' || local.outcome === 'review-failed') {
    entry.outcome = local.outcome;
    return stopped(request, ctx, issue, entry, local.outcome === 'gated' ? 'gates' : 'panel review', call);
  }
  if (local.outcome === 'failed') return local.failure === 'spec' ? stopped(request, ctx, issue, entry, 'fix', call) : entry;

  onReady({ issue, found, reproDir, patch: local.patch, commit: local.commit!, branch });
  const body = pullRequestBody({ issue: issue.number, proof: local.proof!, gates: local.gates, reviewBrief: local.review!.brief, attempt: local.attempts.length, maxAttempts: MAX_FIX_ATTEMPTS });
  if (request.dryRun) return { ...entry, outcome: 'would-open-pr', reason: `would push ${branch} and open a draft pull request against ${base.branch}` };
  try {
    pushCommit(ctx.top, local.commit!, branch);
  } catch (error) {
    return { ...entry, outcome: 'failed', failure: 'setup', reason: `could not push ${branch}: ${(error as Error).message}` };
  }
  entry.pushed = true;
  const title = pullRequestTitle(issue.number, issue.title);
  const pull = await call(`open a draft pull request from ${branch}`, () => openDraftPull(ctx.github, ctx.repo, { title, head: branch, base: base.branch, body }));
  entry.pullRequest = pull;
  entry.outcome = 'pr-opened';
  entry.reason = `draft pull request #${pull.number} opened from ${branch}`;
  entry.labelled = await call(`label issue #${issue.number}`, () => moveLabels(ctx.github, ctx.repo, issue.number, PR_OPENED_LABELS.add, PR_OPENED_LABELS.remove));
  await call(`comment on issue #${issue.number}`, () => comment(ctx.github, ctx.repo, issue.number, `The bug-hunter fix queue opened draft pull request #${pull.number} for this issue (branch \`${branch}\`).`));
  return { ...entry, commented: true };
}

// A failure that belongs to the issue (finding, fix, gates, review): out of the ready queue, labelled auto-failed,
// with a comment naming the phase that stopped it. A dry run only records it.
async function stopped(request: WorkRequest, ctx: Context, issue: QueueIssue, entry: WorkIssueEntry, phase: string, call: Call): Promise<WorkIssueEntry> {
  if (request.dryRun) return entry;
  const gates = entry.gates.filter((g) => !g.passed).map((g) => `- ${g.gate}: ${g.detail}`);
  const text = [`The bug-hunter fix queue stopped at the **${phase}** phase and opened no pull request.`, '', ghText(entry.reason), ...(gates.length ? ['', ...gates.map(ghText)] : [])].join('\n');
  entry.labelled = await call(`label issue #${issue.number}`, () => moveLabels(ctx.github, ctx.repo, issue.number, STOPPED_LABELS.add, STOPPED_LABELS.remove));
  await call(`comment on issue #${issue.number}`, () => comment(ctx.github, ctx.repo, issue.number, text));
  return { ...entry, commented: true };
}
