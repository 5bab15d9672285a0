import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importGraph, relativeSpecifiers } from './import-graph.ts';
import { layoutViolations, SHELL_FOLDERS, type ImportEdge } from './layers.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

const withoutWhy = (line: string) => line.replace(/ \(.*\)$/, '');

test('no phase imports another phase, and no library under src/ imports a phase', () => {
  const edges = importGraph(SRC);
  assert.ok(edges.some((e) => e.from === 'phases/registry.ts' && e.to.startsWith('phases/hunter/')), 'the graph holds the registry importing the hunter phase');
  const found = layoutViolations(edges);
  assert.deepEqual(found, [], `imports that break the layout (see test/architecture/layers.ts):\n${found.join('\n')}`);
});

test('every shell folder named in layers.ts exists under src/', () => {
  for (const name of Object.keys(SHELL_FOLDERS)) {
    assert.ok(existsSync(`${SRC}${name}`) && statSync(`${SRC}${name}`).isDirectory(), `src/${name}/ is listed as a shell but does not exist`);
  }
});

test("README's map of src/ lists every top-level folder and file of src/, each with its kind from layers.ts", () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  // Rows of the map: | `src/x/` | kind | … | (a row may name several, as `src/foundations/errors.ts`, `src/foundations/version.ts`).
  const listed = new Map<string, string>();
  for (const [, names = '', kind = ''] of readme.matchAll(/^\| (`src\/[^|]+) \| ([^|]+) \|/gm)) {
    for (const [, name = ''] of names.matchAll(/`src\/([^`/]+)\/?`/g)) listed.set(name, kind.trim());
  }
  const actual = readdirSync(SRC).filter((name) => name !== '.DS_Store').sort();
  assert.deepEqual([...listed.keys()].sort(), actual, 'README.md (## Architecture, the map of src/) lists exactly the top-level entries of src/');
  for (const [name, kind] of listed) {
    const expected = name === 'phases' ? 'phases' : Object.hasOwn(SHELL_FOLDERS, name) ? 'shell' : 'library';
    assert.ok(kind === expected || kind.startsWith(`${expected},`), `README.md lists src/${name} as "${kind}"; test/architecture/layers.ts makes it a ${expected}`);
  }
});

test('a phase importing another phase is named with its file and import', () => {
  const edges: ImportEdge[] = [
    { from: 'phases/skeptic/index.ts', to: 'phases/hunter/model-context.ts', specifier: '../hunter/model-context.ts' },
    { from: 'phases/skeptic/index.ts', to: 'phases/skeptic/model-answer.ts', specifier: './model-answer.ts' },
    { from: 'phases/skeptic/index.ts', to: 'phases/types.ts', specifier: '../types.ts' },
  ];
  assert.deepEqual(layoutViolations(edges), [
    "src/phases/skeptic/index.ts: '../hunter/model-context.ts' (phase skeptic imports phase hunter; move what both need into a library)",
  ]);
});

test('a library importing a phase, or a phase importing a shared file in src/phases/ that is not the contract, is a violation', () => {
  const edges: ImportEdge[] = [
    { from: 'static/engine.ts', to: 'phases/recon/core.ts', specifier: '../phases/recon/core.ts' },
    { from: 'errors.ts', to: 'phases/types.ts', specifier: './phases/types.ts' },
    { from: 'phases/hunter/index.ts', to: 'phases/incoming.ts', specifier: '../incoming.ts' },
  ];
  assert.deepEqual(layoutViolations(edges).map(withoutWhy), [
    "src/engines/static/engine.ts: '../phases/recon/core.ts'",
    "src/foundations/errors.ts: './phases/types.ts'",
    "src/phases/hunter/index.ts: '../incoming.ts'",
  ]);
});

test('shells may import phases, phases may import libraries and the contract, and an unlisted folder is a library', () => {
  const edges: ImportEdge[] = [
    { from: 'cli/commands/phase.ts', to: 'phases/registry.ts', specifier: '../../phases/registry.ts' },
    { from: 'work/work.ts', to: 'phases/fix/fix-one.ts', specifier: '../phases/fix/fix-one.ts' },
    { from: 'phases/hunter/index.ts', to: 'static/index.ts', specifier: '../../static/index.ts' },
    { from: 'phases/hunter/index.ts', to: 'phases/types.ts', specifier: '../types.ts' },
  ];
  assert.deepEqual(layoutViolations(edges), []);
  const fromNewFolder: ImportEdge = { from: 'brand-new/x.ts', to: 'phases/plan/index.ts', specifier: '../phases/plan/index.ts' };
  assert.equal(layoutViolations([fromNewFolder]).length, 1);
  assert.deepEqual(layoutViolations([fromNewFolder], { ...SHELL_FOLDERS, 'brand-new': 'a test shell' }), []);
});

test('the reader sees static, type-only, re-export, dynamic and require imports, and skips packages', () => {
  const text = [
    "import { a } from './a.ts';",
    "import type { B } from '../b.ts';",
    "export { c } from './c.ts';",
    "const d = await import('./d.ts');",
    "const e = require('../e.js');",
    "import { readFileSync } from 'node:fs';",
    "import ts from 'typescript';",
  ].join('\n');
  assert.deepEqual(relativeSpecifiers(text), ['./a.ts', '../b.ts', './c.ts', './d.ts', '../e.js']);
});
