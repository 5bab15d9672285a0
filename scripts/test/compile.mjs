// Compiles the TypeScript the test files reach (their own, test/helpers, src/, scripts/) to plain JavaScript once per
// test run, so each test file's process loads JavaScript without a loader. A loader (tsx) runs its hooks on a second
// thread and answers every import by message: about 0.6 s of CPU per test-file process, which this removes.
// Each file is compiled on its own (every import stays an import, `.ts` specifiers become `.js`) into a mirror tree;
// import.meta.url, .dirname and .filename keep naming the source file, so paths built from them (fixtures, prompts,
// schemas, worker entries) are the same as under tsx. An import by a computed specifier (import(x)) goes through
// scripts/test/import.mjs, which finds the module's mirror (or falls back to tsx for one the mirror lacks).
// Plain JavaScript on purpose: it runs from scripts/test/run-tests.mjs, before any loader.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Modules compiled with their own (the mirror's) import.meta, not the source's: see compileForTests. */
export const OWN_META = ['src/engines/workers/pool.ts', 'src/phases/triage/analyze-all.ts', 'src/engines/recheck/sync.ts'];

const META = { url: '__bhImportMetaUrl', dirname: '__bhImportMetaDirname', filename: '__bhImportMetaFilename' };

/** Code put first in every compiled file: its import.meta values as the source file's (the mirror path mapped back). */
function metaBanner(root, outDir) {
  const mirror = JSON.stringify(pathToFileURL(outDir).href);
  const source = JSON.stringify(pathToFileURL(root).href.replace(/\/$/, ''));
  return [
    "import { fileURLToPath as __bhFileURLToPath } from 'node:url';",
    `var ${META.url} = ${source} + import.meta.url.slice(${mirror}.length, -3) + '.ts';`,
    `var ${META.filename} = __bhFileURLToPath(${META.url});`,
    `var ${META.dirname} = ${META.filename}.slice(0, ${META.filename}.lastIndexOf('/'));`,
  ].join(' ');
}

/** esbuild plugin: relative `.ts` imports stay imports of the mirrored `.js`. */
function mirrorPlugin() {
  return {
    name: 'mirror',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (!/^\.\.?\//.test(args.path)) return { path: args.path, external: true };
        // JSON modules are inlined: esbuild would drop the `with { type: 'json' }` an external one needs.
        if (args.path.endsWith('.json')) return undefined;
        // Other relative files (plain .mjs) are not mirrored: import the source's own.
        if (!args.path.endsWith('.ts')) return { path: pathToFileURL(join(args.resolveDir, args.path)).href, external: true };
        return { path: `${args.path.slice(0, -3)}.js`, external: true };
      });
    },
  };
}

/**
 * Routes each computed import(x) of a compiled file through scripts/test/import.mjs, which resolves x against the
 * source file and loads the mirrored module (or the source under tsx). Line 1 takes the import, so lines keep their
 * numbers for the source map. Returns the code unchanged when it has none.
 */
function routeComputedImports(lexer, code, mirrorUrl) {
  const computed = lexer.parse(code)[0].filter((i) => i.d > -1 && i.n === undefined);
  if (computed.length === 0) return code;
  let out = code;
  for (const i of [...computed].reverse()) {
    out = `${out.slice(0, i.ss)}__bhImport(${JSON.stringify(mirrorUrl)}, ${META.url}, ${out.slice(i.d + 1)}`;
  }
  return `import { mirrorImport as __bhImport } from ${JSON.stringify(new URL('./import.mjs', import.meta.url).href)}; ${out}`;
}

/**
 * Compiles every module the test files reach into `outDir` (same paths relative to `root`, `.js`). Returns the compiled
 * test files, in the order given.
 */
export async function compileForTests(root, outDir, testFiles) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error('Cannot compile the tests: esbuild is not installed. Run `pnpm install` in the bug-hunter clone.');
  }
  const lexer = await import('es-module-lexer');
  await lexer.init;
  const tsconfig = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'));
  const common = {
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    tsconfigRaw: { compilerOptions: tsconfig.compilerOptions },
  };
  // The modules the test files reach (fixtures that are data, some deliberately not compiling, are not among them).
  // Splitting: shared modules are printed once, not once per test file (ten times faster on the whole suite).
  const reachOf = async (entryPoints) => {
    const reach = await esbuild.build({ ...common, entryPoints, outdir: outDir, splitting: true, packages: 'external', write: false, metafile: true });
    return Object.keys(reach.metafile.inputs).filter((input) => input.endsWith('.ts')).map((input) => join(root, input));
  };
  // The modules in OWN_META (the file pool, triage's threads, the recheck helper) start their worker from the entry
  // beside them: under the source's URL that is the .ts entry, started through tsx (about 1 s of CPU per worker). So
  // they keep the mirror's own import.meta, and the files beside them (the worker entry), with what they import, are
  // compiled: always, so one pass finds the reach (a second pass, only when a test reached one, cost 0.5 s).
  const beside = OWN_META.map((file) => dirname(join(root, file))).flatMap((dir) => readdirSync(dir).filter((n) => n.endsWith('.ts')).map((n) => join(dir, n)));
  const entryPoints = await reachOf([...new Set([...testFiles, ...beside])]);
  const startsWorkers = entryPoints.filter((file) => OWN_META.includes(relative(root, file)));
  const mirrorOptions = { ...common, outbase: root, outdir: outDir, sourcemap: 'linked', sourcesContent: false, metafile: true, banner: { js: metaBanner(root, outDir) }, plugins: [mirrorPlugin()] };
  const define = { 'import.meta.url': META.url, 'import.meta.dirname': META.dirname, 'import.meta.filename': META.filename };
  const [result, ownMeta] = await Promise.all([
    esbuild.build({ ...mirrorOptions, entryPoints: entryPoints.filter((file) => !startsWorkers.includes(file)), define }),
    startsWorkers.length > 0 ? esbuild.build({ ...mirrorOptions, entryPoints: startsWorkers }) : undefined,
  ]);
  // The mirror sits under node_modules, where a package scope ends: it says itself that its .js files are modules.
  writeFileSync(join(outDir, 'package.json'), '{ "type": "module" }\n');

  const mirrorUrl = pathToFileURL(`${outDir}/`).href;
  for (const output of [result, ownMeta].flatMap((r) => Object.keys(r?.metafile.outputs ?? {})).filter((o) => o.endsWith('.js'))) {
    const file = join(root, output);
    const code = readFileSync(file, 'utf8');
    const routed = routeComputedImports(lexer, code, mirrorUrl);
    if (routed !== code) writeFileSync(file, routed);
  }
  return testFiles.map((source) => join(outDir, relative(root, source)).replace(/\.ts$/, '.js'));
}
