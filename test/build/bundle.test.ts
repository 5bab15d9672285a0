import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleCli, withModuleUrl } from '../../scripts/build/bundle.mjs';
import { Worker } from 'node:worker_threads';
import { assertFreshDist } from '../helpers/dist.ts';
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

test('a worker entry beside a bundled module is the bundled entry of that name; an unknown one stops the build', () => {
  const text = "const WORKER_URL = entryBeside(import.meta.url, 'worker');\nconst ROOT = new URL('..', import.meta.url);";
  assert.equal(
    withModuleUrl(text, '/x/dist/workers/pool.js', '/x/dist/bundle'),
    "const WORKER_URL = entryBeside(import.meta.url, 'worker');\nconst ROOT = new URL('..', new URL(\"../workers/pool.js\", import.meta.url).href);",
  );
  assert.throws(() => withModuleUrl("const W = entryBeside(import.meta.url, 'crawler');", '/x/dist/a/b.js', '/x/dist/bundle'), /starts a worker 'crawler' that the bundle has no entry for/);
});

test('only code is rewritten: the words in a string, a comment or a template stay as they are', () => {
  const text = "// the module's own URL: import.meta.url\nconst said = 'import.meta.url', told = `import.meta.url`;\nconst here = new URL('.', import.meta.url);";
  assert.equal(
    withModuleUrl(text, '/x/dist/static/rule.js', '/x/dist/bundle'),
    "// the module's own URL: import.meta.url\nconst said = 'import.meta.url', told = `import.meta.url`;\nconst here = new URL('.', new URL(\"../static/rule.js\", import.meta.url).href);",
  );
});

test('what a chunk would run differently stops the build, naming the file and line', () => {
  const stops = (text: string, why: RegExp) => assert.throws(() => withModuleUrl(text, '/x/dist/a/b.js', '/x/dist/bundle'), why);
  // Left as written, a computed import() would load a second, unbundled copy of the modules it reaches.
  stops("const ok = 1;\nconst scan = await import(specifier);", /\/x\/dist\/a\/b\.js:2 imports a computed specifier \(import\(specifier\)\)/);
  stops('const dir = import.meta.dirname;', /\/x\/dist\/a\/b\.js:1 uses import\.meta\.dirname/);
  stops("const near = import.meta.resolve('./x.js');", /uses import\.meta\.resolve/);
  stops('const W = entryBeside(import.meta.url, NAME);', /starts a worker whose name is not a literal/);
  // resolve() of a package name does not depend on where the chunk is.
  assert.equal(withModuleUrl("const tsx = import.meta.resolve('tsx/esm/api');", '/x/dist/a/b.js', '/x/dist/bundle'), "const tsx = import.meta.resolve('tsx/esm/api');");
});

// tsc's map beside the compiled file leads the refusal back to the source line, which type-only lines have moved.
test('a refusal names the source file and line through the compiled file\'s map, and the compiled place too', async (t) => {
  const dir = tempDir(t, 'bh-bundle-');
  mkdirSync(join(dir, 'src', 'a'), { recursive: true });
  mkdirSync(join(dir, 'dist', 'a'), { recursive: true });
  const source = 'interface Options {\n  name: string;\n}\n\nexport async function load(o: Options): Promise<unknown> {\n  return import(o.name);\n}\n';
  writeFileSync(join(dir, 'src', 'a', 'b.ts'), source);
  // A compiler's map (esbuild's here, already loaded by the bundle tests; the build's come from tsc).
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const out = await esbuild.transform(source, { loader: 'ts', format: 'esm', sourcemap: 'external', sourcefile: 'b.ts' });
  const map = { ...(JSON.parse(out.map) as object), sources: ['../../src/a/b.ts'] };
  const file = join(dir, 'dist', 'a', 'b.js');
  writeFileSync(file, out.code);
  writeFileSync(`${file}.map`, JSON.stringify(map));
  const compiledLine = out.code.split('\n').findIndex((line) => line.includes('import(o.name)')) + 1;
  assert.notEqual(compiledLine, 6, 'the type-only lines moved the import');
  assert.throws(() => withModuleUrl(out.code, file, join(dir, 'dist', 'bundle')), (error: Error) =>
    error.message.startsWith(`${relative(process.cwd(), join(dir, 'src', 'a', 'b.ts'))}:6 (compiled: ${file}:${compiledLine}) imports a computed specifier`));
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
  mkdirSync(join(dist, 'workers'));
  writeFileSync(join(dist, 'workers', 'start.js'), "export const entryBeside = (moduleUrl, name) => new URL(`./${name}.js`, moduleUrl);\n");
  writeFileSync(join(dist, 'workers', 'worker.js'), "import { note } from '../notes/read.js';\nexport const work = () => note();\n");
  writeFileSync(join(dist, 'cli', 'main.js'), [
    "import { note } from '../notes/read.js';",
    "import { Failed } from '../errors.js';",
    "import { entryBeside } from '../workers/start.js';",
    'export const main = () => note();',
    "export const later = () => import('../notes/later.js');",
    "export const workerUrl = () => entryBeside(import.meta.url, 'worker').href;",
    'export { Failed };',
  ].join('\n'));
  assert.equal(await bundleCli(dist, ROOT, { main: 'cli/main.js', errors: 'errors.js', worker: 'workers/worker.js' }), true);
  const bundled = (await import(pathToFileURL(join(dist, 'bundle', 'main.js')).href)) as { main: () => string; later: () => Promise<{ later: number }>; workerUrl: () => string; Failed: unknown };
  assert.equal(bundled.main(), 'beside the package\n');
  assert.equal((await bundled.later()).later, 2);
  assert.equal(bundled.workerUrl(), pathToFileURL(join(dist, 'bundle', 'worker.js')).href, 'a worker started beside a bundled module runs the bundled entry');
  const worker = (await import(bundled.workerUrl())) as { work: () => string };
  assert.equal(worker.work(), 'beside the package\n');
  const errors = (await import(pathToFileURL(join(dist, 'bundle', 'errors.js')).href)) as { Failed: unknown };
  assert.equal(errors.Failed, bundled.Failed, 'both entries share one copy of the error classes');
  const inputs = JSON.parse(readFileSync(join(dist, 'bundle', 'inputs.json'), 'utf8')) as Record<string, string[]>;
  assert.ok(inputs['main.js']?.includes('cli/main.js') && inputs['worker.js']?.includes('workers/worker.js'), JSON.stringify(inputs));
  const held = Object.values(inputs).flat();
  assert.deepEqual([...held].sort(), ['cli/main.js', 'errors.js', 'notes/later.js', 'notes/read.js', 'workers/start.js', 'workers/worker.js'], 'each module is held by one file');
  assert.ok(!inputs['main.js']?.includes('notes/later.js'), 'the dynamically imported module stays out of the entry');
});

test('the built dist/bundle/ lists every chunk it holds, and every module a chunk holds is in dist/', () => {
  const bundle = join(ROOT, 'dist', 'bundle');
  const inputs = JSON.parse(readFileSync(join(bundle, 'inputs.json'), 'utf8')) as Record<string, string[]>;
  assert.deepEqual(Object.keys(inputs).sort(), readdirSync(bundle).filter((f) => f.endsWith('.js')).sort());
  assert.ok(inputs['main.js']?.includes('cli/main.js'));
  assert.deepEqual(Object.values(inputs).flat().filter((input) => !existsSync(join(ROOT, 'dist', input))), []);
});

test("the bundled triage worker entry answers a batch as triage's threads are sent them (a tree needs 10,000 files to start one)", async (t) => {
  assertFreshDist();
  const root = tempDir(t, 'bh-bundle-triage-');
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'a.js'), "export const a = (req) => req.query.id;\n");
  const worker = new Worker(join(ROOT, 'dist', 'bundle', 'analyze-worker.js'), { workerData: { root, maxBytes: 1024 * 1024 } });
  t.after(() => worker.terminate());
  const answer = await new Promise<{ start: number; outcomes: { kind: string; facts?: { path: string } }[] }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage({ start: 7, items: 'src/a.js\0javascript\x000' });
  });
  assert.equal(answer.start, 7);
  assert.deepEqual(answer.outcomes.map((o) => [o.kind, o.facts?.path]), [['file', 'src/a.js']]);
});
