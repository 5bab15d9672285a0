// `report --format github-review`: the JSON body for GitHub's "create a review for a pull request" endpoint
// (POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews), typed by Octokit's own description of that endpoint.
// One COMMENT review: a line comment per new finding, the rest in the body. Nothing is posted. Pure.
import type { RestEndpointMethodTypes } from '@octokit/rest';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { UsageError } from '../../foundations/errors.ts';
import { TOOL_NAME } from '../../foundations/version.ts';
import { findingComment, findingItem } from './finding-comment.ts';
import { reviewHeadline, selectForReview } from './select.ts';
import { redactDeep } from '../report/redact.ts';

export type ReviewComment = { path: string; line: number; side: 'RIGHT'; body: string };
export type ReviewRequest = { commit_id: string; event: 'COMMENT'; body: string; comments: ReviewComment[] };

type Assignable<T extends U, U> = T;
/** Compile-time proof: the body plus owner, repo and pull_number is what Octokit's pulls.createReview takes. */
export type CreateReviewParameters = Assignable<ReviewRequest & { owner: string; repo: string; pull_number: number }, RestEndpointMethodTypes['pulls']['createReview']['parameters']>;

export function renderGitHubReview(stored: ScanReport): ReviewRequest {
  // What leaves the machine (code scanning, CI, a pull request) never carries a secret quoted in evidence.
  const report = redactDeep(stored);
  const commit = report.run.baseCommit;
  if (!commit) throw new UsageError('--format github-review needs the commit the scan ran on, and this run was not in a git repository. Scan the pull request head in a git checkout.');
  const s = selectForReview(report);
  const body = [`**${TOOL_NAME}: ${reviewHeadline(report, s)}**`, ''];
  if (s.onLines.length > 0) body.push(`${s.onLines.length === 1 ? 'The new finding is' : 'Each new finding is'} commented on its line.`, '');
  if (s.offDiff.length > 0) body.push('New findings outside the changed lines (in files the change reaches):', '', ...s.offDiff.map(findingItem), '');
  body.push(`<sub>run ${report.run.runId} · commit ${commit.slice(0, 12)} · ${TOOL_NAME} ${report.run.toolVersion}</sub>`);
  return {
    commit_id: commit,
    event: 'COMMENT',
    body: body.join('\n'),
    comments: s.onLines.map((f) => ({ path: f.finding.file, line: f.finding.startLine, side: 'RIGHT', body: findingComment(f) })),
  };
}
