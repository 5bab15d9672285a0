import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { acquireRunLock, lockPath } from '../../../src/engines/run/lock.ts';
import { IntegrityError } from '../../../src/foundations/errors.ts';
import { tempDir } from '../../helpers/temp.ts';

test('a second run is refused and told who holds the lock and since when', (t) => {
  const dir = tempDir(t);
  const first = acquireRunLock(dir, 'bug-hunter scan a');
  t.after(() => first.release());
  assert.throws(
    () => acquireRunLock(dir, 'bug-hunter scan b'),
    (e: Error) => e instanceof IntegrityError && e.message.includes(`pid ${process.pid}`) && e.message.includes(first.info.since) && e.message.includes('bug-hunter scan a'),
  );
});

test('release removes the lock, and a new run can take it', (t) => {
  const dir = tempDir(t);
  acquireRunLock(dir, 'one').release();
  assert.equal(existsSync(lockPath(dir)), false);
  acquireRunLock(dir, 'two').release();
});

test('a lock left by a dead process is recovered and reported', (t) => {
  const dir = tempDir(t);
  const dead = { token: 'x', pid: 2 ** 22 + 12345, host: hostname(), command: 'crashed run', since: '2026-01-01T00:00:00.000Z', leaseUntil: '2999-01-01T00:00:00.000Z' };
  writeFileSync(lockPath(dir), JSON.stringify(dead));
  const lock = acquireRunLock(dir, 'new run');
  t.after(() => lock.release());
  assert.equal(lock.recovered?.command, 'crashed run');
  assert.equal(JSON.parse(readFileSync(lockPath(dir), 'utf8')).token, lock.info.token);
});

test('a lock from another host is recovered only after its lease expires', (t) => {
  const dir = tempDir(t);
  const live = { token: 'y', pid: 1, host: 'other-host', command: 'remote run', since: '2026-01-01T00:00:00.000Z', leaseUntil: '2999-01-01T00:00:00.000Z' };
  writeFileSync(lockPath(dir), JSON.stringify(live));
  assert.throws(() => acquireRunLock(dir, 'mine'), /remote run/);
  writeFileSync(lockPath(dir), JSON.stringify({ ...live, leaseUntil: '2020-01-01T00:00:00.000Z' }));
  const lock = acquireRunLock(dir, 'mine');
  assert.equal(lock.recovered?.host, 'other-host');
  lock.release();
});

test('releasing a lock that another run has since taken over leaves theirs alone', (t) => {
  const dir = tempDir(t);
  const lock = acquireRunLock(dir, 'mine');
  writeFileSync(lockPath(dir), JSON.stringify({ ...lock.info, token: 'theirs' }));
  lock.release();
  assert.equal(JSON.parse(readFileSync(lockPath(dir), 'utf8')).token, 'theirs');
});
