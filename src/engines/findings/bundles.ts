// Which repository paths hold build output or bundles, generated from the real source: the folders and file names
// triage leaves out of a scan (unless a package entry points there), and the bundle forms (umd, cjs, esm) a finding in
// the source is repeated in, and the module a file is one build of (a package's src/a.ts beside its a.js and a.mjs).
// The report keeps a bug found in several once, at the source (report/bundle-twins.ts). Pure.

// Build output and caches: generated from the real source, which is scanned instead.
export const OUTPUT_DIRS: ReadonlySet<string> = new Set(['dist', 'build', '.next', '.nuxt', '.svelte-kit', '.output', 'coverage', '__generated__', '.turbo', '.cache', '__pycache__']);
export const MINIFIED_NAME = /[.-]min\.(?:js|mjs|cjs|css)$|\.bundle\.js$/;
// Module-format folders and names a bundler writes (dist/esm/, umd/, axios.cjs.js, vue.runtime.esm-bundler.js).
const BUNDLE_DIRS: ReadonlySet<string> = new Set(['umd', 'cjs', 'esm', 'es', 'amd', 'iife', 'bundles', 'fesm2015', 'fesm2020', 'fesm2022']);
const BUNDLE_NAME = /[.-](?:umd|cjs|esm|es|amd|iife|common|esm-browser|esm-bundler)(?:[.-](?:prod|production|dev|development|browser|node))?\.(?:js|mjs|cjs)$/;

/** True when the path is build output or a bundle: a folder of OUTPUT_DIRS or BUNDLE_DIRS, or a minified or bundle name. */
export function isBundlePath(path: string): boolean {
  const segments = path.split('/');
  const name = segments.at(-1) ?? path;
  for (let i = 0; i < segments.length - 1; i++) {
    const dir = segments[i] as string;
    if (OUTPUT_DIRS.has(dir) || BUNDLE_DIRS.has(dir)) return true;
  }
  return MINIFIED_NAME.test(name) || BUNDLE_NAME.test(name);
}

/** A minified copy is the last to stand for a group of bundles: its lines are the hardest to read. */
export function isMinifiedPath(path: string): boolean {
  return MINIFIED_NAME.test(path.split('/').at(-1) ?? path);
}

// The folders a package keeps its own source or its compiled modules in: `src/a.ts` compiles to `lib/a.js` or `a.js`.
const MODULE_ROOTS: ReadonlySet<string> = new Set(['src', 'lib', 'source']);
const MODULE_EXTENSION = /\.(?:ts|mts|cts|tsx|js|mjs|cjs|jsx)$/;

/**
 * The module a path holds, whichever build of it the file is: the path without its script extension or a leading
 * src/, lib/ or source/ folder, an entry's per-runtime builds taken together. A package shipping `src/uploads.ts`
 * with `uploads.js` and `uploads.mjs` beside it holds one module three times; `lib/browser.cjs` and `lib/node.cjs` are
 * one entry built twice; `src/index.ts` and `src/node.ts` are two modules.
 */
export function moduleStem(path: string): string {
  const segments = path.replace(MODULE_EXTENSION, '').split('/');
  const stem = segments.length > 1 && MODULE_ROOTS.has(segments[0] as string) ? segments.slice(1) : segments;
  // A package's entry built once per runtime (`browser.cjs`, `node.cjs`, `index.cjs`, as package.json's export
  // conditions name them) is one module too, the entry's `index`: compiled module files only (.cjs, .mjs) and never
  // under src/, where `index.ts` and `node.ts` are two modules someone wrote.
  const built = /\.(?:cjs|mjs)$/.test(path) && segments[0] !== 'src' && segments[0] !== 'source';
  return [...stem.slice(0, -1), built && ENTRY_BUILDS.has(stem.at(-1) as string) ? 'index' : (stem.at(-1) as string)].join('/');
}

// The names an entry's per-runtime builds take: package.json's export conditions, and index for the default.
const ENTRY_BUILDS: ReadonlySet<string> = new Set(['index', 'browser', 'node', 'deno', 'bun', 'edge', 'edge-light', 'workerd', 'react-native', 'default']);

/** A TypeScript source, which the same module's .js, .mjs and .cjs files were compiled from. */
export function isTypeScriptSource(path: string): boolean {
  return /\.(?:ts|mts|cts|tsx)$/.test(path) && !path.endsWith('.d.ts');
}
