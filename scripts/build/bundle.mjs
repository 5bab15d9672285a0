// Bundles the compiled CLI (dist/cli/main.js and every module it reaches) and its worker threads' entries into
// dist/bundle/ with esbuild, so a command resolves, reads and links a few dozen files instead of about 600: a no-key
// scan of examples/demo-api took 0.86 s of CPU from dist/cli/ and 0.72 s from the bundle (2026-12-05). Dynamic
// imports stay lazy (each is a chunk of its own), packages stay outside the bundle, and the rest of dist/ stays as it
// is: the benchmarks and the tests load those modules.
// A bundled module's import.meta.url is rewritten to the URL of the dist/ file it came from, so the paths it builds
// from it (modes/, prompts/, validators/) stay right; a worker entry beside it is the bundled one.
// Run by scripts/build/build.mjs as a child process (esbuild's plugins need its asynchronous API) on the freshly emitted
// dist before it is swapped in. Plain JavaScript: it runs before any loader.
// Usage: node scripts/build/bundle.mjs <dist> [<root>]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire, SourceMap } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BUNDLE_DIR = 'bundle';
/** Entry name → module under dist/. errors.js is one so that code running the bundle's main() classifies its errors
 * with the same classes (tests' cli-many helper); they share one chunk. The worker threads' entries are bundled
 * too, under the names their starters ask for (`entryBeside(import.meta.url, '<name>')`, src/foundations/worker-thread.ts). */
export const ENTRIES = {
  main: 'cli/main.js',
  errors: 'foundations/errors.js',
  worker: 'engines/workers/worker.js',
  'analyze-worker': 'phases/triage/analyze-worker.js',
  helper: 'engines/recheck/helper.js',
};
/** Which dist/ modules each output file holds (paths relative to dist/, POSIX): what a loaded chunk stands for. */
export const INPUTS_FILE = 'inputs.json';

// es-module-lexer (a devDependency, as esbuild is) finds import.meta and import() in code, never in a string, a
// comment or a template's text.
let lexerModule;
const lexer = () => (lexerModule ??= createRequire(import.meta.url)('es-module-lexer'));

const lineOf = (text, at) => text.slice(0, at).split('\n').length;

/** Where `at` in a compiled file comes from: `src/…ts:line (compiled: file:line)` through tsc's map beside the file,
 * or `file:line` when there is none. */
export function placeOf(text, file, at) {
  const line = lineOf(text, at);
  const compiled = `${file}:${line}`;
  if (!existsSync(`${file}.map`)) return compiled;
  const column = at - (text.lastIndexOf('\n', at - 1) + 1);
  const entry = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))).findEntry(line - 1, column);
  if (!entry?.originalSource) return compiled;
  const source = relative(process.cwd(), resolve(dirname(file), entry.originalSource));
  return `${source}:${entry.originalLine + 1} (compiled: ${compiled})`;
}
// What follows `import.meta`, and what precedes it when it is a worker's entry beside the module.
const PROPERTY = /^\s*\.\s*([\w$]+)/;
const WORKER_CALL = /entryBeside\(\s*$/;
const WORKER_NAME = /^\s*\.\s*url\s*,\s*(['"])([\w-]+)\1\s*\)/;
const BARE_RESOLVE = /^\s*\.\s*resolve\(\s*(['"])([^'"./][^'"]*)\1\s*\)/;

/** The module's text with each import.meta.url pointing at `file` (its place in dist/) from a chunk in `outdir`,
 * except where it names a worker entry beside the module: that is the bundled entry in `outdir`. Stops (throws,
 * naming the file and line) on what a chunk would run differently: import() of a computed specifier (left as written,
 * it would load a second, unbundled copy of the modules), a worker name the bundle has no entry for, and any other
 * import.meta property but resolve() of a package name. */
export function withModuleUrl(text, file, outdir, entries = ENTRIES) {
  lexer().initSync();
  const [uses] = lexer().parse(text, file);
  const from = relative(outdir, file).split(sep).join('/');
  let out = '';
  let copied = 0;
  for (const use of uses) {
    // Only a refusal needs it: reading the source map for every import of every module would slow every build.
    const where = () => placeOf(text, file, use.ss);
    if (use.d >= 0 && use.n === undefined) throw new Error(`${where()} imports a computed specifier (${text.slice(use.ss, use.se)}): the bundle cannot hold it and the chunk would load a second copy of the modules; import a literal path.`);
    if (use.d !== -2) continue;
    const after = text.slice(use.se, use.se + 200);
    const access = PROPERTY.exec(after);
    const property = access?.[1];
    if (property === 'resolve' && BARE_RESOLVE.test(after)) continue;
    if (property !== 'url') throw new Error(`${where()} uses import.meta.${property ?? ''}, which scripts/build/bundle.mjs does not rewrite for a chunk: use import.meta.url, or teach the bundler.`);
    if (WORKER_CALL.test(text.slice(Math.max(0, use.ss - 40), use.ss))) {
      const worker = WORKER_NAME.exec(after)?.[2];
      if (worker === undefined) throw new Error(`${where()} starts a worker whose name is not a literal: the bundle cannot tell which entry it needs.`);
      if (!Object.hasOwn(entries, worker)) throw new Error(`${where()} starts a worker '${worker}' that the bundle has no entry for: add it to ENTRIES in scripts/build/bundle.mjs.`);
      continue;
    }
    const end = use.se + access[0].length;
    out += `${text.slice(copied, use.ss)}new URL(${JSON.stringify(from)}, import.meta.url).href`;
    copied = end;
  }
  return out + text.slice(copied);
}

/** Bundles the entries (name → module under dist/) into <dist>/bundle/ and writes inputs.json; false (and a note on
 * stderr) without esbuild. */
export async function bundleCli(dist, root, entries = ENTRIES) {
  let esbuild;
  try {
    esbuild = createRequire(join(root, 'package.json'))('esbuild');
    lexer();
  } catch {
    process.stderr.write('build: esbuild or es-module-lexer is not installed, so the CLI is not bundled and every command starts slower. Run `pnpm install`.\n');
    return false;
  }
  const outdir = join(dist, BUNDLE_DIR);
  const inDist = (path) => !relative(dist, path).startsWith('..');
  const moduleUrls = {
    name: 'module-urls',
    setup(build) {
      build.onLoad({ filter: /\.m?js$/ }, (args) => {
        if (!inDist(args.path)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        let contents;
        try {
          contents = withModuleUrl(text, args.path, outdir, entries);
        } catch (error) {
          // A refusal is the bundler's error message, not a thrown plugin with its stack.
          return { errors: [{ text: error instanceof Error ? error.message : String(error) }] };
        }
        return contents === text ? undefined : { contents, loader: 'js', resolveDir: resolve(args.path, '..') };
      });
    },
  };
  const result = await esbuild.build({
    absWorkingDir: dist,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, join(dist, file)])),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outdir,
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    // The maps lead to src/, which the package ships: no copy of every source inside them.
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [moduleUrls],
  });
  const inputs = {};
  for (const [output, { inputs: held }] of Object.entries(result.metafile.outputs)) {
    if (!output.endsWith('.js')) continue;
    inputs[relative(BUNDLE_DIR, output).split(sep).join('/')] = Object.keys(held).sort();
  }
  writeFileSync(join(outdir, INPUTS_FILE), `${JSON.stringify(inputs, null, 1)}\n`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dist = resolve(process.argv[2] ?? 'dist');
  const root = resolve(process.argv[3] ?? join(dist, '..'));
  bundleCli(dist, root).then(
    () => process.exit(0),
    (error) => {
      // esbuild has printed its own errors (logLevel), each with the import that reached the module.
      const printed = Array.isArray(error?.errors) && error.errors.length > 0;
      process.stderr.write(`build-bundle: ${printed ? 'the bundle was refused (above)' : error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
