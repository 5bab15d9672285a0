// Which repository paths hold build output or bundles, generated from the real source: the folders and file names
// triage leaves out of a scan (unless a package entry points there), and the bundle forms (umd, cjs, esm) a finding in
// the source is repeated in. The report keeps a bug found in both once, at the source (report/bundle-twins.ts). Pure.

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
