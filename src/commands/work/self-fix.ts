// One fix round of the self-review: the fixer gets the pull request's head (in a scratch worktree), the issue and
// the auto-fixable remarks, inside the same scope; the edits are scope-checked, the reproduction must stay green
// and the suite green in the sandbox, the whole change from the base must still pass the gates; then the round
// is committed on top of the head and, unless dry, pushed to the pull request's branch (a fast-forward).
import { join } from 'node:path';
import { ProviderError } from '../../foundations/errors.ts';
import { OutsideRootError } from '../../foundations/fs/inside.ts';
import { applyEdits } from '../../engines/fix/edits.ts';
import type { ProofEnv } from '../../engines/fix/prove.ts';
import { runGit } from '../../engines/git/worktree.ts';
import { prove, readerIn, writeApplied } from '../../engines/fix/fix-one.ts';
import type { EditProposer } from '../../engines/fix/propose.ts';
import { gatesPassed, issueAsks, workGates, type WorkGate } from './gates.ts';
import type { IssueFinding } from './issue-finding.ts';
import type { QueueIssue } from './queue-issue.ts';
import { commitInWorktree } from './remote.ts';
import { inScratchWorktree } from './scratch-worktree.ts';
import type { ReviewRemark } from './self-review.ts';

export interface SelfFixContext {
  repo: string;
  sub: string;
  baseCommit: string;
  issue: QueueIssue;
  found: Extract<IssueFinding, { ok: true }>;
  reproDir: string | null;
  proposer: EditProposer;
  env: ProofEnv;
  /** Pushes a round's commit to the pull request's branch; null in a dry run. */
  push: ((commit: string) => void) | null;
}

export type SelfFixRound = { ok: true; commit: string; patch: string; gates: WorkGate[] } | { ok: false; why: string };

export function remarksAsTask(remarks: readonly ReviewRemark[], round: number): string {
  const lines = remarks.map((r) => `- ${r.file ? `${r.file}${r.line ? `:${r.line}` : ''}: ` : ''}${r.remark}`);
  return [`The self-review of this fix (round ${round}) asks for these corrections to the current code; make them and nothing else:`, ...lines].join('\n');
}

/** The round's outcome, and the scratch worktree if it could not be removed safely. */
export async function selfFixRound(ctx: SelfFixContext, head: string, remarks: readonly ReviewRemark[], round: number): Promise<{ round: SelfFixRound; left: string | null }> {
  const { value, left } = await inScratchWorktree(ctx.repo, head, `gh-${ctx.issue.number}-round-${round}`, (worktree) => roundIn(ctx, worktree, head, remarks, round));
  return { round: value, left };
}

async function roundIn(ctx: SelfFixContext, worktree: string, head: string, remarks: readonly ReviewRemark[], round: number): Promise<SelfFixRound> {
  const { found } = ctx;
  const root = join(worktree, ctx.sub);
  const read = readerIn(root);
  const signal = ctx.env.signal;
  let edits;
  try {
    edits = await ctx.proposer.propose({
      entry: found.entry,
      findings: [found.finding],
      read,
      lastFailure: remarksAsTask(remarks, round),
      specification: `Issue #${ctx.issue.number}: ${ctx.issue.title}\n\n${ctx.issue.body}`,
      workspace: { worktree, root, baseCommit: head },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof ProviderError) return { ok: false, why: `the fixer could not be asked: ${error.message}` };
    if (error instanceof OutsideRootError) return { ok: false, why: `the round's edits were refused: ${error.message}` };
    throw error;
  }
  const applied = applyEdits(edits, found.entry, found.margin, read);
  if (!applied.ok) return { ok: false, why: `the round's edits were refused: ${applied.reason}` };
  writeApplied(root, applied.files);
  const proof = await prove({ findings: [found.finding], reproDirs: new Map([[found.finding.finding.id, ctx.reproDir]]), env: ctx.env }, root);
  if (proof.systemic || !proof.suiteGreen || !proof.repro.every((r) => r.light === 'green' || r.light === 'none')) {
    return { ok: false, why: `the round's change is not proven (${proof.lines.join('; ')})` };
  }
  const commit = commitInWorktree(ctx.repo, worktree, `bug-hunter: self-review round ${round} for #${ctx.issue.number}\n\n${remarksAsTask(remarks, round)}`);
  const patch = runGit(root, ['diff', '--relative', ctx.baseCommit, commit]);
  const gates = workGates(patch, issueAsks(`${ctx.issue.title}\n${ctx.issue.body}`), found.entry.gates);
  if (!gatesPassed(gates)) return { ok: false, why: `the change with the round no longer passes the gates: ${gates.filter((g) => !g.passed).map((g) => g.detail).join('; ')}` };
  try {
    ctx.push?.(commit);
  } catch (error) {
    return { ok: false, why: `could not push the round: ${(error as Error).message}` };
  }
  return { ok: true, commit, patch, gates };
}
