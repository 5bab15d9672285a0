import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rewriteImports, vendorPackages } from '../../scripts/build/vendor.mjs';
import { tempDir } from '../helpers/temp.ts';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

test('imports of TypeBox in compiled modules point at dist/vendor/, relative to each module', () => {
  const dist = '/x/dist';
  const text = [
    "import { Type } from '@sinclair/typebox';",
    "import { Value } from \"@sinclair/typebox/value\";",
    "const later = await import('@sinclair/typebox');",
    "const said = 'bug-hunter report list';",
  ].join('\n');
  assert.equal(
    rewriteImports(text, '/x/dist/artifacts/schemas/a.js', dist),
    [
      "import { Type } from '../../vendor/typebox.js';",
      'import { Value } from "../../vendor/typebox-value.js";',
      "const later = await import('../../vendor/typebox.js');",
      "const said = 'bug-hunter report list';",
    ].join('\n'),
  );
  assert.equal(rewriteImports("export * from '@sinclair/typebox';", '/x/dist/version.js', dist), "export * from './vendor/typebox.js';");
});

test('a TypeBox subpath that is not bundled stops the build, naming the module and the import', () => {
  assert.throws(() => rewriteImports("import { TypeCompiler } from '@sinclair/typebox/compiler';", '/x/dist/a/b.js', '/x/dist'), /a\/b\.js imports '@sinclair\/typebox\/compiler', which is not bundled/);
});

test('the built dist/ imports TypeBox only through its bundle', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === 'vendor' ? [] : files(join(dir, e.name))) : e.name.endsWith('.js') ? [join(dir, e.name)] : []));
  const all = files(DIST);
  assert.ok(all.length > 50, 'dist/ is built');
  assert.deepEqual(all.filter((f) => /from '@sinclair\/typebox/.test(readFileSync(f, 'utf8'))), []);
  assert.ok(all.some((f) => readFileSync(f, 'utf8').includes("from '../../vendor/typebox.js'")), 'the schema modules import the bundle');
});

test('without esbuild installed the build keeps the package imports (slower start, same program)', (t) => {
  const root = tempDir(t);
  writeFileSync(join(root, 'package.json'), '{}');
  mkdirSync(join(root, 'dist'));
  const module = "import { Type } from '@sinclair/typebox';\n";
  writeFileSync(join(root, 'dist', 'a.js'), module);
  assert.equal(vendorPackages(root, join(root, 'dist')), 0);
  assert.equal(readFileSync(join(root, 'dist', 'a.js'), 'utf8'), module);
});
