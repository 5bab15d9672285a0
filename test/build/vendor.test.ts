import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rewriteImports } from '../../scripts/build-vendor.mjs';

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
