// The suite's start order (scripts/test/order.mjs): the files of test/slow-files.txt first, slowest first, so a long
// file never starts last; the others keep their order. The list names only test files that exist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSlowFiles, slowestFirst } from '../../scripts/test/order.mjs';
import { tempDir } from '../helpers/temp.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

test('the listed files start first, in the order of the list; the others keep their order; a listed file not run is ignored', () => {
  const files = ['a.test.ts', 'b.test.ts', 'c.test.ts', 'd.test.ts', 'e.test.ts'];
  assert.deepEqual(slowestFirst(files, ['gone.test.ts', 'd.test.ts', 'b.test.ts']), ['d.test.ts', 'b.test.ts', 'a.test.ts', 'c.test.ts', 'e.test.ts']);
  assert.deepEqual(slowestFirst(files, []), files);
});

test('files are matched to the list by the name the caller gives them (the runner: the repository-relative path)', () => {
  const files = ['/r/test/a.test.ts', '/r/test/b.test.ts'];
  assert.deepEqual(slowestFirst(files, ['test/b.test.ts'], (file) => file.slice('/r/'.length)), ['/r/test/b.test.ts', '/r/test/a.test.ts']);
});

test('the list file: comments and blank lines are skipped; no list, no slow files', (t) => {
  const dir = tempDir(t);
  assert.deepEqual(readSlowFiles(dir), []);
  mkdirSync(join(dir, 'test'));
  writeFileSync(join(dir, 'test', 'slow-files.txt'), '# slowest first\n\ntest/b.test.ts\n  test/a.test.ts  \n');
  assert.deepEqual(readSlowFiles(dir), ['test/b.test.ts', 'test/a.test.ts']);
});

test("test/slow-files.txt names only test files that exist, each once", () => {
  const listed = readSlowFiles(ROOT);
  assert.ok(listed.length > 0, 'the list is read');
  for (const file of listed) assert.ok(file.endsWith('.test.ts') && existsSync(join(ROOT, file)), `${file} is not a test file of this repository`);
  assert.equal(new Set(listed).size, listed.length, 'no file twice');
});

test('scripts/test/main.mjs starts the files in the order given (node --test sorts them by name) and fails when a test fails', (t) => {
  const dir = tempDir(t);
  const log = join(dir, 'started.log');
  const file = (name: string, body = '') => {
    writeFileSync(join(dir, name), `import { appendFileSync } from 'node:fs';\nimport { test } from 'node:test';\nappendFileSync(${JSON.stringify(log)}, '${name}\\n');\ntest('${name}', () => { ${body} });\n`);
    return join(dir, name);
  };
  const main = fileURLToPath(new URL('../../scripts/test/main.mjs', import.meta.url));
  // Outside this test's own context: run() refuses to start files from inside a test file.
  const { NODE_TEST_CONTEXT: _context, ...env } = process.env;
  const run = (...files: string[]) => spawnSync(process.execPath, [main, '1', ...files], { encoding: 'utf8', env });
  const green = run(file('z.test.mjs'), file('m.test.mjs'), file('a.test.mjs'));
  assert.equal(green.status, 0, green.stdout + green.stderr);
  assert.equal(readFileSync(log, 'utf8'), 'z.test.mjs\nm.test.mjs\na.test.mjs\n');
  assert.match(green.stdout, /# pass 3\n# fail 0/);
  const red = run(file('b.test.mjs', "throw new Error('boom');"), file('c.test.mjs'));
  assert.equal(red.status, 1, 'a failing test fails the run');
  assert.match(red.stdout, /not ok 1 - b\.test\.mjs/);
});
