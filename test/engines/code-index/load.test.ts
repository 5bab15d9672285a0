import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCodeIndex, type IndexInput, type LoadedIndex } from '../../../src/engines/cache/code-index-load.ts';
import { callersOf, definitionOfCall } from '../../../src/engines/code-index/lookup.ts';
import { detectLanguage } from '../../../src/engines/code-index/languages.ts';
import { sha256 } from '../../../src/foundations/hashing/hash.ts';
import { tempDir, writeFiles } from '../../helpers/temp.ts';

async function load(t: import('node:test').TestContext, files: Record<string, string>) {
  const root = tempDir(t, 'bh-index-');
  writeFiles(root, files);
  const inputs: IndexInput[] = Object.entries(files).flatMap(([path, content]) => {
    const language = detectLanguage(path.split('/').at(-1) ?? '');
    return language ? [{ path, language, sha256: sha256(content) }] : [];
  });
  return { root, inputs, loaded: await loadCodeIndex(root, inputs) };
}

const resolvedOf = (loaded: LoadedIndex, path: string) => loaded.index.files.get(path)?.imports.map((r) => `${r.specifier} → ${r.resolved ?? '-'}`);

test('relative imports resolve with extensions, .js naming .ts, and index files; packages and escapes stay external', async (t) => {
  const { loaded } = await load(t, {
    'src/a.ts': [
      "import { x } from './x';",
      "import { y } from './y.js';",
      "import { z } from './dir';",
      "import cfg from '../../outside.js';",
      "import express from 'express';",
      "const { w } = require('./w.cjs');",
      "export { x } from './x';",
      '',
    ].join('\n'),
    'src/x.tsx': 'export const x = 1;\n',
    'src/y.ts': 'export const y = 1;\n',
    'src/dir/index.ts': 'export const z = 1;\n',
    'src/w.cjs': 'exports.w = 1;\n',
  });
  assert.deepEqual(resolvedOf(loaded, 'src/a.ts'), [
    './x → src/x.tsx',
    './y.js → src/y.ts',
    './dir → src/dir/index.ts',
    '../../outside.js → -',
    'express → -',
    './w.cjs → src/w.cjs',
    './x → src/x.tsx',
  ]);
  assert.deepEqual(loaded.index.importers.get('src/x.tsx'), ['src/a.ts']);
  assert.deepEqual(loaded.stats.files, 5);
  assert.equal(loaded.stats.precise, 5);
});

test('exports, top-level symbols and call sites of a module, ESM and CommonJS', async (t) => {
  const { loaded } = await load(t, {
    'm.js': [
      'export default function main() {',
      '  helper(1);',
      '}',
      'function helper(n) { return n; }',
      'export class Store {}',
      'export const a = () => 1, b = 2;',
      'module.exports.legacy = function () {};',
      "export * from './other.js';",
      '',
    ].join('\n'),
    'other.js': 'export const o = 1;\n',
  });
  const m = loaded.index.files.get('m.js');
  assert.deepEqual(m?.exports.map((e) => `${e.name}=${e.local}${e.from ? ` from ${e.from}` : ''}@${e.line}`), [
    'default=main@1', 'Store=Store@5', 'a=a@6', 'b=b@6', 'legacy=legacy@7', '*=* from ./other.js@8',
  ]);
  assert.deepEqual(m?.symbols.map((s) => `${s.kind} ${s.name} ${s.startLine}-${s.endLine}`), [
    'function main 1-3', 'function helper 4-4', 'class Store 5-5', 'function a 6-6', 'const b 6-6', 'function legacy 7-7',
  ]);
  assert.deepEqual(m?.calls, [{ name: 'helper', line: 2 }]);
});

test('Python fallback: defs with ranges, relative and package imports resolve, a called import finds its definition', async (t) => {
  const { loaded } = await load(t, {
    'app/main.py': 'from .helpers import clean\nfrom app import models\n\n\ndef handler(x):\n    return clean(models.load(x))\n',
    'app/helpers.py': 'import os\n\n@decorate\ndef clean(s):\n    s = s.strip()\n\n    return s\n\n\nclass _Private:\n    pass\n',
    'app/models.py': 'def load(x):\n    return x\n',
    'app/__init__.py': '',
  });
  const helpers = loaded.index.files.get('app/helpers.py');
  assert.equal(helpers?.precise, false);
  assert.deepEqual(helpers?.symbols.map((s) => `${s.name} ${s.startLine}-${s.endLine}`), ['clean 3-7', '_Private 10-11']);
  assert.deepEqual(helpers?.exports.map((e) => e.name), ['clean']);
  assert.deepEqual(resolvedOf(loaded, 'app/main.py'), ['.helpers → app/helpers.py', 'app.models → app/models.py']);
  const calls = loaded.index.files.get('app/main.py')?.calls ?? [];
  const defs = calls.map((c) => definitionOfCall(loaded.index, 'app/main.py', c)).flatMap((d) => (d?.symbol ? [`${d.file}:${d.symbol.startLine}-${d.symbol.endLine} ${d.name}`] : []));
  assert.deepEqual(defs.sort(), ['app/helpers.py:3-7 clean', 'app/models.py:1-2 load']);
  assert.deepEqual(callersOf(loaded.index, 'app/helpers.py'), [{ file: 'app/main.py', line: 6, name: 'clean' }]);
});

test('Go fallback: funcs with brace ranges, packages resolved through go.mod', async (t) => {
  const { loaded } = await load(t, {
    'go.mod': 'module example.com/app\n\ngo 1.22\n',
    'main.go': 'package main\n\nimport (\n\t"fmt"\n\tdb "example.com/app/internal/store"\n)\n\nfunc main() {\n\tfmt.Println(db.Query("x"))\n}\n',
    'internal/store/store.go': 'package store\n\nfunc Query(q string) string {\n\tif q == "" {\n\t\treturn ""\n\t}\n\treturn q\n}\n\nfunc helper() {}\n',
    'internal/store/store_test.go': 'package store\n',
  });
  const store = loaded.index.files.get('internal/store/store.go');
  assert.deepEqual(store?.symbols.map((s) => `${s.name} ${s.startLine}-${s.endLine}`), ['Query 3-8', 'helper 10-10']);
  assert.deepEqual(store?.exports.map((e) => e.name), ['Query']);
  assert.deepEqual(resolvedOf(loaded, 'main.go'), ['fmt → -', 'example.com/app/internal/store → internal/store/store.go']);
  const call = loaded.index.files.get('main.go')?.calls.find((c) => c.name === 'Query');
  const def = call && definitionOfCall(loaded.index, 'main.go', call);
  assert.equal(def?.symbol && `${def.file}:${def.symbol.startLine}-${def.symbol.endLine}`, 'internal/store/store.go:3-8');
});

test('a file changed after it was recorded is not indexed; the reason is kept', async (t) => {
  const { root, inputs } = await load(t, { 'a.js': 'export const a = 1;\n', 'b.js': "import { a } from './a.js';\n" });
  writeFileSync(join(root, 'a.js'), 'export const a = 2;\n');
  const loaded = await loadCodeIndex(root, inputs);
  assert.deepEqual(loaded.unindexed.map((u) => u.file), ['a.js']);
  assert.match(loaded.unindexed[0]?.reason ?? '', /changed since it was recorded/);
  assert.equal(loaded.index.files.has('a.js'), false);
  // Still a resolution target, so a dependency on it is visible (and can be excluded with the reason).
  assert.deepEqual(resolvedOf(loaded, 'b.js'), ['./a.js → a.js']);
});
