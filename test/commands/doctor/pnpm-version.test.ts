import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installedPnpmVersion } from '../../../src/commands/doctor/pnpm-version.ts';
import { tempDir } from '../../helpers/temp.ts';

/** <root>/bin/pnpm → <root>/lib/node_modules/<pkg>/<file>, the package.json beside it named `name` at `version`. */
function installed(root: string, file: string, name = 'pnpm', version = '9.1.2'): string {
  const pkg = join(root, 'lib', 'node_modules', name);
  mkdirSync(join(pkg, file, '..'), { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name, version }));
  writeFileSync(join(pkg, file), '#!/usr/bin/env node\n');
  chmodSync(join(pkg, file), 0o755);
  mkdirSync(join(root, 'bin'), { recursive: true });
  symlinkSync(join(pkg, file), join(root, 'bin', 'pnpm'));
  return join(root, 'bin');
}

test('a plain pnpm install on PATH: its version is read from its package, the first PATH entry wins', (t) => {
  const first = installed(tempDir(t), 'bin/pnpm.cjs', 'pnpm', '9.1.2');
  const second = installed(tempDir(t), 'bin/pnpm.cjs', 'pnpm', '8.0.0');
  assert.equal(installedPnpmVersion(`${tempDir(t)}:${first}:${second}`), '9.1.2');
});

test('a corepack shim, another package or no pnpm at all: no guess (doctor runs pnpm --version instead)', (t) => {
  assert.equal(installedPnpmVersion(installed(tempDir(t), 'dist/pnpm.js', 'corepack', '0.29.4')), undefined);
  assert.equal(installedPnpmVersion(installed(tempDir(t), 'bin/pnpm.cjs', 'not-pnpm', '1.0.0')), undefined);
  assert.equal(installedPnpmVersion(tempDir(t)), undefined);
  assert.equal(installedPnpmVersion(''), undefined);
});

test('on this machine it says what `pnpm --version` prints, when pnpm is a plain install', (t) => {
  const read = installedPnpmVersion();
  if (read === undefined) return t.skip('pnpm here is not a plain install (or not on PATH)');
  const ran = spawnSync('pnpm', ['--version'], { encoding: 'utf8', cwd: tempDir(t) });
  assert.equal(read, ran.stdout.trim());
});
