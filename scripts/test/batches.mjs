// Which test files share a process. A process per file pays node's start, the test runner's set-up, the loading and
// compiling of every module the file reaches and V8's warm-up of the code it runs, once for each of some 250 files:
// measured (2026-12-05), 94 files that start no processes of their own took 123 s of CPU in a process each and 42 s
// in one. So most files share a few processes (batches): a batch imports its files, their tests queue on one root and
// run one at a time, each file's in its own order, as they would alone.
// A file keeps a process of its own when it is one of the slow files (test/slow-files.txt: they mostly wait on
// timers and child processes, and overlap best started alone), when it has a top-level hook (a top-level before or
// after would hook every file of its batch), or when its first lines say so: `// test-process: own — <why>`.
// TEST_ISOLATION=process gives every file its own process, to tell a batch-mate's leftover state from a real failure.
// Plain JavaScript on purpose: it runs from scripts/test/run-tests.mjs, before any loader.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The marker a test file's first lines carry to keep a process of its own. */
const OWN_PROCESS_MARKER = /^\/\/ test-process: own\b/m;
const TOP_LEVEL_HOOK = /^(before|after|beforeEach|afterEach)\(/m;
/** How many of a file's first characters are searched for the marker. */
const HEAD = 2000;

/** Why a file with this source needs its own process, or undefined when it can share one. */
export function ownProcessReason(source) {
  if (OWN_PROCESS_MARKER.test(source.slice(0, HEAD))) return 'marked';
  if (TOP_LEVEL_HOOK.test(source)) return 'top-level hook';
  return undefined;
}

/**
 * Splits `files` (in start order) into files run alone and up to `batchCount` batches. `isSlow(file)` names the slow
 * files; `source(file)` reads a file's text. Shared files are dealt round-robin in start order, so each batch gets a
 * like share of the slow and the quick. Fewer than two shared files make no batch.
 */
export function planProcesses(files, { batchCount, isSlow, source }) {
  const alone = [];
  const shared = [];
  for (const file of files) (isSlow(file) || ownProcessReason(source(file)) !== undefined ? alone : shared).push(file);
  const count = Math.min(batchCount, Math.floor(shared.length / 2));
  if (count < 1) return { alone: files, batches: [] };
  const batches = Array.from({ length: count }, () => []);
  shared.forEach((file, index) => batches[index % count].push(file));
  return { alone, batches };
}

/**
 * The order to start them in: the batches are the longest units, so each starts early, one after each of the first
 * slow files (which head `alone`), and the other files follow in their order.
 */
export function startOrder(alone, batchEntries) {
  const order = [];
  const rest = [...alone];
  for (const entry of batchEntries) {
    if (rest.length > 0) order.push(rest.shift());
    order.push(entry);
  }
  return [...order, ...rest];
}

/**
 * Writes one entry module per batch into `dir`; returns their paths. The entry imports the batch's files statically:
 * every module is loaded before any runs, then they run in order, each registering its tests, and only then do the
 * tests start. With `await import()` one after another, later files were still loading (typescript's compiler alone
 * holds the thread for a second) while the first files' tests ran, and a test waiting on a child's output heard it
 * only after the child had finished.
 */
export function writeBatchEntries(dir, batches) {
  mkdirSync(dir, { recursive: true });
  return batches.map((files, index) => {
    const path = join(dir, `batch-${String(index + 1).padStart(2, '0')}.mjs`);
    const imports = files.map((file) => `import ${JSON.stringify(pathToFileURL(file).href)};`);
    writeFileSync(path, `// Test files sharing one process (scripts/test/batches.mjs).\n${imports.join('\n')}\n`);
    return path;
  });
}
