// Writes every exported TypeBox schema's validator as code (ajv standalone, CommonJS) into <dist>/validators/,
// named by src/artifacts/ajv.ts's schemaKey, so the compiled CLI loads validators instead of compiling schemas in
// every process; and beside each V8's code cache of it (src/artifacts/precompiled.ts), made by this node. Run by
// scripts/build/build.mjs (as a child process) on the freshly emitted dist before it is swapped in.
// Plain JavaScript on purpose: it runs from the build, before any loader.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// A module that builds schemas imports TypeBox: the package, or its bundle in dist/vendor/ (scripts/build/vendor.mjs).
const TYPEBOX_IMPORT = /from '(?:@sinclair\/typebox|(?:\.\.?\/)+vendor\/typebox\.js)'/;

function schemaModules(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'validators' || entry.name === 'vendor' ? [] : schemaModules(path);
      return entry.name.endsWith('.js') && TYPEBOX_IMPORT.test(readFileSync(path, 'utf8')) ? [path] : [];
    });
}

/** Returns how many validators were written. */
export async function buildValidators(dist) {
  const { createAjv, schemaKey } = await import(pathToFileURL(join(dist, 'artifacts/ajv.js')).href);
  const { codeCacheOf, codeCachePath } = await import(pathToFileURL(join(dist, 'artifacts/precompiled.js')).href);
  const { Kind } = await import('@sinclair/typebox');
  const standaloneCode = createRequire(import.meta.url)('ajv/dist/standalone').default;
  const ajv = createAjv({ source: true });
  const out = join(dist, 'validators');
  mkdirSync(out, { recursive: true });
  const written = new Set();
  for (const file of schemaModules(dist)) {
    const mod = await import(pathToFileURL(file).href);
    for (const value of Object.values(mod)) {
      if (typeof value !== 'object' || value === null || !(Kind in value)) continue;
      const key = schemaKey(value);
      if (written.has(key)) continue;
      const file = join(out, `${key}.cjs`);
      const code = standaloneCode(ajv, ajv.compile(value));
      writeFileSync(file, code);
      writeFileSync(codeCachePath(file), codeCacheOf(file, code));
      written.add(key);
    }
  }
  return written.size;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (!process.argv[2]) {
    console.error('usage: node scripts/build/validators.mjs <dist folder>');
    process.exit(2);
  }
  // None written means the schema modules were not recognised: the CLI would compile every schema at run time.
  if ((await buildValidators(process.argv[2])) === 0) {
    console.error(`no TypeBox schema module found under ${process.argv[2]}: no validator written.`);
    process.exit(1);
  }
}
