// Which test files share a process (scripts/test/batches.mjs): the slow, the marked and those with top-level hooks
// run alone; the rest are dealt into batches whose entry modules import them in turn, and a batch's tests still run
// one file after another, are timed by their own file, and fail the run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ownProcessReason, planProcesses, startOrder, writeBatchEntries } from '../../scripts/test/batches.mjs';
import { readSlowFiles } from '../../scripts/test/order.mjs';
import { tempDir } from '../helpers/temp.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

test('a file keeps its own process when its first lines say so or it has a top-level hook; a hook inside a test does not count', () => {
  assert.equal(ownProcessReason("// test-process: own — it changes the process's umask\nimport { test } from 'node:test';\n"), 'marked');
  assert.equal(ownProcessReason("import { after, test } from 'node:test';\nafter(() => cleanup());\n"), 'top-level hook');
  assert.equal(ownProcessReason("import { test } from 'node:test';\ntest('x', (t) => {\n  t.after(() => cleanup());\n  after(1);\n});\n"), undefined);
  assert.equal(ownProcessReason(`${'// filler\n'.repeat(300)}// test-process: own — too far down to be a header\n`), undefined, 'the marker belongs in the header');
});

test('shared files are dealt round-robin in start order into at most the batches asked for; the slow and the marked run alone', () => {
  const files = ['slow1', 'slow2', 'a', 'own', 'b', 'c', 'd', 'e'];
  const source = (file: string) => (file === 'own' ? '// test-process: own — why\n' : '');
  const plan = planProcesses(files, { batchCount: 2, isSlow: (file) => file.startsWith('slow'), source });
  assert.deepEqual(plan, { alone: ['slow1', 'slow2', 'own'], batches: [['a', 'c', 'e'], ['b', 'd']] });
  // Never a batch of one: three shared files make one batch, one shared file none.
  assert.deepEqual(planProcesses(['a', 'b', 'c'], { batchCount: 8, isSlow: () => false, source: () => '' }).batches, [['a', 'b', 'c']]);
  assert.deepEqual(planProcesses(['slow', 'a'], { batchCount: 8, isSlow: (f) => f === 'slow', source: () => '' }), { alone: ['slow', 'a'], batches: [] });
  assert.deepEqual(planProcesses(['a', 'b'], { batchCount: 0, isSlow: () => false, source: () => '' }), { alone: ['a', 'b'], batches: [] }, 'TEST_ISOLATION=process');
});

test('each batch starts right after one of the first files run alone, so none starts late', () => {
  assert.deepEqual(startOrder(['slow1', 'slow2', 'slow3', 'x'], ['B1', 'B2']), ['slow1', 'B1', 'slow2', 'B2', 'slow3', 'x']);
  assert.deepEqual(startOrder(['slow1'], ['B1', 'B2']), ['slow1', 'B1', 'B2']);
});

test("in this repository the files with a top-level hook, and test/slow-files.txt's, are planned alone", () => {
  const slow = new Set(readSlowFiles(ROOT));
  const files = ['test/engines/sandbox/go-seed.test.ts', 'test/engines/report/sarif.test.ts', 'test/build/test-order.test.ts', 'test/build/test-tmp.test.ts', [...slow][0]!];
  const plan = planProcesses(files, { batchCount: 4, isSlow: (file) => slow.has(file), source: (file) => readFileSync(join(ROOT, file), 'utf8') });
  assert.deepEqual(plan.alone.sort(), ['test/engines/report/sarif.test.ts', 'test/engines/sandbox/go-seed.test.ts', [...slow][0]!].sort());
  assert.deepEqual(plan.batches, [['test/build/test-order.test.ts', 'test/build/test-tmp.test.ts']]);
});

test('a batch run by scripts/test/main.mjs: its files run in turn in one process, each timed by its own name, and a failure in one fails the run', (t) => {
  const dir = tempDir(t);
  const log = join(dir, 'events.log');
  const file = (name: string, body = '') => {
    const path = join(dir, name);
    const record = (what: string) => `appendFileSync(${JSON.stringify(log)}, \`${name} ${what} \${process.pid}\\n\`)`;
    writeFileSync(path, `import { appendFileSync } from 'node:fs';\nimport { test } from 'node:test';\n${record('loaded')};\ntest('${name}', async () => { ${record('start')}; await new Promise((r) => setTimeout(r, 30)); ${body}; ${record('end')}; });\n`);
    return path;
  };
  const [first, second] = [file('first.test.mjs'), file('second.test.mjs')];
  const [entry] = writeBatchEntries(join(dir, 'batches'), [[first, second]]);
  assert.equal(readFileSync(entry!, 'utf8').split('\n').filter((line) => line.startsWith('import')).join('\n'), [first, second].map((f) => `import ${JSON.stringify(pathToFileURL(f).href)};`).join('\n'));
  const main = fileURLToPath(new URL('../../scripts/test/main.mjs', import.meta.url));
  // Outside this test's own context: run() refuses to start files from inside a test file.
  const { NODE_TEST_CONTEXT: _context, ...env } = process.env;
  const times = join(dir, 'times.json');
  const run = (...files: string[]) => spawnSync(process.execPath, [main, '2', ...files], { encoding: 'utf8', env: { ...env, BH_TEST_TIMES: times } });
  const alone = file('alone.test.mjs');
  const green = run(entry!, alone);
  assert.equal(green.status, 0, green.stdout + green.stderr);
  assert.match(green.stdout, /# pass 3\n# fail 0/);
  const events = readFileSync(log, 'utf8').trim().split('\n').map((line) => line.split(' '));
  const batchEvents = events.filter(([name]) => name !== 'alone.test.mjs');
  // Every file is loaded before any test starts: a file still loading would hold the thread while tests run.
  const expected = ['first.test.mjs loaded', 'second.test.mjs loaded', 'first.test.mjs start', 'first.test.mjs end', 'second.test.mjs start', 'second.test.mjs end'];
  assert.deepEqual(batchEvents.map(([name, what]) => `${name} ${what}`), expected, 'all loaded, then one file after the other');
  assert.equal(new Set(batchEvents.map(([, , pid]) => pid)).size, 1, 'in one process');
  assert.notEqual(events.find(([name]) => name === 'alone.test.mjs')![2], batchEvents[0]![2], 'the other file in its own');
  const timed = JSON.parse(readFileSync(times, 'utf8')) as Record<string, number>;
  assert.deepEqual(Object.keys(timed).map((f) => relative(dir, f)).sort(), ['alone.test.mjs', 'first.test.mjs', 'second.test.mjs']);
  for (const seconds of Object.values(timed)) assert.ok(seconds >= 0.025, `each file's time is its tests' (${seconds} s)`);

  const failing = file('failing.test.mjs', "throw new Error('boom')");
  const [redEntry] = writeBatchEntries(join(dir, 'red'), [[failing, file('after.test.mjs')]]);
  const red = run(redEntry!);
  assert.equal(red.status, 1, 'a failing test in a batch fails the run');
  assert.match(red.stdout, /not ok \d+ - failing\.test\.mjs/);
  assert.match(red.stdout, /ok \d+ - after\.test\.mjs/, "the batch's next file still runs");
});
