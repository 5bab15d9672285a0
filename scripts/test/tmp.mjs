// Where the suite's temporary folders go. Tests make thousands of throw-away repositories, copies and artifacts, and
// each artifact write ends in fsync: on this project's 2-core machine a whole run on the disk under /tmp spent about
// a tenth of its CPU in the file system's journal and writeback. A RAM-backed folder (/dev/shm, a tmpfs on Linux)
// takes those writes for nothing, so the runner points TMPDIR there when it has room; the code under test runs the
// same calls either way. TEST_TMPDIR=<folder> chooses the parent folder, TEST_TMPDIR=system keeps os.tmpdir().
// Plain JavaScript on purpose: it runs from scripts/test/run-tests.mjs, before any loader.
import { accessSync, constants, mkdtempSync, readFileSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** statfs's type of a tmpfs (linux/magic.h). */
export const TMPFS_MAGIC = 0x01021994;
/** Free space a RAM-backed parent must have: the suite's folders stay under a few hundred megabytes at once. */
export const MIN_FREE_BYTES = 4 * 1024 ** 3;
const SHM = '/dev/shm';
const PREFIX = 'bug-hunter-tests-';

/**
 * The parent folder of the run's temporary folder, and why. Pure: `shm` is what statfs and access said of
 * /dev/shm (undefined when it is absent or not writable).
 */
export function chooseTempParent(setting, shm, systemTmp) {
  if (setting === 'system') return { parent: systemTmp, why: 'TEST_TMPDIR=system' };
  if (setting) return { parent: resolve(setting), why: 'TEST_TMPDIR' };
  // Tests run scripts they write in their temporary folders: a noexec mount (hardened hosts) would fail them.
  if (shm?.noexec) return { parent: systemTmp, why: `${SHM} is mounted noexec` };
  if (shm && shm.type === TMPFS_MAGIC && shm.freeBytes >= MIN_FREE_BYTES) return { parent: SHM, why: 'RAM-backed (tmpfs)' };
  return { parent: systemTmp, why: shm ? `${SHM} is not a tmpfs with ${MIN_FREE_BYTES / 1024 ** 3} GiB free` : `no writable ${SHM}` };
}

/** Whether the mount `path` is on carries noexec, from /proc/self/mountinfo's text (the last mount of the longest
 * mount point that holds the path: a later mount on the same point hides the earlier). */
export function mountedNoexec(path, mountinfo) {
  let best;
  for (const line of mountinfo.split('\n')) {
    const fields = line.split(' ');
    const point = fields[4];
    if (point === undefined || (path !== point && !path.startsWith(point === '/' ? '/' : `${point}/`))) continue;
    if (!best || point.length >= best.point.length) best = { point, options: `${fields[5]}` };
  }
  return best ? best.options.split(',').includes('noexec') : false;
}

function probeShm() {
  try {
    accessSync(SHM, constants.W_OK);
    const stats = statfsSync(SHM);
    let noexec = false;
    try {
      noexec = mountedNoexec(SHM, readFileSync('/proc/self/mountinfo', 'utf8'));
    } catch {
      // No /proc: the type and free space decide.
    }
    return { type: stats.type, freeBytes: stats.bavail * stats.bsize, noexec };
  } catch {
    return undefined;
  }
}

/** A run's folder: named after the runner's pid, so a later run can tell it is orphaned. */
export const RUN_FOLDER = /^bug-hunter-tests-(\d+)-/;
/**
 * …and idle this long. /dev/shm is shared by every runner on the machine, some in a pid namespace of their own
 * (bubblewrap's, a container's), whose pids look gone from here: a full run once lost its live folder mid-run to
 * another runner's cleanup (40 tests failed with ENOENT). A live run writes in its folder all the time.
 */
export const RUN_FOLDER_IDLE_MS = 6 * 3600 * 1000;

/** Makes this run's temporary folder, first removing those of runs killed before their cleanup (gone and idle). Needs dist/ (built
 * by the runner first): the removal is the sandbox's own, compiled there. */
export async function makeRunTemp(env = process.env) {
  const setting = env.TEST_TMPDIR;
  const { parent, why } = chooseTempParent(setting, setting ? undefined : probeShm(), tmpdir());
  const { removeLeftoversOfGone } = await import(new URL('../../dist/engines/run/process.js', import.meta.url).href);
  removeLeftoversOfGone(parent, RUN_FOLDER, { idleMs: RUN_FOLDER_IDLE_MS });
  return { dir: mkdtempSync(join(parent, `${PREFIX}${process.pid}-`)), why };
}
