// One queued issue, locally: a detached worktree at the remote's base commit, the fixer (src/engines/fix/fix-one.ts:
// up to 3 attempts, each from the base, proven in the sandbox), the queue's gates over the diff, the panel review,
// and — when all pass — the fix committed in the worktree. Nothing here talks to GitHub or pushes.
import { join } from 'node:path';
import type { WorkGateRecord } from '../../artifacts/schemas/work-report.ts';
import type { FixAttempt } from '../../artifacts/schemas/fix.ts';
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import { applyEdits, type SearchReplace } from '../../engines/fix/edits.ts';
import type { ProofEnv } from '../../engines/fix/prove.ts';
import { OutsideRootError } from '../../foundations/fs/inside.ts';
import { fixOne, readerIn, writeApplied, type SuiteRun } from '../../engines/fix/fix-one.ts';
import type { EditProposer } from '../../engines/fix/propose.ts';
import { parseDiff } from './diff-stats.ts';
import { gatesPassed, issueAsks, workGates } from './gates.ts';
import type { IssueFinding } from './issue-finding.ts';
import { staleEvidence } from './issue-finding.ts';
import { proofOf, proofGates } from './proof.ts';
import type { FixProof } from './pr-body.ts';
import type { QueueIssue } from './queue-issue.ts';
import { panelReview, type PanelReview } from './review-panel.ts';
import type { ModelPanel, ModelVerdicts } from './model-panel.ts';
import { ProviderError } from '../../foundations/errors.ts';
import { commitInWorktree } from './remote.ts';
import { inScratchWorktree } from './scratch-worktree.ts';
import { rescanFinding, type Rescanner } from './rescan.ts';

export const DEFAULT_ISSUE_TIMEOUT_MS = 90 * 60 * 1000;

export type LocalOutcome = 'ready' | 'gated' | 'review-failed' | 'empty-diff' | 'failed';
export type Failure = 'crash' | 'timeout' | 'setup' | 'gate' | 'review' | 'spec';

export interface LocalFix {
  outcome: LocalOutcome;
  failure?: Failure;
  reason: string;
  attempts: FixAttempt[];
  proof: FixProof | null;
  gates: WorkGateRecord[];
  review: PanelReview | null;
  /** The fix commit (detached, in the repository's object store) when ready. */
  commit: string | null;
  /** The fix's unified diff ('' when there is none). */
  patch: string;
  /** Worktrees that could not be removed safely, with why. */
  left: string[];
  /** Every run of the reproductions and the suite (fix-one.ts), with the tail of its output. */
  suiteRuns: SuiteRun[];
}

export interface FixIssueInput {
  issue: QueueIssue;
  found: Extract<IssueFinding, { ok: true }>;
  /** Repository top level, and the scanned folder relative to it. */
  repo: string;
  sub: string;
  baseCommit: string;
  reproDir: string | null;
  proposer: EditProposer;
  /** The model reviewers of the panel (or the note that none ran). */
  panel: ModelPanel;
  env: ProofEnv;
  timeLimitMs?: number;
  /** Scans the finding's file at the base head when the fixer changed nothing (default: rescanFinding). */
  rescan?: Rescanner;
}

// The queue's own gates decide size (with the issue's waivers, and their figures); the fixer's are lifted so a
// fix the issue asks to remove code with is not refused before it is measured.
const UNLIMITED = { maxFiles: Number.MAX_SAFE_INTEGER, maxChangedLines: Number.MAX_SAFE_INTEGER, maxNetDeletions: Number.MAX_SAFE_INTEGER, maxGrossDeletions: Number.MAX_SAFE_INTEGER };

export async function fixIssue(input: FixIssueInput): Promise<LocalFix> {
  // The issue's time limit aborts everything in flight (the fixer's model call or agent CLI, the sandbox's
  // checks): each kills its process group on abort, so nothing of the attempt outlives the limit.
  const limitMs = input.timeLimitMs ?? DEFAULT_ISSUE_TIMEOUT_MS;
  const clock = new AbortController();
  const timer = setTimeout(() => clock.abort(new Error(`the issue's ${describeLimit(limitMs)} time limit`)), limitMs);
  const signal = input.env.signal ? AbortSignal.any([input.env.signal, clock.signal]) : clock.signal;
  try {
    const { value: local, left } = await inScratchWorktree(input.repo, input.baseCommit, `gh-${input.issue.number}`, (worktree) =>
      fixInWorktree({ ...input, env: { ...input.env, signal }, timeLimitMs: limitMs }, worktree),
    );
    const ended = clock.signal.aborted && local.outcome !== 'ready' ? timedOut(local, limitMs) : local;
    return { ...ended, left: left ? [left] : [] };
  } finally {
    clearTimeout(timer);
  }
}

async function fixInWorktree(input: FixIssueInput, worktree: string): Promise<Omit<LocalFix, 'left'>> {
  const { found } = input;
  const root = join(worktree, input.sub);
  const none = { attempts: [], proof: null, gates: [], review: null, commit: null, patch: '', suiteRuns: [] };
  let stale: string | null;
  try {
    stale = staleEvidence(found.finding, readerIn(root));
  } catch (error) {
    // The finding's file is a link (or leaves the worktree): nothing is read or written through it.
    if (!(error instanceof OutsideRootError)) throw error;
    stale = error.message;
  }
  if (stale) return { ...none, outcome: 'failed', failure: 'spec', reason: stale };

  const entry = { ...found.entry, gates: UNLIMITED };
  const result = await fixOne({
    entry,
    findings: [found.finding],
    reproDirs: new Map([[found.finding.finding.id, input.reproDir]]),
    worktree,
    root,
    baseCommit: input.baseCommit,
    margin: found.margin,
    proposer: input.proposer,
    env: input.env,
    timeLimitMs: input.timeLimitMs ?? DEFAULT_ISSUE_TIMEOUT_MS,
    specification: `Issue #${input.issue.number}: ${input.issue.title}\n\n${input.issue.body}`,
  });
  const proof = proofOf(result.before, result.after, found.finding.finding.id);
  const hasRepro = input.reproDir !== null;
  const attempts = result.attempts;
  const base = { attempts, proof, patch: result.patch, suiteRuns: result.runs };

  if (result.success === null) {
    const noEdits = attempts.length > 0 && attempts.every((a) => a.outcome === 'invalid-edit' && /proposed no edits/.test(a.reason));
    if (noEdits && proof.before.outcome !== 'failed') return { ...base, ...(await nothingChanged(input, root, attempts, hasRepro)), gates: [], review: null, commit: null };
    return { ...base, ...failureOf(attempts), gates: [], review: null, commit: null };
  }
  if (result.patch === '' && proof.before.outcome !== 'failed') return { ...base, ...(await nothingChanged(input, root, attempts, hasRepro)), gates: [], review: null, commit: null };

  const gates: WorkGateRecord[] = [...workGates(result.patch, issueAsks(`${input.issue.title}\n${input.issue.body}`), found.entry.gates), ...proofGates(proof, hasRepro, result.success)];
  if (!gatesPassed(gates)) {
    const failed = gates.filter((g) => !g.passed).map((g) => g.detail);
    return { ...base, outcome: 'gated', failure: 'gate', reason: `stopped by the gates: ${failed.join('; ')}`, gates, review: null, commit: null };
  }
  const changes = parseDiff(result.patch);
  let models: ModelVerdicts;
  try {
    models = await input.panel({ issue: input.issue, finding: found.finding, patch: result.patch, changes, proof, ...(input.env.signal ? { signal: input.env.signal } : {}) });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { ...base, outcome: 'failed', failure: 'setup', reason: `the review panel could not be asked: ${error.message}`, gates, review: null, commit: null };
  }
  const review = panelReview({ finding: found.finding, entry: found.entry, margin: found.margin, changes, proof }, models.verdicts, models.notRun);
  if (!review.passed) {
    const failed = review.reviewers.filter((r) => !r.passed).map((r) => `${r.reviewer}: ${r.remarks.join('; ')}`);
    return { ...base, outcome: 'review-failed', failure: 'review', reason: `the review panel failed the fix (${failed.join(' | ')})`, gates, review, commit: null };
  }
  const commit = commitFix(input, worktree, root, result.edits, found.finding);
  return { ...base, outcome: 'ready', reason: `fixed in attempt ${attempts.length}: ${attempts.at(-1)?.reason ?? ''}`, gates, review, commit };
}

const describeLimit = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000}-minute` : `${Math.round(ms / 1000)}-second`);

/** Past the limit whatever the attempts say (an aborted call or check looks systemic): a systemic timeout. */
function timedOut(local: Omit<LocalFix, 'left'>, limitMs: number): Omit<LocalFix, 'left'> {
  const reason = `the issue ran past its ${describeLimit(limitMs)} time limit after ${local.attempts.length} attempt(s); its processes were stopped`;
  return { ...local, outcome: 'failed', failure: 'timeout', reason, gates: [], review: null, commit: null };
}

// The fixer changed nothing and no reproduction fails on the base. That closes the issue only when a scan of the base
// head no longer reports the finding; a bug still found (or one that cannot be checked) stays open for a person.
async function nothingChanged(input: FixIssueInput, root: string, attempts: readonly FixAttempt[], hasRepro: boolean): Promise<Pick<LocalFix, 'outcome' | 'failure' | 'reason'>> {
  const rescan = input.rescan ?? rescanFinding;
  const found = await rescan({ root, finding: input.found.finding, baseCommit: input.baseCommit, ...(input.env.signal ? { signal: input.env.signal } : {}) });
  if (found.state === 'gone') {
    return { outcome: 'empty-diff', reason: `${hasRepro ? 'the reproduction passes on the base branch' : 'the fixer found nothing to change on the base branch'} and ${found.detail}: already fixed` };
  }
  const said = attempts.at(-1)?.reason ?? 'the fixer proposed no edits';
  return { outcome: 'failed', failure: 'spec', reason: `the fixer changed nothing (${said}), but ${found.detail}; the issue stays open for a person` };
}

/** Why the fixer gave up: a time limit, systemic attempts (model or sandbox setup, else a crash), or the issue's own. */
export function failureOf(attempts: readonly FixAttempt[]): Pick<LocalFix, 'outcome' | 'failure' | 'reason'> {
  const last = attempts.at(-1);
  if (!last) return { outcome: 'failed', failure: 'crash', reason: 'the fixer made no attempt' };
  if (last.outcome === 'time-limit') return { outcome: 'failed', failure: 'timeout', reason: last.reason };
  if (attempts.every((a) => a.outcome === 'systemic')) {
    return { outcome: 'failed', failure: /^(model|sandbox):/.test(last.reason) ? 'setup' : 'crash', reason: `${attempts.length} attempt(s), all systemic: ${last.reason}` };
  }
  return { outcome: 'failed', failure: 'spec', reason: `no attempt passed (${attempts.map((a) => a.outcome).join(', ')}): ${last.reason}` };
}

// fixOne leaves the worktree at the base; the proven edits are applied again (the same pure check) and committed.
function commitFix(input: FixIssueInput, worktree: string, root: string, edits: SearchReplace[], finding: ReportedFinding): string {
  const applied = applyEdits(edits, input.found.entry, input.found.margin, readerIn(root));
  if (!applied.ok) throw new Error(`the proven edits no longer apply to the base: ${applied.reason}`);
  writeApplied(root, applied.files);
  return commitInWorktree(input.repo, worktree, `bug-hunter: fix ${finding.finding.id} (#${input.issue.number})\n\nFound by bug-hunter (fingerprint ${finding.finding.fingerprint}); proven red to green in the sandbox.`);
}
