// What the test helpers may be: code of their own, never a module that only passes another one on under a second
// path (the tests import the real module: one name to search for, one file to change); and there is one seeded
// generator for the property tests and the scripts (scripts/kit/seeded-random.ts), not copies of it.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const THE_GENERATOR = 'scripts/kit/seeded-random.ts';

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' || e.name === 'node_modules' ? [] : modules(path);
    return /\.(?:[cm]?ts|[cm]?js)$/.test(e.name) && !/\.d\.[cm]?ts$/.test(e.name) ? [path] : [];
  });
}

const rel = (file: string) => relative(ROOT, file).split(sep).join('/');

/** True when every statement of the module is `export … from '…'`: a second path to another module. */
export function onlyPassesOn(text: string): boolean {
  const source = ts.createSourceFile('m.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return source.statements.length > 0 && source.statements.every((s) => ts.isExportDeclaration(s) && s.moduleSpecifier !== undefined);
}

test('a module that only re-exports is told apart from one with code of its own', () => {
  assert.equal(onlyPassesOn("// passes it on\nexport { prng } from '../../scripts/kit/seeded-random.ts';\n"), true);
  assert.equal(onlyPassesOn("export * from './a.ts';\nexport { b as c } from './b.ts';\n"), true);
  assert.equal(onlyPassesOn("export { prng } from './r.ts';\nexport const n = 1;\n"), false);
  assert.equal(onlyPassesOn("import { a } from './a.ts';\nexport { a };\n"), false);
  assert.equal(onlyPassesOn('// nothing\n'), false);
});

test('no test helper only passes another module on: tests import the real module', () => {
  const shims = modules(join(ROOT, 'test/helpers')).filter((file) => onlyPassesOn(readFileSync(file, 'utf8'))).map(rel);
  assert.ok(modules(join(ROOT, 'test/helpers')).length > 10, 'the walk finds the helpers');
  assert.deepEqual(shims, [], 'import the module these pass on, and delete them');
});

test(`one seeded generator: mulberry32 is written only in ${THE_GENERATOR}`, () => {
  // Its increment constant marks a copy, however the copy is named.
  const files = [...modules(join(ROOT, 'test')), ...modules(join(ROOT, 'scripts'))];
  const copies = files.filter((file) => /0x6d2b79f5/i.test(readFileSync(file, 'utf8'))).map(rel);
  assert.deepEqual(copies.filter((f) => f !== THE_GENERATOR && f !== 'test/architecture/test-helpers.test.ts'), [], `import prng from ${THE_GENERATOR}`);
  assert.ok(copies.includes(THE_GENERATOR), 'the walk finds the generator itself');
});
