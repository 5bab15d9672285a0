// Where the suite's temporary folders go (scripts/test/tmp.mjs): a tmpfs with room when there is one, else the
// system's; TEST_TMPDIR overrides; folders of runs that were killed are removed by the next run, live ones never.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chooseTempParent, makeRunTemp, MIN_FREE_BYTES, mountedNoexec, RUN_FOLDER, TMPFS_MAGIC } from '../../scripts/test/tmp.mjs';
import { removeLeftoversOfGone } from '../../src/engines/run/process.ts';
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
  const removed = removeLeftoversOfGone(parent, RUN_FOLDER, (pid) => pid === 222);
  assert.deepEqual(removed, ['bug-hunter-tests-111-aaaa']);
  assert.deepEqual(readdirSync(parent).sort(), ['bug-hunter-tests-222-bbbb', `bug-hunter-tests-${process.pid}-cccc`, 'bug-hunter-tests-x-dddd', 'other-333-eeee'].sort());
  assert.deepEqual(removeLeftoversOfGone(join(parent, 'absent'), RUN_FOLDER), [], 'a parent that does not exist has no orphans');
});

test("makeRunTemp removes a killed run's folder and makes this run's under TEST_TMPDIR, named after the runner's pid", async (t) => {
  const parent = tempDir(t);
  // A pid no process has: above the kernel's pid_max (at most 2^22).
  mkdirSync(join(parent, 'bug-hunter-tests-99999999-gone'));
  const made = await makeRunTemp({ TEST_TMPDIR: parent });
  assert.deepEqual(readdirSync(parent), [made.dir.slice(parent.length + 1)], 'the killed run\'s folder was removed');
  assert.ok(existsSync(made.dir));
  assert.match(made.dir, new RegExp(`^${parent}/bug-hunter-tests-${process.pid}-`));
  assert.equal(made.why, 'TEST_TMPDIR');
});
