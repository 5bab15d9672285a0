// Where the suite's temporary folders go (scripts/test/tmp.mjs): a tmpfs with room when there is one, else the
// system's; TEST_TMPDIR overrides; folders of runs that were killed are removed by the next run, live ones never.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chooseTempParent, makeRunTemp, MIN_FREE_BYTES, mountedNoexec, RUN_FOLDER, RUN_FOLDER_IDLE_MS, TMPFS_MAGIC } from '../../scripts/test/tmp.mjs';
import { isLeftover, lastWriteMs, removeLeftoversOfGone } from '../../src/engines/run/process.ts';
import { tempDir } from '../helpers/temp.ts';

const EXT4 = 0xef53;

test('a tmpfs /dev/shm with room is chosen; one without room, another file system or none falls back to the system folder', () => {
  assert.equal(chooseTempParent(undefined, { type: TMPFS_MAGIC, freeBytes: MIN_FREE_BYTES }, '/tmp').parent, '/dev/shm');
  const small = chooseTempParent(undefined, { type: TMPFS_MAGIC, freeBytes: MIN_FREE_BYTES - 1 }, '/tmp');
  assert.deepEqual(small, { parent: '/tmp', why: '/dev/shm is not a tmpfs with 4 GiB free' });
  assert.equal(chooseTempParent(undefined, { type: EXT4, freeBytes: 100 * MIN_FREE_BYTES }, '/tmp').parent, '/tmp');
  assert.deepEqual(chooseTempParent(undefined, undefined, '/tmp'), { parent: '/tmp', why: 'no writable /dev/shm' });
});

test('a noexec /dev/shm is not chosen: tests run the scripts they write in their temporary folders', () => {
  const shm = { type: TMPFS_MAGIC, freeBytes: 100 * MIN_FREE_BYTES, noexec: true };
  assert.deepEqual(chooseTempParent(undefined, shm, '/tmp'), { parent: '/tmp', why: '/dev/shm is mounted noexec' });
});

test('noexec is read from the mount that holds the path: the longest mount point, the last mounted on it', () => {
  const info = [
    '24 27 0:6 / /dev rw,nosuid,noexec,relatime - devtmpfs devtmpfs rw,mode=755',
    '25 24 0:23 / /dev/shm rw,nosuid,nodev,noexec - tmpfs tmpfs rw,size=24683784k',
    '30 25 0:27 / /dev/shm rw,relatime - tmpfs tmpfs rw,size=24683784k',
    '31 25 0:28 / /dev/shmem rw,noexec - tmpfs tmpfs rw',
  ].join('\n');
  assert.equal(mountedNoexec('/dev/shm', info), false, 'the later mount on /dev/shm hides the noexec one');
  assert.equal(mountedNoexec('/dev/shm', info.split('\n').slice(0, 2).join('\n')), true);
  assert.equal(mountedNoexec('/dev/pts', info), true, 'no mount of its own: /dev holds it');
  assert.equal(mountedNoexec('/srv', info), false, 'no mount holds it');
});

test('TEST_TMPDIR names the parent, or keeps the system folder with "system", whatever /dev/shm offers', () => {
  const shm = { type: TMPFS_MAGIC, freeBytes: 100 * MIN_FREE_BYTES };
  assert.deepEqual(chooseTempParent('/var/tmp/x', shm, '/tmp'), { parent: '/var/tmp/x', why: 'TEST_TMPDIR' });
  assert.deepEqual(chooseTempParent('system', shm, '/tmp'), { parent: '/tmp', why: 'TEST_TMPDIR=system' });
  assert.equal(chooseTempParent('rel/tmp', shm, '/tmp').parent, resolve('rel/tmp'), 'a relative folder is made absolute (TMPDIR must be)');
});

test("orphans: a folder whose runner is gone is removed; a live runner's, this process's and other names are kept", (t) => {
  const parent = tempDir(t);
  for (const name of ['bug-hunter-tests-111-aaaa', 'bug-hunter-tests-222-bbbb', `bug-hunter-tests-${process.pid}-cccc`, 'bug-hunter-tests-x-dddd', 'other-333-eeee']) mkdirSync(join(parent, name));
  const removed = removeLeftoversOfGone(parent, RUN_FOLDER, { alive: (pid) => pid === 222 });
  assert.deepEqual(removed, ['bug-hunter-tests-111-aaaa']);
  assert.deepEqual(readdirSync(parent).sort(), ['bug-hunter-tests-222-bbbb', `bug-hunter-tests-${process.pid}-cccc`, 'bug-hunter-tests-x-dddd', 'other-333-eeee'].sort());
  assert.deepEqual(removeLeftoversOfGone(join(parent, 'absent'), RUN_FOLDER), [], 'a parent that does not exist has no orphans');
});

test("makeRunTemp removes a killed run's folder and makes this run's under TEST_TMPDIR, named after the runner's pid", async (t) => {
  const parent = tempDir(t);
  // A pid no process has: above the kernel's pid_max (at most 2^22); nothing written in it for longer than a run idles.
  const gone = join(parent, 'bug-hunter-tests-99999999-gone');
  mkdirSync(gone);
  const longAgo = (Date.now() - RUN_FOLDER_IDLE_MS - 60_000) / 1000;
  utimesSync(gone, longAgo, longAgo);
  // The same pid looked gone, but its folder was written a moment ago: a runner in another pid namespace, kept.
  mkdirSync(join(parent, 'bug-hunter-tests-99999998-live'));
  const made = await makeRunTemp({ TEST_TMPDIR: parent });
  assert.deepEqual(readdirSync(parent).sort(), ['bug-hunter-tests-99999998-live', made.dir.slice(parent.length + 1)].sort(), 'the killed run\'s folder was removed, the busy one kept');
  assert.ok(existsSync(made.dir));
  assert.match(made.dir, new RegExp(`^${parent}/bug-hunter-tests-${process.pid}-`));
  assert.equal(made.why, 'TEST_TMPDIR');
});

test('a leftover needs its process gone and, where another pid namespace may share the folder, nothing written for the idle time', () => {
  const hour = 3600 * 1000;
  const now = 100 * hour;
  const gone = () => false;
  const live = () => true;
  assert.equal(isLeftover(111, 0, 1, { alive: gone, now }), true, 'without idleMs the pid alone decides');
  assert.equal(isLeftover(111, now, 1, { alive: live, now }), false);
  assert.equal(isLeftover(1, 0, 1, { alive: gone, now }), false, "this process's own folder is never a leftover");
  assert.equal(isLeftover(0, 0, 1, { alive: gone, now }), false, 'a name without a pid is not a leftover');
  // A runner in another pid namespace looks gone; its folder was written a minute ago: kept.
  assert.equal(isLeftover(111, now - 60_000, 1, { alive: gone, now, idleMs: 6 * hour }), false);
  assert.equal(isLeftover(111, now - 7 * hour, 1, { alive: gone, now, idleMs: 6 * hour }), true);
  // A reused pid: the process is alive (another one), so the old folder stays until its pid is free.
  assert.equal(isLeftover(111, now - 7 * hour, 1, { alive: live, now, idleMs: 6 * hour }), false);
});

test("a folder's last write is the newest of itself and its direct entries: a run writing in its TMPDIR keeps it fresh", (t) => {
  const parent = tempDir(t);
  const run = join(parent, 'bug-hunter-tests-111-aaaa');
  mkdirSync(join(run, 'tmp-x'), { recursive: true });
  const longAgo = (Date.now() - 10 * 3600 * 1000) / 1000;
  utimesSync(run, longAgo, longAgo);
  utimesSync(join(run, 'tmp-x'), longAgo, longAgo);
  assert.ok(Date.now() - lastWriteMs(run) > 9 * 3600 * 1000);
  assert.deepEqual(removeLeftoversOfGone(parent, RUN_FOLDER, { alive: () => false, idleMs: 6 * 3600 * 1000, now: Date.now() + 1 }).length, 1);
  const again = join(parent, 'bug-hunter-tests-112-bbbb');
  mkdirSync(join(again, 'tmp-y'), { recursive: true });
  utimesSync(again, longAgo, longAgo);
  writeFileSync(join(again, 'tmp-y', 'test-made-this'), '');
  assert.ok(Date.now() - lastWriteMs(again) < 3600 * 1000, 'the TMPDIR inside it was written just now');
  assert.deepEqual(removeLeftoversOfGone(parent, RUN_FOLDER, { alive: () => false, idleMs: 6 * 3600 * 1000 }), []);
  assert.equal(lastWriteMs(join(parent, 'absent')), 0);
});
