// Whether a lock's owner on this host is gone: ended, a zombie no one reaped, or its pid now another process (told
// apart by the start time the lock records). Real processes and /proc.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { staleReason, type LockInfo } from '../../../src/engines/run/lock.ts';
import { processAlive } from '../../../src/engines/run/process.ts';

const PROC = existsSync('/proc/self/stat');
const lockOf = (pid: number, extra: Partial<LockInfo> = {}): LockInfo => ({ token: 't', pid, host: hostname(), command: 'c', since: '2026-01-01T00:00:00.000Z', leaseUntil: '2999-01-01T00:00:00.000Z', ...extra });
const startOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')[19]);

test('a zombie owner (killed, not reaped) is gone: its lock is stale at once', { skip: !PROC && 'needs /proc' }, async (t) => {
  // sh starts `sleep`, then becomes another `sleep` that never waits for it.
  const parent = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
  t.after(() => parent.kill('SIGKILL'));
  const pid = Number(await new Promise<string>((r) => parent.stdout.once('data', (d: Buffer) => r(d.toString()))));
  assert.equal(staleReason(lockOf(pid)), null, 'a live owner holds its lock');
  process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 200 && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '); i++) await new Promise((r) => setTimeout(r, 10));
  assert.match(readFileSync(`/proc/${pid}/stat`, 'utf8'), /\) Z /, 'a zombie');
  assert.equal(processAlive(pid), false);
  assert.equal(staleReason(lockOf(pid)), `owner pid ${pid} is not running`);
});

test('a pid now used by another process (another start time) does not hold the lock; the same start does', { skip: !PROC && 'needs /proc' }, () => {
  const started = startOf(process.pid);
  assert.equal(staleReason(lockOf(process.pid, { started })), null);
  assert.equal(staleReason(lockOf(process.pid, { started: started - 1 })), `owner pid ${process.pid} is now another process`);
  assert.equal(staleReason(lockOf(process.pid)), null, 'a lock written before start times were recorded: the pid alone decides');
});

test('another host: a live-looking lock holds until its lease expires, whatever its pid', () => {
  assert.equal(staleReason(lockOf(2 ** 22 + 77, { host: 'other-host', started: 1 })), null);
  assert.equal(staleReason(lockOf(2 ** 22 + 77, { host: 'other-host', leaseUntil: '2020-01-01T00:00:00.000Z' })), 'lease expired at 2020-01-01T00:00:00.000Z');
});
