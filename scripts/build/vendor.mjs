// Bundles the packages whose many small files dominate the compiled CLI's start into dist/vendor/ (esbuild), and
// points dist's imports of them there. TypeBox ships about 200 ES modules: resolving, reading and compiling them cost
// every command (report list, dismiss, scan) about 100 ms before it did anything; one bundle costs a tenth of that.
// Same package, same version, same code: the schemas it builds (and so their validators' keys) do not change.
// Run by scripts/build/build.mjs on the freshly emitted dist before it is swapped in. Plain JavaScript: it runs before any loader.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';

/** Import specifier → file under <dist>/vendor/ (without .js). Entries of one package share their chunks, so its state is one. */
export const VENDORED = {
  '@sinclair/typebox': 'typebox',
  '@sinclair/typebox/value': 'typebox-value',
};

// An import of a vendored package (or any subpath of one): `from '…'`, `import '…'`, `import('…')`.
const PACKAGES = [...new Set(Object.keys(VENDORED).map((s) => s.split('/').slice(0, 2).join('/')))];
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const IMPORT = new RegExp(`(\\bfrom\\s*|\\bimport\\s*\\(\\s*|\\bimport\\s+)(['"])((?:${PACKAGES.map(escape).join('|')})(?:/[\\w.-]+)*)\\2`, 'g');

function jsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'vendor' ? [] : jsFiles(path);
    return /\.m?js$/.test(entry.name) ? [path] : [];
  });
}

/** The file's text with each vendored import pointed at dist/vendor/; throws on a subpath that is not vendored. */
export function rewriteImports(text, file, dist) {
  return text.replace(IMPORT, (whole, lead, quote, specifier) => {
    const name = VENDORED[specifier];
    if (!name) throw new Error(`${relative(dist, file)} imports '${specifier}', which is not bundled: add it to VENDORED in scripts/build/vendor.mjs.`);
    let to = relative(dirname(file), join(dist, 'vendor', `${name}.js`)).split(sep).join('/');
    if (!to.startsWith('.')) to = `./${to}`;
    return `${lead}${quote}${to}${quote}`;
  });
}

/**
 * Writes the bundles into <dist>/vendor/ and rewrites every compiled module's imports of them; returns how many modules
 * changed. Without esbuild (a clone whose `pnpm install` predates it) dist/ keeps the package imports: the same
 * program, slower to start, and said on stderr.
 */
export function vendorPackages(root, dist) {
  let esbuild;
  try {
    esbuild = createRequire(join(root, 'package.json'))('esbuild');
  } catch {
    process.stderr.write('build: esbuild is not installed, so TypeBox is not bundled and every command starts slower. Run `pnpm install`.\n');
    return 0;
  }
  esbuild.buildSync({
    absWorkingDir: root,
    entryPoints: Object.entries(VENDORED).map(([specifier, name]) => ({ in: specifier, out: name })),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outdir: join(dist, 'vendor'),
    logLevel: 'warning',
  });
  let changed = 0;
  for (const file of jsFiles(dist)) {
    const text = readFileSync(file, 'utf8');
    const rewritten = rewriteImports(text, file, dist);
    if (rewritten !== text) {
      writeFileSync(file, rewritten);
      changed += 1;
    }
  }
  return changed;
}
