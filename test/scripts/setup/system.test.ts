// pnpm setup:system (scripts/setup/system.mjs) and .ci/run: which packages are missing (probed through a fake PATH),
// what happens as root and as another user, and that .ci/run runs the README's test line verbatim.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingPackages, setupPlan } from '../../../scripts/setup/system.mjs';
import { skipWithout } from '../../helpers/ci-skip.ts';
import { tempDir } from '../../helpers/temp.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCRIPT = join(ROOT, 'scripts', 'setup', 'system.mjs');

/** A folder of stand-in commands: each named tool exits 0 (and logs its arguments); apt-get too, when given. */
function fakeBin(dir: string, tools: string[]): string {
  for (const tool of tools) {
    writeFileSync(join(dir, tool), `#!/bin/sh\necho "${tool} $*" >> "${join(dir, 'calls.log')}"\nexit 0\n`);
    chmodSync(join(dir, tool), 0o755);
  }
  return dir;
}

const ALL = ['bwrap', 'prlimit', 'python3', 'go', 'xmllint', 'chromium'];

test('a tool that does not answer on the PATH (or, for go and pytest, on the sandbox PATH) names its package', (t) => {
  const bin = fakeBin(tempDir(t), ALL);
  assert.deepEqual(missingPackages({ PATH: bin, SETUP_SYSTEM_SANDBOX_PATH: bin }), []);
  const some = fakeBin(tempDir(t), ['bwrap', 'xmllint']);
  // go and pytest are looked for where the sandbox looks: present on the PATH is not enough.
  assert.deepEqual(missingPackages({ PATH: `${some}:${bin}`, SETUP_SYSTEM_SANDBOX_PATH: some }), ['python3-pytest', 'golang-go']);
  assert.deepEqual(missingPackages({ PATH: some, SETUP_SYSTEM_SANDBOX_PATH: some }), ['util-linux', 'python3-pytest', 'golang-go', 'chromium']);
});

test('nothing missing: nothing to do; root: install with apt-get; anyone else: the one sudo command and exit 2', () => {
  assert.equal(setupPlan([], 1000).exitCode, 0);
  assert.equal(setupPlan([], 1000).action, 'none');
  const root = setupPlan(['bubblewrap', 'golang-go'], 0);
  assert.equal(root.action, 'install');
  assert.equal(root.exitCode, 0);
  const user = setupPlan(['bubblewrap', 'golang-go'], 1000);
  assert.equal(user.action, 'print');
  assert.equal(user.exitCode, 2);
  const sudo = user.message.split('\n').filter((l) => l.includes('sudo'));
  assert.deepEqual(sudo, ["  sudo sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap golang-go'"]);
});

test('the script end to end on a fake PATH: nothing missing exits 0 without apt-get; missing ones are installed as root', { skip: process.getuid?.() === 0 ? false : 'the install path runs as root only' }, (t) => {
  const bin = fakeBin(tempDir(t), [...ALL, 'apt-get']);
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, SETUP_SYSTEM_SANDBOX_PATH: bin };
  const done = spawnSync(process.execPath, [SCRIPT], { env, encoding: 'utf8' });
  assert.equal(done.status, 0, done.stderr);
  assert.match(done.stdout, /nothing to do/);
  assert.ok(!readFileSync(join(bin, 'calls.log'), 'utf8').includes('apt-get'), 'apt-get is not run when nothing is missing');
  // go missing from the sandbox PATH: apt-get installs golang-go (the stand-in installs nothing, so the re-check says so).
  const noGo = fakeBin(tempDir(t), ['python3']);
  const missing = spawnSync(process.execPath, [SCRIPT], { env: { ...env, SETUP_SYSTEM_SANDBOX_PATH: noGo }, encoding: 'utf8' });
  const calls = readFileSync(join(bin, 'calls.log'), 'utf8');
  assert.match(calls, /^apt-get update -qq$/m);
  assert.match(calls, /^apt-get install -y -qq golang-go$/m);
  assert.equal(missing.status, 1, 'a package that still does not answer after apt-get is a failure');
  assert.match(missing.stderr, /still not answering: golang-go/);
});

test('pnpm test installs nothing; .ci/run runs the README test line verbatim, under CI=true, then the gate', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  assert.equal(pkg.scripts['setup:system'], 'node scripts/setup/system.mjs');
  assert.doesNotMatch(pkg.scripts.test ?? '', /setup|apt/);
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const line = readme.split('\n').find((l) => l.includes('# run the test suite'));
  assert.ok(line, 'README has the test line');
  const command = line.slice(0, line.indexOf('#')).trim();
  assert.match(command, /pnpm setup:system && pnpm test$/);
  const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8').split('\n');
  const at = ci.indexOf(command);
  assert.ok(at > 0, '.ci/run holds the README line verbatim');
  assert.ok(ci.indexOf('export CI=true') >= 0 && ci.indexOf('export CI=true') < at, 'CI=true is set before the tests run');
  assert.equal(ci.slice(at + 1).find((l) => l.trim() !== '' && !l.startsWith('#')), 'pnpm quality:world-class');
});

test('a test skipped for a missing tool skips with the set-up command named, and runs (to fail) under CI=true', () => {
  assert.equal(skipWithout(true, 'bubblewrap', {}), false);
  assert.equal(skipWithout(false, 'bubblewrap', {}), "bubblewrap is not available here ('pnpm setup:system' installs it)");
  assert.equal(skipWithout(false, 'bubblewrap', { CI: 'true' }), false);
  assert.ok(existsSync(SCRIPT));
});
