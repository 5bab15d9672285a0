// Wave promotion labels exactly the unblocked issues; a dependency cycle is reported, not waited on; a dependency
// the queue cannot see blocks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dependenciesOf, promoteWaves } from '../../../src/commands/work/promote.ts';
import type { QueueIssue } from '../../../src/commands/work/queue-issue.ts';

function issue(number: number, body: string, labels: string[] = ['nightshift'], state: 'open' | 'closed' = 'open'): QueueIssue {
  return { number, title: `issue ${number}`, body, labels, state, createdAt: `2026-01-${String(number).padStart(2, '0')}T00:00:00Z` };
}

test('"Depends on" lines give the dependency numbers, outside code blocks and never the issue itself', () => {
  assert.deepEqual(dependenciesOf('Fix the parser.\n\nDepends on #12, #14 and #3\ndepends on: #7'), [3, 7, 12, 14]);
  assert.deepEqual(dependenciesOf('Depends on #5', 5), []);
  assert.deepEqual(dependenciesOf('```\nDepends on #9\n```\nsee #4, not a dependency'), []);
  assert.deepEqual(dependenciesOf('````\n```\nDepends on #9\n````\nDepends on #2'), [2], 'a shorter fence inside does not close the block');
  assert.deepEqual(dependenciesOf('Depends on #\u200b5 (escaped by publish)'), []);
});

test('exactly the issues whose dependencies are all closed or auto-pr-ready are promoted', () => {
  const issues = [
    issue(1, 'base fix', ['nightshift', 'auto-pr-ready']),
    issue(2, 'closed earlier', ['bug'], 'closed'),
    issue(3, 'still open', ['nightshift', 'auto-ready']),
    issue(10, 'Depends on #1 and #2'),
    issue(11, 'Depends on #1, #3'),
    issue(12, 'Depends on #10'),
    issue(13, 'Depends on #2', ['nightshift', 'auto-failed']),
    issue(14, 'Depends on #2', ['bug-hunter']),
    issue(15, 'no dependencies'),
  ];
  const result = promoteWaves(issues);
  assert.deepEqual(result.promote, [10]);
  assert.deepEqual(result.waiting, [{ number: 11, on: [3] }, { number: 12, on: [10] }]);
  assert.deepEqual(result.cycles, []);
  assert.deepEqual(result.unknown, []);
});

test('a cycle is reported, with what waits behind it, and nothing on it is promoted', () => {
  const issues = [issue(20, 'Depends on #21'), issue(21, 'Depends on #22'), issue(22, 'Depends on #20'), issue(23, 'Depends on #22'), issue(24, 'Depends on #25'), issue(25, 'done', ['nightshift'], 'closed')];
  const result = promoteWaves(issues);
  assert.deepEqual(result.cycles, [20, 21, 22, 23]);
  assert.deepEqual(result.promote, [24]);
  assert.deepEqual(result.waiting, []);
});

test('a dependency the queue cannot see blocks rather than counting as done', () => {
  const result = promoteWaves([issue(30, 'Depends on #99 and #31'), issue(31, 'x', ['bug'], 'closed')]);
  assert.deepEqual(result.unknown, [{ number: 30, missing: [99] }]);
  assert.deepEqual(result.promote, []);
});
