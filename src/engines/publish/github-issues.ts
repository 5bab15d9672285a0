// Reading and writing issues through the client: the issues labelled bug-hunter (every page, open and closed),
// the repository's labels, and one function per planned action. No decisions here; plan.ts makes them.
import { markerOf } from './body.ts';
import type { GitHub } from './client.ts';
import { BASE_LABEL, labelStyle } from './labels.ts';
import type { ExistingIssue, PublishAction } from './plan.ts';
import { repoSlug, type RepoRef } from './repo.ts';
import { allPages } from './paging.ts';

type Label = string | { name?: string | null };
const labelName = (l: Label) => (typeof l === 'string' ? l : (l.name ?? ''));

/** Issues labelled bug-hunter whose first line is a fingerprint marker, by fingerprint (pull requests skipped). */
export async function filedIssues(github: GitHub, repo: RepoRef): Promise<Map<string, ExistingIssue[]>> {
  const pages = github.paginate.iterator(github.rest.issues.listForRepo, { owner: repo.owner, repo: repo.name, labels: BASE_LABEL, state: 'all', per_page: 100 });
  const all = await allPages(pages, `issues labelled ${BASE_LABEL} in ${repoSlug(repo)}`);
  const byFingerprint = new Map<string, ExistingIssue[]>();
  for (const raw of all) {
    if (raw.pull_request) continue;
    const fingerprint = markerOf(raw.body);
    if (!fingerprint) continue;
    const issue: ExistingIssue = {
      number: raw.number,
      url: raw.html_url,
      state: raw.state === 'closed' ? 'closed' : 'open',
      stateReason: raw.state_reason ?? null,
      title: raw.title,
      body: raw.body ?? '',
      labels: raw.labels.map(labelName).filter(Boolean),
    };
    byFingerprint.set(fingerprint, [...(byFingerprint.get(fingerprint) ?? []), issue]);
  }
  return byFingerprint;
}

/** Creates the labels the actions use that the repository does not have yet (GitHub compares them case-insensitively). */
export async function ensureLabels(github: GitHub, repo: RepoRef, wanted: readonly string[]): Promise<string[]> {
  const existing = await allPages(github.paginate.iterator(github.rest.issues.listLabelsForRepo, { owner: repo.owner, repo: repo.name, per_page: 100 }), `labels of ${repoSlug(repo)}`);
  const have = new Set(existing.map((l) => l.name.toLowerCase()));
  const missing = [...new Set(wanted)].filter((name) => !have.has(name.toLowerCase()));
  for (const name of missing) await github.rest.issues.createLabel({ owner: repo.owner, repo: repo.name, name, ...labelStyle(name) });
  return missing;
}

/** Labels the planned actions put on issues. */
export function labelsUsed(actions: readonly PublishAction[]): string[] {
  return [...new Set(actions.flatMap((a) => (a.kind === 'file' ? a.draft.labels : a.kind === 'update' || a.kind === 'reopen' ? a.labels : [])))];
}

/** Carries out one action; returns the issue number and URL it touched. */
export async function applyAction(github: GitHub, repo: RepoRef, action: PublishAction): Promise<{ number: number; url: string } | null> {
  const where = { owner: repo.owner, repo: repo.name };
  switch (action.kind) {
    case 'file': {
      const { data } = await github.rest.issues.create({ ...where, title: action.draft.title, body: action.draft.body, labels: action.draft.labels });
      return { number: data.number, url: data.html_url };
    }
    case 'update':
      await github.rest.issues.update({ ...where, issue_number: action.issue.number, title: action.draft.title, body: action.draft.body, labels: action.labels });
      return action.issue;
    case 'reopen':
      await github.rest.issues.update({ ...where, issue_number: action.issue.number, state: 'open', title: action.draft.title, body: action.draft.body, labels: action.labels });
      await github.rest.issues.createComment({ ...where, issue_number: action.issue.number, body: action.comment });
      return action.issue;
    case 'close':
      // The comment first: an issue closed without its reason is worse than a reason on a still-open issue.
      await github.rest.issues.createComment({ ...where, issue_number: action.issue.number, body: action.comment });
      await github.rest.issues.update({ ...where, issue_number: action.issue.number, state: 'closed', state_reason: action.stateReason });
      return action.issue;
    case 'unchanged':
      return action.issue;
  }
}
