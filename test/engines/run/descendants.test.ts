// test-process: own — stopDescendants signals every process below the test process, a batch-mate's too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { descendantsOf, parseStat, processTable, stopDescendants, type ProcessEntry } from '../../../src/engines/run/descendants.ts';

test('a /proc stat line: a name with spaces and parentheses, the state, the parent and the start time', () => {
  const line = '4242 (a (b) c) Z 17 4242 4242 0 -1 4194308 0 0 0 0 0 0 0 0 20 0 1 0 987654 0 0';
  assert.deepEqual(parseStat(line), { pid: 4242, name: 'a (b) c', state: 'Z', ppid: 17, start: 987654 });
  assert.equal(parseStat('not a stat line'), null);
});

test('descendants: children and theirs, never the parent nor a sibling tree', () => {
  const p = (pid: number, ppid: number): ProcessEntry => ({ pid, ppid, state: 'S', name: `p${pid}`, start: pid });
  // 10 → 11 → 12 (listed before its parent), 10 → 13; 20 is another tree.
  const table = [p(12, 11), p(10, 1), p(11, 10), p(13, 10), p(20, 1), p(21, 20)];
  assert.deepEqual(descendantsOf(10, table).map((e) => e.pid).sort(), [11, 12, 13]);
  assert.deepEqual(descendantsOf(13, table), []);
});

test('stopDescendants ends a child that ignores nothing and one that ignores SIGTERM, and both are reaped', async () => {
  const polite = spawn('sleep', ['60'], { stdio: 'ignore' });
  const stubborn = spawn('sh', ['-c', 'trap "" TERM; sleep 60 & wait'], { stdio: 'ignore' });
  const ours = () => processTable().filter((e) => e.ppid === process.pid && (e.pid === polite.pid || e.pid === stubborn.pid));
  // Started (the shell has set its trap once its own child shows).
  for (let i = 0; i < 100 && descendantsOf(stubborn.pid!, processTable()).length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
  assert.equal(ours().length, 2);
  const left = await stopDescendants(4_000);
  assert.deepEqual(left, []);
  assert.deepEqual(ours(), [], 'neither is left, not even as a zombie');
  assert.equal(polite.signalCode, 'SIGTERM');
  assert.equal(stubborn.signalCode, 'SIGKILL');
});
