import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleCli, withModuleUrl } from '../../scripts/build-bundle.mjs';
import { tempDir } from '../helpers/temp.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

test('a bundled module builds its paths from the URL of the dist/ file it came from, not from the chunk', () => {
  const text = "const MODES = fileURLToPath(new URL('../../modes/', import.meta.url));\nconst require = createRequire(import.meta.url);";
  const rewritten = withModuleUrl(text, '/x/dist/modes/load.js', '/x/dist/bundle');
  assert.equal(
    rewritten,
    "const MODES = fileURLToPath(new URL('../../modes/', new URL(\"../modes/load.js\", import.meta.url).href));\n" +
      'const require = createRequire(new URL("../modes/load.js", import.meta.url).href);',
  );
  // Evaluated in a chunk of dist/bundle/, the path is the one the module computed in its own place.
  const expression = /new URL\('\.\.\/\.\.\/modes\/', .*?\.href\)/.exec(rewritten)![0];
  const inChunk = Function('chunk', `return ${expression.replaceAll('import.meta.url', 'chunk')}.href;`) as (chunk: string) => string;
  assert.equal(inChunk('file:///x/dist/bundle/chunk-ABC.js'), new URL('../../modes/', 'file:///x/dist/modes/load.js').href);
});

test('a use of import.meta.url the bundler does not know stops the build, naming the file and line', () => {
  const text = "// the module's own URL: import.meta.url\nconst said = 'import.meta.url';";
  assert.throws(() => withModuleUrl(text, '/x/dist/static/rule.js', '/x/dist/bundle'), /\/x\/dist\/static\/rule\.js:2 uses import\.meta\.url .*const said/);
});

test('the bundle runs from dist/bundle/ with the paths of the modules it holds, and inputs.json says what each chunk holds', async (t) => {
  const dir = tempDir(t, 'bh-bundle-');
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'cli'), { recursive: true });
  mkdirSync(join(dist, 'notes'), { recursive: true });
  mkdirSync(join(dir, 'data'));
  writeFileSync(join(dir, 'data', 'note.txt'), 'beside the package\n');
  writeFileSync(join(dist, 'notes', 'read.js'), [
    "import { readFileSync } from 'node:fs';",
    "export const note = () => readFileSync(new URL('../../data/note.txt', import.meta.url), 'utf8');",
  ].join('\n'));
  writeFileSync(join(dist, 'notes', 'later.js'), 'export const later = 2;\n');
  writeFileSync(join(dist, 'errors.js'), 'export class Failed extends Error {}\n');
  writeFileSync(join(dist, 'cli', 'main.js'), [
    "import { note } from '../notes/read.js';",
    "import { Failed } from '../errors.js';",
    'export const main = () => note();',
    "export const later = () => import('../notes/later.js');",
    'export { Failed };',
  ].join('\n'));
  assert.equal(await bundleCli(dist, ROOT), true);
  const bundled = (await import(pathToFileURL(join(dist, 'bundle', 'main.js')).href)) as { main: () => string; later: () => Promise<{ later: number }>; Failed: unknown };
  assert.equal(bundled.main(), 'beside the package\n');
  assert.equal((await bundled.later()).later, 2);
  const errors = (await import(pathToFileURL(join(dist, 'bundle', 'errors.js')).href)) as { Failed: unknown };
  assert.equal(errors.Failed, bundled.Failed, 'both entries share one copy of the error classes');
  const inputs = JSON.parse(readFileSync(join(dist, 'bundle', 'inputs.json'), 'utf8')) as Record<string, string[]>;
  assert.ok(inputs['main.js']?.includes('cli/main.js') && inputs['main.js'].includes('notes/read.js'), JSON.stringify(inputs));
  const held = Object.values(inputs).flat();
  assert.equal(held.filter((input) => input === 'notes/later.js').length, 1, 'the dynamic import is a chunk of its own, listed once');
  assert.ok(!inputs['main.js']?.includes('notes/later.js'), 'the dynamically imported module stays out of the entry');
});

test('the built dist/bundle/ lists every chunk it holds, and every module a chunk holds is in dist/', () => {
  const bundle = join(ROOT, 'dist', 'bundle');
  const inputs = JSON.parse(readFileSync(join(bundle, 'inputs.json'), 'utf8')) as Record<string, string[]>;
  assert.deepEqual(Object.keys(inputs).sort(), readdirSync(bundle).filter((f) => f.endsWith('.js')).sort());
  assert.ok(inputs['main.js']?.includes('cli/main.js'));
  assert.deepEqual(Object.values(inputs).flat().filter((input) => !existsSync(join(ROOT, 'dist', input))), []);
});
