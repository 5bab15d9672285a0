// Lockfiles made by the real npm, pnpm, Yarn (classic and Berry) and Bun for one workspace project resolve
// to the same dependency list: direct or transitive, dev or prod, the path that brings each in, the workspace.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { readLockfile } from '../../../src/engines/deps/lockfiles/read.ts';
import type { LockfileKind } from '../../../src/engines/deps/lockfiles/kinds.ts';
import { tempDir, writeFiles } from '../../helpers/temp.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/lockfiles/', import.meta.url));

const CASES: [string, string, LockfileKind][] = [
  ['npm3', 'package-lock.json', 'npm'],
  ['npm2', 'package-lock.json', 'npm'],
  ['npm1', 'package-lock.json', 'npm'],
  ['pnpm', 'pnpm-lock.yaml', 'pnpm'],
  ['yarn1', 'yarn.lock', 'yarn'],
  ['yarn4', 'yarn.lock', 'yarn'],
  ['bun', 'bun.lock', 'bun'],
];

for (const [dir, file, kind] of CASES) {
  test(`${dir}/${file}: direct, transitive, dev and workspace dependencies with their paths and lines`, async () => {
    const read = await readLockfile(FIXTURES, `${dir}/${file}`, kind);
    assert.ok(read.ok, read.ok ? '' : read.reason);
    const by = (name: string, version: string) => read.dependencies.find((d) => d.name === name && d.version === version);
    const lodash = by('lodash', '4.17.15');
    assert.deepEqual({ direct: lodash?.direct, dev: lodash?.dev, path: lodash?.path, workspaces: lodash?.workspaces }, { direct: true, dev: false, path: ['dep-fixture', 'lodash@4.17.15'], workspaces: ['.'] });
    assert.ok(lodash!.line > 1, 'the line of the lodash entry');
    const ms = by('ms', '2.0.0');
    assert.equal(ms?.dev, true, 'ms is a devDependency only');
    assert.equal(ms?.direct, true);
    const wsMinimist = by('minimist', '1.2.5');
    assert.ok(wsMinimist?.direct, 'minimist 1.2.5 is the workspace’s direct dependency');
    assert.ok(wsMinimist!.workspaces.includes('packages/cli'));
    assert.equal(wsMinimist!.dev, false);
    // mkdirp's minimist ^1.2.5: npm and Yarn installed 1.2.8 for it; pnpm and Bun reused 1.2.5.
    const transitive = read.dependencies.find((d) => d.name === 'minimist' && d.path.includes('mkdirp@0.5.5'));
    const viaMkdirp = transitive ?? read.dependencies.find((d) => d.name === 'minimist' && d.workspaces.includes('.'));
    assert.ok(viaMkdirp, 'minimist is reached from the root through mkdirp');
    if (viaMkdirp!.version === '1.2.8') {
      assert.deepEqual(viaMkdirp!.path, ['dep-fixture', 'mkdirp@0.5.5', 'minimist@1.2.8']);
      assert.equal(viaMkdirp!.direct, false);
    }
    assert.deepEqual(read.dependencies.map((d) => d.name).filter((n, i, a) => a.indexOf(n) === i).sort(), ['lodash', 'minimist', 'mkdirp', 'ms']);
  });
}

test('a malformed lockfile comes back with the file and the reason, never as an empty list', async (t) => {
  const root = tempDir(t);
  writeFiles(root, {
    'package.json': '{"name":"x"}',
    'package-lock.json': '{"lockfileVersion": 3, "packages": ',
    'a/pnpm-lock.yaml': "lockfileVersion: '5.4'\n",
    'b/yarn.lock': '# yarn lockfile v1\n\nfoo@^1:\n  version\n    "1"\n  resolved "x\n',
    'c/bun.lock': '{ "lockfileVersion": 1, "packages": { "x": 3 } }',
  });
  const npm = await readLockfile(root, 'package-lock.json', 'npm');
  assert.equal(npm.ok, false);
  assert.match(npm.ok ? '' : npm.reason, /package-lock\.json is not valid JSON/);
  const pnpm = await readLockfile(root, 'a/pnpm-lock.yaml', 'pnpm');
  assert.match(pnpm.ok ? '' : pnpm.reason, /a\/pnpm-lock\.yaml has lockfileVersion '5\.4'/);
  const yarn = await readLockfile(root, 'b/yarn.lock', 'yarn');
  assert.equal(yarn.ok, false);
  assert.match(yarn.ok ? '' : yarn.reason, /b\/yarn\.lock/);
  const bun = await readLockfile(root, 'c/bun.lock', 'bun');
  assert.match(bun.ok ? '' : bun.reason, /c\/bun\.lock: packages\["x"\] is not \["name@version"/);
});
