// npm and pnpm lock a workspace project afresh in a temp folder, offline (from their caches); the lockfile
// they write resolves like the checked-in fixtures. Skipped, with the tool's own message, when the tool
// cannot lock offline on this machine (an empty cache): the checked-in fixtures still cover the format.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readLockfile } from '../../../src/engines/deps/lockfiles/read.ts';
import type { LockfileKind } from '../../../src/engines/deps/lockfiles/kinds.ts';
import { tempDir, writeFiles } from '../../helpers/temp.ts';

const PROJECT = {
  'package.json': JSON.stringify({ name: 'live', version: '1.0.0', private: true, workspaces: ['packages/*'], dependencies: { lodash: '4.17.15', mkdirp: '0.5.5' }, devDependencies: { ms: '2.0.0' } }),
  'packages/cli/package.json': JSON.stringify({ name: 'live-cli', version: '1.0.0', dependencies: { minimist: '1.2.5' } }),
  'pnpm-workspace.yaml': 'packages:\n  - "packages/*"\n',
};

async function lockAndRead(t: TestContext, tool: string, args: string[], file: string, kind: LockfileKind) {
  const root = tempDir(t);
  writeFiles(root, PROJECT);
  const run = spawnSync(tool, args, { cwd: root, encoding: 'utf8', timeout: 120_000, env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' } });
  if (run.status !== 0) {
    t.skip(`${tool} cannot lock offline here: ${(run.error?.message ?? `${run.stderr}${run.stdout}`).trim().split('\n')[0]}`);
    return undefined;
  }
  const read = await readLockfile(root, file, kind);
  assert.ok(read.ok, read.ok ? '' : read.reason);
  return read.dependencies;
}

test('npm install --package-lock-only --offline: the fresh package-lock.json resolves', async (t) => {
  const deps = await lockAndRead(t, 'npm', ['install', '--package-lock-only', '--offline', '--ignore-scripts'], 'package-lock.json', 'npm');
  if (!deps) return;
  assert.deepEqual(deps.find((d) => d.name === 'lodash')?.path, ['live', 'lodash@4.17.15']);
  assert.equal(deps.find((d) => d.name === 'ms')?.dev, true);
  assert.ok(deps.find((d) => d.name === 'minimist' && d.version === '1.2.5')?.workspaces.includes('packages/cli'));
});

test('pnpm install --lockfile-only --offline: the fresh pnpm-lock.yaml resolves', async (t) => {
  const deps = await lockAndRead(t, 'pnpm', ['install', '--lockfile-only', '--offline', '--ignore-scripts'], 'pnpm-lock.yaml', 'pnpm');
  if (!deps) return;
  assert.deepEqual(deps.find((d) => d.name === 'lodash')?.path, ['live', 'lodash@4.17.15']);
  assert.equal(deps.find((d) => d.name === 'ms')?.dev, true);
  assert.ok(deps.find((d) => d.name === 'minimist' && d.version === '1.2.5')?.workspaces.includes('packages/cli'));
});
