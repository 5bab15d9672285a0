// Runs test files with node:test's run() in the order given: `node --test` sorts its files by name (Node 20's
// createTestFileList), which undid the runner's slowest-first order (scripts/test-order.mjs) and started the
// 26-second test/work/timeout.test.ts last, alone for the suite's final quarter-minute. The same reporters and exit
// code as `node --test`: spec on a terminal, else TAP; exit 1 when a test that is not a todo fails.
// Usage: node [flags for every test process] scripts/test-main.mjs <concurrency> <file>…  (the test processes
// inherit this process's flags, as `node --test` passes on its own).
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';

const [concurrency, ...files] = process.argv.slice(2);
if (!/^\d+$/.test(concurrency ?? '') || files.length === 0) {
  console.error('usage: node scripts/test-main.mjs <concurrency> <file>…');
  process.exit(2);
}
const stream = run({ files, concurrency: Number(concurrency) });
stream.on('test:fail', (data) => {
  if (data.todo === undefined || data.todo === false) process.exitCode = 1;
});
stream.compose(process.stdout.isTTY ? new spec() : tap).pipe(process.stdout);
