// Worker thread: opens, checks and reads the listed files in order, into a few batch buffers that travel to the
// main thread and back, so reading (system calls) overlaps with analysis there. Plain JavaScript: a worker does
// not inherit the TypeScript loader, and starting one in a worker costs over a second.
// Mirrors readPath in read.ts (same flags, same checks, same RawRead shapes) and adds each file's sha256;
// test/phases/triage/read-ahead.test.ts holds the two paths to the same results.
import { hash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;
/** @type {{ root: string, paths: string[], maxBytes: number, batchBytes: number, buffers: number }} */
const { root, paths, maxBytes, batchBytes, buffers } = workerData;

const free = [];
let created = 0;
let wake = null;
parentPort.on('message', (message) => {
  free.push(Buffer.from(message.buffer));
  if (wake) wake();
});

// A batch buffer: a returned one, a new one while fewer than `buffers` exist, else wait until one comes back.
// Each holds batchBytes + maxBytes and is sent once batchBytes are used, so any file within the limit fits.
async function take() {
  while (free.length === 0 && created >= buffers) {
    await new Promise((resolve) => (wake = resolve));
    wake = null;
  }
  if (free.length > 0) return free.pop();
  created++;
  return Buffer.allocUnsafeSlow(batchBytes + maxBytes);
}

function kindOf(st) {
  if (st.isFIFO()) return 'FIFO';
  if (st.isSocket()) return 'socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'device';
  return 'special file';
}

async function run() {
  let buffer = await take();
  let used = 0;
  let entries = [];
  const send = () => parentPort.postMessage({ entries, buffer: buffer.buffer }, [buffer.buffer]);
  for (let index = 0; index < paths.length; index++) {
    let fd;
    try {
      fd = openSync(join(root, paths[index]), OPEN_FLAGS);
    } catch (error) {
      const code = error.code ?? 'error';
      entries.push(code === 'ELOOP' ? { index, kind: 'link' } : { index, kind: 'open-failed', code });
      continue;
    }
    try {
      const st = fstatSync(fd);
      if (st.isDirectory()) entries.push({ index, kind: 'folder' });
      else if (!st.isFile()) entries.push({ index, kind: 'special', what: kindOf(st) });
      else if (st.size > maxBytes) entries.push({ index, kind: 'huge', size: st.size });
      else {
        let filled = 0;
        while (filled < st.size) {
          const n = readSync(fd, buffer, used + filled, st.size - filled, null);
          if (n === 0) break;
          filled += n;
        }
        // Hashed here too: it is the one per-file cost that needs no TypeScript rule, so it leaves the main thread.
        entries.push({ index, kind: 'bytes', offset: used, length: filled, sha256: hash('sha256', buffer.subarray(used, used + filled), 'hex') });
        used += filled;
      }
    } catch (error) {
      entries.push({ index, kind: 'read-failed', code: error.code ?? 'error' });
    } finally {
      closeSync(fd);
    }
    if (used >= batchBytes) {
      send();
      buffer = await take();
      used = 0;
      entries = [];
    }
  }
  send();
  parentPort.postMessage({ done: true });
}

await run();
