// The fix queue's gates over real `git diff` output: each gate reports its figure; a 20-file fix, a mass deletion
// and an unasked dependency change are stopped; an issue that asks for removals or a dependency change lifts that gate.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, gitRepo, writeFiles } from '../../helpers/temp.ts';
import { parseDiff } from '../../../src/commands/work/diff-stats.ts';
import { gatesPassed, issueAsks, workGates, type WorkGate } from '../../../src/commands/work/gates.ts';

const NONE = { removals: false, dependencies: false };
const PACKAGE = JSON.stringify({ name: 'app', scripts: { test: 'node --test' }, dependencies: { express: '^4.19.0' } }, null, 2);
const BASE: Record<string, string> = {
  'package.json': `${PACKAGE}\n`,
  'pnpm-lock.yaml': "lockfileVersion: '9.0'\n",
  'src/big.js': `${Array.from({ length: 60 }, (_, i) => `export const v${i} = ${i};`).join('\n')}\n`,
  ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`src/m${i}.js`, `export const m${i} = ${i};\n`])),
};

function diffAfter(t: TestContext, change: (dir: string) => void): string {
  const dir = gitRepo(t, BASE);
  change(dir);
  git(dir, 'add', '-A');
  return git(dir, 'diff', '--cached', '--no-color', '--no-ext-diff');
}

const byName = (gates: WorkGate[]) => Object.fromEntries(gates.map((g) => [g.gate, g]));

test('a small fix passes every gate, each with its figure', (t) => {
  const diff = diffAfter(t, (dir) => writeFiles(dir, { 'src/m1.js': 'export const m1 = Number(1);\n', 'src/m2.js': 'export const m2 = 2;\nexport const extra = 3;\n' }));
  const gates = workGates(diff, NONE);
  const g = byName(gates);
  assert.equal(g.files!.figure, 2);
  assert.equal(g['changed-lines']!.figure, 3);
  assert.equal(g['net-deletions']!.figure, -1);
  assert.equal(g['gross-deletions']!.figure, 1);
  assert.equal(g.dependencies!.figure, 0);
  assert.ok(gatesPassed(gates));
});

test('a fix touching 20 files is stopped by the files gate (limit 15)', (t) => {
  const diff = diffAfter(t, (dir) => writeFiles(dir, Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`src/m${i}.js`, `export const m${i} = ${i + 1};\n`]))));
  const gates = workGates(diff, NONE);
  assert.equal(gatesPassed(gates), false);
  assert.deepEqual(gates.filter((g) => !g.passed).map((g) => [g.gate, g.figure, g.limit]), [['files', 20, 15]]);
  assert.equal(byName(gates).files!.detail, '20 files changed (gate 15)');
});

test('deleting a file breaks the deletion budget unless the issue asks for removals', (t) => {
  const diff = diffAfter(t, (dir) => rmSync(join(dir, 'src/big.js')));
  assert.deepEqual(parseDiff(diff).map((c) => [c.path, c.status, c.removed.length]), [['src/big.js', 'deleted', 60]]);
  const strict = workGates(diff, NONE);
  assert.deepEqual(strict.filter((g) => !g.passed).map((g) => g.gate), ['net-deletions', 'gross-deletions']);
  const asked = workGates(diff, issueAsks('Remove the unused constants module src/big.js.'));
  assert.ok(gatesPassed(asked));
  assert.equal(byName(asked)['gross-deletions']!.waived, 'the issue asks for removals');
  assert.equal(byName(asked)['gross-deletions']!.figure, 60, 'the figure is still recorded');
});

test('a dependency or lockfile change the issue did not ask for is stopped; a script change is not one', (t) => {
  const scripts = diffAfter(t, (dir) => writeFileSync(join(dir, 'package.json'), `${PACKAGE.replace('node --test', 'node --test --test-reporter spec')}\n`));
  assert.ok(gatesPassed(workGates(scripts, NONE)), 'a script edit in package.json is not a dependency change');

  const added = diffAfter(t, (dir) => {
    writeFileSync(join(dir, 'package.json'), `${PACKAGE.replace('"express": "^4.19.0"', '"express": "^4.19.0",\n    "lodash": "4.17.21"')}\n`);
    writeFileSync(join(dir, 'pnpm-lock.yaml'), "lockfileVersion: '9.0'\n# lodash\n");
  });
  const gates = workGates(added, NONE);
  const dep = byName(gates).dependencies!;
  assert.equal(dep.passed, false);
  assert.equal(dep.figure, 2);
  assert.match(dep.detail, /package\.json \(dependency entries\), pnpm-lock\.yaml \(lockfile\)/);
  const asked = byName(workGates(added, issueAsks('Upgrade the lodash dependency to 4.17.21 (CVE).'))).dependencies!;
  assert.equal(asked.passed, true);
  assert.equal(asked.waived, 'the issue asks for a dependency change');
});

test('a binary file still counts as a changed file', (t) => {
  const diff = diffAfter(t, (dir) => writeFileSync(join(dir, 'logo.png'), Buffer.from([0, 1, 2, 3, 0, 255])));
  assert.deepEqual(parseDiff(diff).map((c) => [c.path, c.status]), [['logo.png', 'added']]);
  assert.equal(byName(workGates(diff, NONE)).files!.figure, 1);
});

test('what an issue asks for is read from its words', () => {
  assert.deepEqual(issueAsks('Null check missing in parse()'), { removals: false, dependencies: false });
  assert.deepEqual(issueAsks('Delete the dead retry loop'), { removals: true, dependencies: false });
  assert.deepEqual(issueAsks('Bump the yaml package to 2.5'), { removals: false, dependencies: true });
});
