import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importGraph, relativeSpecifiers } from './import-graph.ts';
import { folderCycles, folderOf, layoutViolations, rankOf, type ImportEdge } from './layers.ts';
import { RANKS } from './rank-map.ts';
import { ARCHITECTURE_DOC, architectureMarkdown } from '../../scripts/docs/architecture.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

const withoutWhy = (line: string) => line.replace(/ \(.*\)$/, '');
const entriesOf = (dir: string) => readdirSync(dir).filter((name) => name !== '.DS_Store').sort();

/**
 * Imports into a phase's internals from outside it that the phase-folder work has not moved into a library yet.
 * Each is a known debt, listed so the rule holds for everything else; the list only shrinks.
 */
const PENDING_PHASE_INTERNALS = new Set<string>([]);

test('the top of src/ holds exactly one folder per rank of the rank map, and nothing else', () => {
  assert.deepEqual(entriesOf(SRC), RANKS.map((r) => r.folder).sort());
});

test('no import in src/ points to a higher rank, into another phase, or into a phase from outside the registry', () => {
  const edges = importGraph(SRC);
  assert.ok(edges.some((e) => e.from === 'driver/registry.ts' && e.to === 'phases/hunter/index.ts'), 'the graph holds the registry importing the hunter phase');
  assert.ok(edges.length > 1000, `the graph holds every import of src/ (${edges.length})`);
  const all = layoutViolations(edges);
  const found = all.filter((line) => !PENDING_PHASE_INTERNALS.has(withoutWhy(line)));
  assert.deepEqual(found, [], `imports that break the layout (see test/architecture/rank-map.ts and layers.ts):\n${found.join('\n')}`);
  const paid = [...PENDING_PHASE_INTERNALS].filter((known) => !all.some((line) => withoutWhy(line) === known));
  assert.deepEqual(paid, [], 'these pending imports are gone: delete them from PENDING_PHASE_INTERNALS');
});

test('no folder of src/ is in an import cycle', () => {
  const cycles = folderCycles(importGraph(SRC));
  assert.deepEqual(cycles, [], `folders that import each other round a circle:\n${cycles.map((c) => c.join(' → ')).join('\n')}`);
});

test('every folder (and top-level file) of a rank that lists its members is described in the rank map, and nothing more', () => {
  for (const rank of RANKS) {
    if (!rank.members) continue;
    const actual = entriesOf(`${SRC}${rank.folder}`);
    assert.deepEqual(Object.keys(rank.members).sort(), actual, `test/architecture/rank-map.ts describes exactly the entries of src/${rank.folder}/`);
  }
});

test('docs/architecture.md is generated from the rank map and is fresh (pnpm docs:architecture)', () => {
  assert.equal(readFileSync(ARCHITECTURE_DOC, 'utf8'), architectureMarkdown(), 'docs/architecture.md is stale: run `pnpm docs:architecture`');
});

test('ranks and folders: a file is placed by its first folder, and a sub-folder of a rank is its own folder', () => {
  assert.equal(rankOf('foundations/errors.ts'), 0);
  assert.equal(rankOf('cli/main.ts'), RANKS.length - 1);
  assert.equal(rankOf('elsewhere/x.ts'), -1);
  assert.equal(folderOf('engines/static/rules/x.ts'), 'engines/static');
  assert.equal(folderOf('driver/scan.ts'), 'driver');
  assert.equal(folderOf('foundations/errors.ts'), 'foundations');
});

test('an import up a rank, into another phase, or into a phase from outside the registry is named with its file and why', () => {
  const edges: ImportEdge[] = [
    { from: 'engines/static/engine.ts', to: 'phases/recon/core.ts', specifier: '../../phases/recon/core.ts' },
    { from: 'foundations/errors.ts', to: 'artifacts/store.ts', specifier: '../artifacts/store.ts' },
    { from: 'phases/skeptic/index.ts', to: 'phases/hunter/model-context.ts', specifier: '../hunter/model-context.ts' },
    { from: 'commands/merge/merge.ts', to: 'phases/report/index.ts', specifier: '../../phases/report/index.ts' },
    { from: 'driver/registry.ts', to: 'phases/hunter/accept.ts', specifier: '../phases/hunter/accept.ts' },
    { from: 'stray/x.ts', to: 'foundations/errors.ts', specifier: '../foundations/errors.ts' },
  ];
  assert.deepEqual(layoutViolations(edges).map(withoutWhy), [
    "src/engines/static/engine.ts: '../../phases/recon/core.ts'",
    "src/foundations/errors.ts: '../artifacts/store.ts'",
    "src/phases/skeptic/index.ts: '../hunter/model-context.ts'",
    "src/commands/merge/merge.ts: '../../phases/report/index.ts'",
    "src/driver/registry.ts: '../phases/hunter/accept.ts'",
    "src/stray/x.ts: '../foundations/errors.ts'",
  ]);
  assert.match(layoutViolations(edges)[1]!, /foundations \(rank 1\) imports artifacts \(rank 2\)/);
});

test('imports down a rank, within a phase, and from the registry into a phase index are allowed', () => {
  const edges: ImportEdge[] = [
    { from: 'cli/main.ts', to: 'commands/index.ts', specifier: '../commands/index.ts' },
    { from: 'phases/hunter/index.ts', to: 'phases/hunter/core.ts', specifier: './core.ts' },
    { from: 'phases/hunter/index.ts', to: 'engines/static/index.ts', specifier: '../../engines/static/index.ts' },
    { from: 'phases/hunter/index.ts', to: 'phase-kit/define-phase.ts', specifier: '../../phase-kit/define-phase.ts' },
    { from: 'driver/registry.ts', to: 'phases/hunter/index.ts', specifier: '../phases/hunter/index.ts' },
    { from: 'engines/report/x.ts', to: 'engines/security/y.ts', specifier: '../security/y.ts' },
  ];
  assert.deepEqual(layoutViolations(edges), []);
});

test('a cycle between folders is found with every folder on it, and a cycle inside one folder is not a folder cycle', () => {
  const edge = (from: string, to: string): ImportEdge => ({ from, to, specifier: to });
  const edges = [
    edge('engines/report/a.ts', 'engines/review/b.ts'),
    edge('engines/review/b.ts', 'engines/publish/c.ts'),
    edge('engines/publish/c.ts', 'engines/report/d.ts'),
    edge('engines/static/a.ts', 'engines/static/b.ts'),
    edge('engines/static/b.ts', 'engines/static/a.ts'),
    edge('engines/static/a.ts', 'foundations/errors.ts'),
  ];
  assert.deepEqual(folderCycles(edges), [['engines/publish', 'engines/report', 'engines/review']]);
  assert.deepEqual(folderCycles(edges.slice(3)), []);
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
