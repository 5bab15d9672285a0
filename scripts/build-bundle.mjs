// Bundles the compiled CLI (dist/cli/main.js and every module it reaches) and its worker threads' entries into
// dist/bundle/ with esbuild, so a command resolves, reads and links a few dozen files instead of about 600: a no-key
// scan of examples/demo-api took 0.86 s of CPU from dist/cli/ and 0.72 s from the bundle (2026-12-05). Dynamic
// imports stay lazy (each is a chunk of its own), packages stay outside the bundle, and the rest of dist/ stays as it
// is: the benchmarks and the tests load those modules.
// A bundled module's import.meta.url is rewritten to the URL of the dist/ file it came from, so the paths it builds
// from it (modes/, prompts/, validators/) stay right; a worker entry beside it is the bundled one.
// Run by scripts/build.mjs as a child process (esbuild's plugins need its asynchronous API) on the freshly emitted
// dist before it is swapped in. Plain JavaScript: it runs before any loader.
// Usage: node scripts/build-bundle.mjs <dist> [<root>]
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BUNDLE_DIR = 'bundle';
/** Entry name → module under dist/. errors.js is one so that code running the bundle's main() classifies its errors
 * with the same classes (tests' cli-many helper); they share one chunk. The worker threads' entries are bundled
 * too, under the names their starters ask for (`entryBeside(import.meta.url, '<name>')`, src/workers/start.ts). */
export const ENTRIES = {
  main: 'cli/main.js',
  errors: 'errors.js',
  worker: 'workers/worker.js',
  'analyze-worker': 'phases/triage/analyze-worker.js',
  helper: 'recheck/helper.js',
};
/** Which dist/ modules each output file holds (paths relative to dist/, POSIX): what a loaded chunk stands for. */
export const INPUTS_FILE = 'inputs.json';

const MODULE_URL = /\bimport\.meta\.url\b/;
// A worker entry beside the module: kept as the chunk's own URL, so the thread starts the bundled entry of that name.
const WORKER_ENTRY = /entryBeside\(import\.meta\.url, (['"])([\w-]+)\1\)/;
const EVERY_USE = new RegExp(`${WORKER_ENTRY.source}|${MODULE_URL.source}`, 'g');
// The shapes import.meta.url is used in today. The text is replaced wherever it appears, so a new use (or the words
// in a string a detector matches on) must be looked at before it is bundled: the build stops on it.
const KNOWN_USE = /new URL\([^)]*import\.meta\.url\)|createRequire\(import\.meta\.url\)|entryBeside\(import\.meta\.url,|^\s*(?:\/\/|\/?\*)/;

/** The module's text with import.meta.url pointing at `file` (its place in dist/) from a chunk in `outdir`, except
 * where it names a worker entry beside the module: that is the bundled entry in `outdir`. */
export function withModuleUrl(text, file, outdir, entries = ENTRIES) {
  const lines = text.split('\n');
  const unknown = lines.findIndex((line) => MODULE_URL.test(line) && !KNOWN_USE.test(line));
  if (unknown >= 0) throw new Error(`${file}:${unknown + 1} uses import.meta.url in a way scripts/build-bundle.mjs does not know: ${lines[unknown].trim()}`);
  const from = relative(outdir, file).split(sep).join('/');
  return text.replace(EVERY_USE, (use, _quote, worker) => {
    if (worker === undefined) return `new URL(${JSON.stringify(from)}, import.meta.url).href`;
    if (!Object.hasOwn(entries, worker)) throw new Error(`${file} starts a worker '${worker}' that the bundle has no entry for: add it to ENTRIES in scripts/build-bundle.mjs.`);
    return use;
  });
}

/** Bundles the entries (name → module under dist/) into <dist>/bundle/ and writes inputs.json; false (and a note on
 * stderr) without esbuild. */
export async function bundleCli(dist, root, entries = ENTRIES) {
  let esbuild;
  try {
    esbuild = createRequire(join(root, 'package.json'))('esbuild');
  } catch {
    process.stderr.write('build: esbuild is not installed, so the CLI is not bundled and every command starts slower. Run `pnpm install`.\n');
    return false;
  }
  const outdir = join(dist, BUNDLE_DIR);
  const inDist = (path) => !relative(dist, path).startsWith('..');
  const moduleUrls = {
    name: 'module-urls',
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, (args) => {
        if (!inDist(args.path)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        return MODULE_URL.test(text) ? { contents: withModuleUrl(text, args.path, outdir, entries), loader: 'js', resolveDir: resolve(args.path, '..') } : undefined;
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
      process.stderr.write(`build-bundle: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
