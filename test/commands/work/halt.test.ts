// Three systemic failures in a row halt the queue; gate and review failures neither count nor clear the streak.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordEnd, startHalt, type IssueEnd } from '../../../src/commands/work/halt.ts';

const run = (ends: IssueEnd[]) => ends.reduce((s, end, i) => recordEnd(s, end, `issue ${i + 1}`), startHalt());

test('three systemic failures in a row halt the queue, naming each cause', () => {
  const state = run(['crash', 'timeout', 'setup']);
  assert.equal(state.halted, true);
  assert.deepEqual(state.causes, ['crash: issue 1', 'timeout: issue 2', 'setup: issue 3']);
  assert.equal(recordEnd(state, 'done', 'later').halted, true, 'a halted queue stays halted');
});

test('a spec-level failure does not count and does not clear the streak; a success clears it', () => {
  assert.equal(run(['crash', 'gate', 'review', 'timeout']).halted, false);
  assert.equal(run(['crash', 'gate', 'review', 'timeout']).streak, 2);
  assert.equal(run(['crash', 'gate', 'timeout', 'review', 'setup']).halted, true);
  assert.equal(run(['crash', 'timeout', 'done', 'setup', 'crash']).halted, false);
  assert.equal(run(['gate', 'gate', 'gate', 'review']).halted, false);
});
