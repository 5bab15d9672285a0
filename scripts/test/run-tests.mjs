// Runs every test file under test/ (or those named) with node's test runner. The TypeScript the tests load is compiled
// to JavaScript first (scripts/test/compile.mjs), so no test process pays for a loader; TEST_LOADER=tsx runs the
// sources under tsx instead. Node 20's --test does not expand globs, so the file list is gathered here. CLI tests run
// the compiled CLI, so a missing or stale dist/ is rebuilt first.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../build/build.mjs';
import { compileForTests } from './compile.mjs';
import { planProcesses, startOrder, writeBatchEntries } from './batches.mjs';
import { readSlowFiles, slowestFirst } from './order.mjs';
import { makeRunTemp } from './tmp.mjs';
import { gitState, isFullRun, recordRun, removeMarker, summaryOf, testFilesUnder } from './suite-marker.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** CPU seconds of every finished descendant (the test processes and what they ran), from /proc; undefined elsewhere. */
function childrenCpuSeconds() {
  if (!existsSync('/proc/self/stat')) return undefined;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 (cutime, cstime) in clock ticks, which Linux reports to user space at 100 per second.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const loaderChoice = process.env.TEST_LOADER ?? 'compiled';
const isolation = process.env.TEST_ISOLATION ?? 'batches';
if (isolation !== 'batches' && isolation !== 'process') {
  console.error(`TEST_ISOLATION must be 'batches' (the default: most files share a few processes) or 'process' (got '${isolation}').`);
  process.exit(2);
}
if (loaderChoice !== 'compiled' && loaderChoice !== 'tsx') {
  console.error(`TEST_LOADER must be 'compiled' (the default) or 'tsx' (got '${loaderChoice}').`);
  process.exit(2);
}
const args = process.argv.slice(2);
const found = (args.length > 0 ? args : ['test']).flatMap((p) => (statSync(p).isDirectory() ? testFilesUnder(p) : [p])).map((p) => resolve(p));
const slowFiles = readSlowFiles(ROOT);
const files = slowestFirst(found, slowFiles, (file) => relative(ROOT, file));
if (files.length === 0) {
  console.error('No test files found.');
  process.exit(1);
}
// A full run (every test file under test/) leaves its result in a marker the quality gate reads
// (scripts/test/suite-marker.mjs): the one before it is stale from the start, whatever this run ends with.
const fullRun = isFullRun(ROOT, files);
const gitBefore = fullRun ? gitState(ROOT) : undefined;
if (fullRun) removeMarker(ROOT);
const distWas = buildIfStale();
if (distWas !== 'fresh') console.error(`dist/ was ${distWas}: rebuilt before the tests.`);
// Test files spend much of their time waiting on child processes (git, the sandbox, the CLI), so two per core
// keep the cores busy; TEST_CONCURRENCY overrides.
const concurrency = process.env.TEST_CONCURRENCY ?? String(Math.max(2, availableParallelism() * 2));
// Files that share a process (scripts/test/batches.mjs) form three times as many batches as run at once, so none
// ends long after the others: with 8 batches on 2 cores the last 25 s of the suite ran one or two processes (one core
// idle; wall 156-160 s), with 12 the machine stayed busy to the end (150.7 s), 16 cost more CPU for the same wall
// (151.4 s; 2026-12-05, one run each). TEST_BATCHES overrides.
const batchCount = isolation === 'process' ? 0 : Number(process.env.TEST_BATCHES ?? Number(concurrency) * 3);
if (!Number.isInteger(batchCount) || batchCount < 0) {
  console.error(`TEST_BATCHES must be a whole number (got '${process.env.TEST_BATCHES}').`);
  process.exit(2);
}
// Every temporary folder of the run lives in one, on a RAM-backed file system when there is room
// (scripts/test/tmp.mjs); the test processes get it as TMPDIR, and it goes, with anything a test left, at the end.
const runTemp = await makeRunTemp();
console.error(`temporary folders: ${runTemp.dir} (${runTemp.why})`);
// Scans record the cache folders they create in the user's state folder (src/engines/cache/owner.ts): the tests' go to a
// throw-away one, never the real home.
const stateHome = mkdtempSync(join(runTemp.dir, 'state-'));
// The user's own config (src/engines/config/load.ts) is looked up in XDG_CONFIG_HOME: an empty throw-away folder, so
// no test reads the real ~/.config/bug-hunter/config.json.
const configHome = mkdtempSync(join(runTemp.dir, 'config-'));
// Each test process writes its CPU seconds here at exit (scripts/test/cpu-probe.mjs).
const cpuDir = mkdtempSync(join(runTemp.dir, 'cpu-'));
// scripts/test/main.mjs writes here the seconds each file's tests took, batched or not, and node:test's summary.
const timesFile = join(runTemp.dir, 'file-times.json');
const summaryFile = join(runTemp.dir, 'summary.json');
// The test processes' TMPDIR, open to every user like /tmp: as root the sandbox runs as a uid of its own, which must
// reach the throw-away copies made in it.
const testTmp = mkdtempSync(join(runTemp.dir, 'tmp-'));
chmodSync(runTemp.dir, 0o755);
chmodSync(testTmp, 0o1777);
const PROBE = new URL('./cpu-probe.mjs', import.meta.url).href;

/** The test processes that cost the most CPU: a file by its source path, or a batch of files sharing a process. */
function heaviest(count) {
  const perFile = readdirSync(cpuDir).map((name) => JSON.parse(readFileSync(join(cpuDir, name), 'utf8')));
  const source = (file) =>
    batchFiles.has(file)
      ? `${relative(batchDir, file)} (${batchFiles.get(file)} files sharing a process)`
      : relative(ROOT, compiled ? join(ROOT, relative(compiled, file)).replace(/\.js$/, '.ts') : file);
  const sum = perFile.reduce((total, r) => total + r.cpu, 0);
  const lines = perFile.sort((a, b) => b.cpu - a.cpu).map((r) => `${r.cpu.toFixed(1)} s ${source(r.file)}`);
  // Every process's CPU and every file's time, for whoever makes the suite faster next (git-ignored, like the other
  // run logs); the files' times, slowest first, are what test/slow-files.txt is refreshed from.
  mkdirSync(join(ROOT, 'benchmark', 'out'), { recursive: true });
  writeFileSync(join(ROOT, 'benchmark', 'out', 'test-cpu.txt'), `${lines.join('\n')}\n`);
  const times = existsSync(timesFile) ? Object.entries(JSON.parse(readFileSync(timesFile, 'utf8'))) : [];
  const walls = times.sort((a, b) => b[1] - a[1]).map(([file, seconds]) => `${seconds.toFixed(1)} s ${relative(ROOT, file)}`);
  writeFileSync(join(ROOT, 'benchmark', 'out', 'test-wall.txt'), `${walls.join('\n')}\n`);
  return { sum, top: lines.slice(0, count) };
}
// One mirror per run (under node_modules, so no tool that walks the clone sees it), removed afterwards.
const cacheDir = join(ROOT, 'node_modules', '.cache', 'bug-hunter-tests');
mkdirSync(cacheDir, { recursive: true });
// A run killed before its cleanup leaves its mirror: one a day old belongs to no running suite.
for (const name of readdirSync(cacheDir)) {
  const path = join(cacheDir, name);
  if (Date.now() - statSync(path).mtimeMs > 24 * 3600 * 1000) rmSync(path, { recursive: true, force: true });
}
const compiled = loaderChoice === 'tsx' ? undefined : mkdtempSync(join(cacheDir, 'run-'));
// The batches' entry modules (scripts/test/batches.mjs), and how many files each imports.
const batchDir = join(runTemp.dir, 'batches');
let batchFiles = new Map();
let status = 1;
// The build of dist/ above is not the suite's: CPU is counted from the test runner's start.
let cpuBefore;
const suiteStarted = Date.now();
const loadAtStart = loadavg().map((l) => l.toFixed(1)).join(' ');
try {
  const started = Date.now();
  const runnable = compiled ? await compileForTests(ROOT, compiled, files) : files;
  if (compiled) console.error(`compiled the tests' TypeScript in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const runnableOf = new Map(files.map((file, index) => [file, runnable[index]]));
  const slow = new Set(slowFiles);
  const plan = planProcesses(files, { batchCount, isSlow: (file) => slow.has(relative(ROOT, file)), source: (file) => readFileSync(file, 'utf8') });
  const entries = writeBatchEntries(batchDir, plan.batches.map((batch) => batch.map((file) => runnableOf.get(file))));
  batchFiles = new Map(entries.map((entry, index) => [entry, plan.batches[index].length]));
  const units = startOrder(plan.alone.map((file) => runnableOf.get(file)), entries);
  const shared = plan.batches.reduce((sum, batch) => sum + batch.length, 0);
  if (shared > 0) console.error(`${shared} test files share ${entries.length === 1 ? 'one process' : `${entries.length} processes`}, ${plan.alone.length} run in their own (scripts/test/batches.mjs)`);
  const loader = [...(compiled ? ['--enable-source-maps'] : ['--import', 'tsx']), '--import', PROBE];
  cpuBefore = childrenCpuSeconds();
  // scripts/test/main.mjs, not `node --test`, which would sort the files by name and undo the order above.
  const result = spawnSync(process.execPath, [...loader, fileURLToPath(new URL('./main.mjs', import.meta.url)), concurrency, ...units], {
    stdio: 'inherit',
    // BUG_HUNTER_ADVISORIES_DIR: the user's downloaded OSV copy never reaches a test's dependency scan.
    env: { ...process.env, TMPDIR: testTmp, XDG_STATE_HOME: stateHome, XDG_CONFIG_HOME: configHome, BUG_HUNTER_ADVISORIES_DIR: join(testTmp, 'advisories-npm'), BH_TEST_CPU_DIR: cpuDir, BH_TEST_TIMES: timesFile, BH_TEST_SUMMARY: summaryFile },
  });
  status = result.status ?? 1;
  if (fullRun) {
    const summary = existsSync(summaryFile) ? summaryOf(JSON.parse(readFileSync(summaryFile, 'utf8'))) : {};
    console.error(recordRun({ root: ROOT, files, before: gitBefore, after: gitState(ROOT), status, summary, ci: process.env.CI === 'true' }));
  }
  const { sum, top } = heaviest(8);
  if (top.length > 1) console.log(`CPU of the test files: ${sum.toFixed(1)} s (each in benchmark/out/test-cpu.txt); the most: ${top.join(', ')}`);
} finally {
  rmSync(runTemp.dir, { recursive: true, force: true });
  if (compiled) rmSync(compiled, { recursive: true, force: true });
}
// One line for people and for .ci/run (scripts/gate/quality-world-class.ts reads it): the suite's wall time and CPU.
const cpuAfter = childrenCpuSeconds();
const cpu = cpuAfter === undefined || cpuBefore === undefined ? undefined : cpuAfter - cpuBefore;
console.log(
  `suite: ${files.length} test files, wall ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s` +
    `${cpu === undefined ? '' : `, CPU ${cpu.toFixed(1)} s`} on ${availableParallelism()} cores, load average at start ${loadAtStart}`,
);
process.exit(status);
