// Wave promotion: a queued issue that says "Depends on #M" gets auto-ready once every issue it depends on is
// closed or auto-pr-ready, which puts it in the next run's queue. Kahn's algorithm (src/engines/fix/waves.ts) finds the
// issues on or behind a dependency cycle: they are reported, never waited on. A dependency the queue cannot see
// blocks (not seeing it is not knowing it is done). Pure.
import { topologicalWaves } from '../../engines/fix/waves.ts';
import { FAILED_LABEL, PR_READY_LABEL, QUEUE_LABEL, READY_LABEL, type QueueIssue } from './queue-issue.ts';

export interface Promotion {
  /** Issues to label auto-ready now. */
  promote: number[];
  /** Queued issues still waiting, with the open dependencies they wait on. */
  waiting: { number: number; on: number[] }[];
  /** Queued issues whose dependencies include issues the queue could not see. */
  unknown: { number: number; missing: number[] }[];
  /** Issues on or behind a dependency cycle: they can never be unblocked as things stand. */
  cycles: number[];
}

const FENCE = /^\s*(`{3,}|~{3,})/;

/** The issue numbers a body depends on: "Depends on #12", "depends on: #3, #4 and #5", outside code blocks. */
export function dependenciesOf(body: string, self?: number): number[] {
  const found = new Set<number>();
  let fence: string | null = null;
  for (const line of body.split(/\r?\n/)) {
    const mark = FENCE.exec(line)?.[1];
    if (mark && (fence === null || mark.startsWith(fence))) {
      fence = fence === null ? mark : null;
      continue;
    }
    if (fence !== null) continue;
    for (const m of line.matchAll(/\bdepends\s+on\b\s*:?((?:\s*(?:,|and|&)?\s*#\d+)+)/gi)) {
      for (const n of m[1]!.matchAll(/#(\d+)/g)) found.add(Number(n[1]));
    }
  }
  if (self !== undefined) found.delete(self);
  return [...found].sort((a, b) => a - b);
}

const isDone = (i: QueueIssue) => i.state === 'closed' || i.labels.includes(PR_READY_LABEL);
// Already queued, done, or stopped by a gate or review: promotion leaves those alone.
const inQueueState = (i: QueueIssue) => [READY_LABEL, PR_READY_LABEL, FAILED_LABEL].some((l) => i.labels.includes(l));

export function promoteWaves(issues: readonly QueueIssue[]): Promotion {
  const byNumber = new Map(issues.filter((i) => !i.isPullRequest).map((i) => [i.number, i]));
  const deps = new Map([...byNumber.values()].map((i) => [i.number, dependenciesOf(i.body, i.number)]));
  const open = [...byNumber.values()].filter((i) => !isDone(i));
  const { cyclic } = topologicalWaves(open.map((i) => ({ id: `#${i.number}`, dependsOn: deps.get(i.number)!.filter((d) => byNumber.has(d) && !isDone(byNumber.get(d)!)).map((d) => `#${d}`) })));
  const cycles = cyclic.map((id) => Number(id.slice(1)));
  const onCycle = new Set(cycles);

  const result: Promotion = { promote: [], waiting: [], unknown: [], cycles };
  const candidates = open.filter((i) => i.state === 'open' && i.labels.includes(QUEUE_LABEL) && !inQueueState(i) && deps.get(i.number)!.length > 0);
  for (const issue of candidates.sort((a, b) => a.number - b.number)) {
    const mine = deps.get(issue.number)!;
    const missing = mine.filter((d) => !byNumber.has(d));
    const pending = mine.filter((d) => byNumber.has(d) && !isDone(byNumber.get(d)!));
    if (missing.length > 0) result.unknown.push({ number: issue.number, missing });
    else if (pending.length > 0) {
      if (!onCycle.has(issue.number)) result.waiting.push({ number: issue.number, on: pending });
    } else result.promote.push(issue.number);
  }
  return result;
}
