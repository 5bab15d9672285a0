// Runs test files with node:test's run() in the order given: `node --test` sorts its files by name (Node 20's
// createTestFileList), which undid the runner's slowest-first order (scripts/test/order.mjs) and started the
// 26-second test/commands/work/timeout.test.ts last, alone for the suite's final quarter-minute. The same reporters and exit
// code as `node --test`: spec on a terminal, else TAP; exit 1 when a test that is not a todo fails.
// With BH_TEST_TIMES set, it writes there the seconds each test file's top-level tests took, by the path of the file
// that holds them: the one measure of a file's time whether it ran alone or shared a process (scripts/test/batches.mjs).
// With BH_TEST_SUMMARY set, it writes there node:test's closing summary lines (tests, pass, fail, …), which the runner
// puts in the suite's result marker (scripts/test/suite-marker.mjs).
// Usage: node [flags for every test process] scripts/test/main.mjs <concurrency> <file>…  (the test processes
// inherit this process's flags, as `node --test` passes on its own).
import { writeFileSync } from 'node:fs';
import { run } from 'node:test';
import { fileURLToPath } from 'node:url';
import { spec, tap } from 'node:test/reporters';

const [concurrency, ...files] = process.argv.slice(2);
if (!/^\d+$/.test(concurrency ?? '') || files.length === 0) {
  console.error('usage: node scripts/test/main.mjs <concurrency> <file>…');
  process.exit(2);
}
const seconds = new Map();
const timed = (data) => {
  if (data.nesting !== 0 || data.file === undefined) return;
  // A path, whether the runner reports the file as one or as a file: URL.
  const file = data.file.startsWith('file:') ? fileURLToPath(data.file) : data.file;
  seconds.set(file, (seconds.get(file) ?? 0) + (data.details?.duration_ms ?? 0) / 1000);
};
const stream = run({ files, concurrency: Number(concurrency) });
stream.on('test:pass', timed);
stream.on('test:fail', (data) => {
  timed(data);
  if (data.todo === undefined || data.todo === false) process.exitCode = 1;
});
const summary = [];
stream.on('test:diagnostic', (data) => {
  if (data.nesting === 0) summary.push(data.message);
});
if (process.env.BH_TEST_SUMMARY) process.on('exit', () => writeFileSync(process.env.BH_TEST_SUMMARY, JSON.stringify(summary)));
if (process.env.BH_TEST_TIMES) process.on('exit', () => writeFileSync(process.env.BH_TEST_TIMES, JSON.stringify(Object.fromEntries(seconds))));
stream.compose(process.stdout.isTTY ? new spec() : tap).pipe(process.stdout);
