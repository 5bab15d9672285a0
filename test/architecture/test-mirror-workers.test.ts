// The tests' compiled mirror (scripts/test-build.mjs) starts a module's worker thread from the compiled entry only
// for the modules it lists; one it does not list starts its .ts entry through tsx, about 1 s of CPU per worker, in
// every test that starts it. A module that starts a worker must be listed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OWN_META } from '../../scripts/test-build.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

test('every module under src/ that starts a worker thread is one the test mirror compiles with its own import.meta', () => {
  const starters = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(ROOT, 'src', name))
    .filter((path) => readFileSync(path, 'utf8').includes('new Worker('))
    .map((path) => relative(ROOT, path).split('\\').join('/'))
    .sort();
  assert.ok(starters.length > 0, 'src/ starts worker threads');
  assert.deepEqual([...OWN_META].sort(), starters, 'scripts/test-build.mjs OWN_META must list exactly these modules');
});
