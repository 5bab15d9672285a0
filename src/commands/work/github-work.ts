// The fix queue's writes and reads on GitHub beyond the queue listing (github-queue.ts): the pull request already
// opened for a branch, a draft pull request, labels moved, a comment, an issue closed. Every call here is a
// request the dry run never makes except pullForBranch, which only reads.
import type { GitHub } from '../../engines/publish/client.ts';
import type { RepoRef } from '../../engines/publish/repo.ts';
import { PR_READY_LABEL, QUEUE_LABEL, READY_LABEL, FAILED_LABEL } from './queue-issue.ts';
import type { IssueStateReason } from '../../artifacts/schemas/literals.ts';

export interface PullRef {
  number: number;
  url: string;
}

const where = (repo: RepoRef) => ({ owner: repo.owner, repo: repo.name });

/** An open or closed pull request whose head is the branch (same repository), or null. */
export async function pullForBranch(github: GitHub, repo: RepoRef, branch: string): Promise<PullRef | null> {
  const { data } = await github.rest.pulls.list({ ...where(repo), head: `${repo.owner}:${branch}`, state: 'all', per_page: 10 });
  const pull = data[0];
  return pull ? { number: pull.number, url: pull.html_url } : null;
}

export async function openDraftPull(github: GitHub, repo: RepoRef, pull: { title: string; head: string; base: string; body: string }): Promise<PullRef> {
  const { data } = await github.rest.pulls.create({ ...where(repo), ...pull, draft: true });
  return { number: data.number, url: data.html_url };
}

/** Adds labels, then removes the ones named (a label already gone is not an error). Returns the labels added. */
export async function moveLabels(github: GitHub, repo: RepoRef, issue: number, add: string[], remove: string[]): Promise<string[]> {
  if (add.length > 0) await github.rest.issues.addLabels({ ...where(repo), issue_number: issue, labels: add });
  for (const name of remove) {
    try {
      await github.rest.issues.removeLabel({ ...where(repo), issue_number: issue, name });
    } catch (error) {
      if ((error as { status?: number }).status !== 404) throw error;
    }
  }
  return add;
}

export async function comment(github: GitHub, repo: RepoRef, issue: number, body: string): Promise<void> {
  await github.rest.issues.createComment({ ...where(repo), issue_number: issue, body });
}

export async function closeIssue(github: GitHub, repo: RepoRef, issue: number, reason: IssueStateReason): Promise<void> {
  await github.rest.issues.update({ ...where(repo), issue_number: issue, state: 'closed', state_reason: reason });
}

// One end label per issue: each end takes the other off (an issue that failed once and is fixed on a later run is
// waiting for review, not failed).
/** After a draft PR: out of the queue, marked as waiting for review. */
export const PR_OPENED_LABELS = { add: [PR_READY_LABEL], remove: [READY_LABEL, QUEUE_LABEL, FAILED_LABEL] };
/** After a gate or review stopped it: out of the ready queue, marked failed for a person. */
export const STOPPED_LABELS = { add: [FAILED_LABEL], remove: [READY_LABEL, PR_READY_LABEL] };
