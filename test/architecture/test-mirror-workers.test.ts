// The tests' compiled mirror (scripts/test/compile.mjs) starts a module's worker thread from the compiled entry only
// for the modules it lists; one it does not list starts its .ts entry through tsx, about 1 s of CPU per worker, in
// every test that starts it. A module that starts a worker must be listed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OWN_META } from '../../scripts/test/compile.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const sources = () =>
  readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ path: relative(ROOT, join(ROOT, 'src', name)).split('\\').join('/'), text: readFileSync(join(ROOT, 'src', name), 'utf8') }));

test('every module under src/ that starts a worker thread is one the test mirror compiles with its own import.meta', () => {
  const all = sources();
  // Every worker starts through src/foundations/worker-thread.ts, so no module can start one this check does not see.
  assert.deepEqual(all.filter((s) => s.text.includes('new Worker(')).map((s) => s.path), ['src/foundations/worker-thread.ts']);
  const starters = all.filter((s) => s.path !== 'src/foundations/worker-thread.ts' && /\bstartWorker\(/.test(s.text));
  assert.ok(starters.length > 0, 'src/ starts worker threads');
  assert.deepEqual([...OWN_META].sort(), starters.map((s) => s.path).sort(), 'scripts/test/compile.mjs OWN_META must list exactly these modules');
  // Each finds its entry beside itself, from its own import.meta.url: what the mirror's own import.meta makes work.
  for (const s of starters) assert.match(s.text, /entryBeside\(import\.meta\.url, /, `${s.path} starts a worker from an entry beside it`);
});
