// What a computed import(x) in the tests' compiled mirror (scripts/test/compile.mjs) calls instead: x is resolved
// against the source file, as under tsx; a TypeScript module found in the mirror is imported from there (the same
// instance the static imports got), and one the mirror lacks is imported from source through tsx, registered then.
import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let tsxRegistered = false;

/** import(specifier, options) as the module at `from` (its source URL) would see it, with the mirror at `mirrorUrl`. */
export async function mirrorImport(mirrorUrl, from, specifier, options) {
  const text = String(specifier);
  const local = /^(\.{1,2}\/|\/|file:)/.test(text);
  if (!local) return import(text, options);
  const url = new URL(text, from);
  if (url.protocol !== 'file:' || !url.pathname.endsWith('.ts')) return import(url.href, options);
  const path = fileURLToPath(url);
  const inRoot = relative(ROOT, path);
  if (!inRoot.startsWith(`..${sep}`)) {
    const mirrored = fileURLToPath(new URL(inRoot.split(sep).join('/').replace(/\.ts$/, '.js'), mirrorUrl));
    if (existsSync(mirrored)) return import(pathToFileURL(mirrored).href, options);
  }
  if (!tsxRegistered) {
    const { register } = await import('tsx/esm/api');
    register();
    tsxRegistered = true;
  }
  return import(url.href, options);
}
