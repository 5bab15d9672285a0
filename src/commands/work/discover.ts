// Which issues the fix queue takes: open issues labelled nightshift and auto-ready, most urgent first
// (priority:critical … priority:low, then unlabelled), oldest first within a priority, at most `limit`;
// or exactly the issues named with --issue, in the order named. Pure.
import { PRIORITIES } from '../../engines/publish/labels.ts';
import { QUEUE_LABEL, READY_LABEL, type QueueIssue } from './queue-issue.ts';
import { compareText } from '../../foundations/text/compare.ts';

export const DEFAULT_LIMIT = 50;

export interface Discovery {
  queue: QueueIssue[];
  /** Issues named with --issue that cannot be taken, with why. */
  refused: { number: number; why: string }[];
}

/** 0 for priority:critical … 3 for priority:low; 4 without a priority label (the most urgent one counts). */
export function priorityRank(labels: readonly string[]): number {
  const ranks = labels.map((l) => (l.startsWith('priority:') ? (PRIORITIES as readonly string[]).indexOf(l.slice('priority:'.length)) : -1)).filter((r) => r >= 0);
  return ranks.length ? Math.min(...ranks) : PRIORITIES.length;
}

export function compareQueue(a: QueueIssue, b: QueueIssue): number {
  return priorityRank(a.labels) - priorityRank(b.labels) || compareText(a.createdAt, b.createdAt) || a.number - b.number;
}

export function discoverQueue(issues: readonly QueueIssue[], options: { limit?: number; only?: readonly number[] } = {}): Discovery {
  if (options.only?.length) {
    const byNumber = new Map(issues.map((i) => [i.number, i]));
    const queue: QueueIssue[] = [];
    const refused: Discovery['refused'] = [];
    for (const n of new Set(options.only)) {
      const issue = byNumber.get(n);
      if (!issue) refused.push({ number: n, why: 'not found' });
      else if (issue.isPullRequest) refused.push({ number: n, why: 'a pull request, not an issue' });
      else if (issue.state !== 'open') refused.push({ number: n, why: 'closed' });
      else queue.push(issue);
    }
    return { queue, refused };
  }
  const ready = issues.filter((i) => i.state === 'open' && !i.isPullRequest && i.labels.includes(QUEUE_LABEL) && i.labels.includes(READY_LABEL));
  return { queue: [...ready].sort(compareQueue).slice(0, options.limit ?? DEFAULT_LIMIT), refused: [] };
}
