// Discovery: open nightshift + auto-ready issues, by priority then age, at most the limit; or exactly --issue N….
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { discoverQueue, priorityRank } from '../../../src/commands/work/discover.ts';
import type { QueueIssue } from '../../../src/commands/work/queue-issue.ts';

const READY = ['nightshift', 'auto-ready'];
function issue(number: number, labels: string[], createdAt: string, extra: Partial<QueueIssue> = {}): QueueIssue {
  return { number, title: `#${number}`, body: '', labels, state: 'open', createdAt, ...extra };
}

const ISSUES = [
  issue(1, [...READY, 'priority:low'], '2026-01-01T00:00:00Z'),
  issue(2, [...READY, 'priority:critical'], '2026-03-01T00:00:00Z'),
  issue(3, [...READY], '2025-01-01T00:00:00Z'),
  issue(4, [...READY, 'priority:critical'], '2026-02-01T00:00:00Z'),
  issue(5, ['nightshift', 'priority:critical'], '2020-01-01T00:00:00Z'),
  issue(6, [...READY, 'priority:high'], '2026-01-01T00:00:00Z', { state: 'closed' }),
  issue(7, [...READY, 'priority:high'], '2026-01-01T00:00:00Z', { isPullRequest: true }),
  issue(8, [...READY, 'priority:medium', 'priority:high'], '2026-05-01T00:00:00Z'),
];

test('ready issues come by priority, then oldest first; not-ready, closed and pull requests stay out', () => {
  assert.deepEqual(discoverQueue(ISSUES).queue.map((i) => i.number), [4, 2, 8, 1, 3]);
  assert.deepEqual(discoverQueue(ISSUES, { limit: 2 }).queue.map((i) => i.number), [4, 2]);
  assert.equal(priorityRank(['priority:medium', 'priority:high']), 1, 'the most urgent priority label counts');
  assert.equal(priorityRank(['bug']), 4);
});

test('--issue takes exactly the named issues in the order named and says why it refuses others', () => {
  const found = discoverQueue(ISSUES, { only: [5, 1, 6, 7, 42, 5] });
  assert.deepEqual(found.queue.map((i) => i.number), [5, 1]);
  assert.deepEqual(found.refused, [{ number: 6, why: 'closed' }, { number: 7, why: 'a pull request, not an issue' }, { number: 42, why: 'not found' }]);
});
