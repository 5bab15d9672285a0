// An issue as the fix queue sees it, whatever API it came from.
export interface QueueIssue {
  number: number;
  title: string;
  body: string;
  labels: string[];
  state: 'open' | 'closed';
  /** ISO time the issue was opened: the tie-breaker after priority. */
  createdAt: string;
  isPullRequest?: boolean;
}

export const QUEUE_LABEL = 'nightshift';
export const READY_LABEL = 'auto-ready';
export const PR_READY_LABEL = 'auto-pr-ready';
export const FAILED_LABEL = 'auto-failed';
