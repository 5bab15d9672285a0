// The fix queue on GitHub: the open issues labelled nightshift (every page), the state of each issue they depend
// on, and wave promotion carried out — auto-ready added, with a comment naming the dependencies that are done.
// The decisions are promote.ts's; this file only reads and writes.
import type { GitHub } from '../../engines/publish/client.ts';
import { repoSlug, type RepoRef } from '../../engines/publish/repo.ts';
import { allPages } from '../../engines/publish/paging.ts';
import { dependenciesOf, promoteWaves, type Promotion } from './promote.ts';
import { QUEUE_LABEL, READY_LABEL, type QueueIssue } from './queue-issue.ts';

export type RawIssue = { number: number; title: string; body?: string | null; state: string; labels: (string | { name?: string | null })[]; created_at: string; pull_request?: unknown };

export function toQueueIssue(raw: RawIssue): QueueIssue {
  return {
    number: raw.number,
    title: raw.title,
    body: raw.body ?? '',
    labels: raw.labels.map((l) => (typeof l === 'string' ? l : (l.name ?? ''))).filter(Boolean),
    state: raw.state === 'closed' ? 'closed' : 'open',
    createdAt: raw.created_at,
    ...(raw.pull_request ? { isPullRequest: true } : {}),
  };
}

/** Open nightshift issues, plus every issue one of them depends on (fetched one by one; a 404 stays unknown). */
export async function queueWithDependencies(github: GitHub, repo: RepoRef): Promise<QueueIssue[]> {
  const where = { owner: repo.owner, repo: repo.name };
  const pages = github.paginate.iterator(github.rest.issues.listForRepo, { ...where, labels: QUEUE_LABEL, state: 'open', per_page: 100 });
  const queued = (await allPages(pages, `open issues labelled ${QUEUE_LABEL} in ${repoSlug(repo)}`)).map((i) => toQueueIssue(i as RawIssue));
  const known = new Map(queued.map((i) => [i.number, i]));
  const wanted = [...new Set(queued.flatMap((i) => dependenciesOf(i.body, i.number)))].filter((n) => !known.has(n)).sort((a, b) => a - b);
  for (const number of wanted) {
    try {
      const { data } = await github.rest.issues.get({ ...where, issue_number: number });
      known.set(number, toQueueIssue(data as RawIssue));
    } catch (error) {
      if ((error as { status?: number }).status !== 404) throw error;
    }
  }
  return [...known.values()];
}

/** Computes the promotion and, unless dryRun, labels each unblocked issue auto-ready with a comment. */
export async function promoteOnGitHub(github: GitHub, repo: RepoRef, options: { dryRun: boolean }): Promise<Promotion> {
  const issues = await queueWithDependencies(github, repo);
  const promotion = promoteWaves(issues);
  if (options.dryRun) return promotion;
  const byNumber = new Map(issues.map((i) => [i.number, i]));
  for (const number of promotion.promote) {
    const deps = dependenciesOf(byNumber.get(number)!.body, number);
    await github.rest.issues.addLabels({ owner: repo.owner, repo: repo.name, issue_number: number, labels: [READY_LABEL] });
    await github.rest.issues.createComment({ owner: repo.owner, repo: repo.name, issue_number: number, body: `Every dependency is done (${deps.map((d) => `#${d}`).join(', ')}): labelled \`${READY_LABEL}\` for the next run of the fix queue.` });
  }
  return promotion;
}
