// The scripts stand below the tests: what measures, builds or gates (a frozen corpus split, the benchmark, the gate)
// imports nothing from test/, so a change to a test helper cannot move a measurement. Two reach into test/ on purpose:
// scripts/examples/, which records the demos by replaying the tests' stand-ins (fake model servers, scripted
// answers), and scripts/docs/architecture.ts, which renders the rank map the architecture test owns.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { relativeSpecifiers } from './import-graph.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCRIPTS = join(ROOT, 'scripts');
const MAY_USE_TEST = ['scripts/examples/', 'scripts/docs/architecture.ts'];

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return modules(path);
    return /\.(?:[cm]?ts|[cm]?js)$/.test(e.name) && !/\.d\.[cm]?ts$/.test(e.name) ? [path] : [];
  });
}

test('no script but the demo recorders and the architecture page imports from test/', () => {
  const found = modules(SCRIPTS).flatMap((file) => {
    const from = relative(ROOT, file).split(sep).join('/');
    if (MAY_USE_TEST.some((prefix) => from.startsWith(prefix))) return [];
    return relativeSpecifiers(readFileSync(file, 'utf8'))
      .filter((s) => relative(ROOT, resolve(dirname(file), s)).split(sep)[0] === 'test')
      .map((s) => `${from}: '${s}'`);
  });
  assert.ok(modules(SCRIPTS).length > 50, 'the walk finds the scripts');
  assert.deepEqual(found, [], 'a script imports a test file: move what both need under scripts/ (see scripts/kit/)');
});
