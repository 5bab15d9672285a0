import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectEcosystems, detectPackageManager, runSandboxed } from '../../../src/engines/sandbox/index.ts';
import { bwrap, hashTree, tempTree } from './helpers.ts';

const USE = 'try { console.log("DEP", require("tiny-dep-bh")); } catch (e) { console.log("NO-DEP", e.code); process.exit(4); }';

test('vendored node_modules are auto-detected and usable read-only; off hides them', async () => {
  const tree = tempTree({ 'use.cjs': USE, 'package.json': '{"name":"p","version":"1.0.0"}', 'node_modules/tiny-dep-bh/index.js': 'module.exports = "vendored-ok";' });
  const before = hashTree(tree.dir);
  try {
    const vendored = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['node', 'use.cjs'] });
    assert.equal(vendored.status, 'PASS');
    assert.match(vendored.stdout, /DEP vendored-ok/);
    const off = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['node', 'use.cjs'], dependencies: 'off' });
    assert.equal(off.status, 'FAIL');
    assert.match(off.stdout, /NO-DEP MODULE_NOT_FOUND/);
    assert.equal(hashTree(tree.dir), before);
  } finally {
    tree.cleanup();
  }
});

test('host: an offline npm ci from a read-only slice of the host cache, lifecycle scripts off', async () => {
  const tree = tempTree({
    'dep/package.json': '{"name":"tiny-dep-bh","version":"1.0.0","main":"index.js","scripts":{"postinstall":"echo SCRIPT-RAN > /workspace/ran"}}',
    'dep/index.js': 'module.exports = "from-host-cache";',
    'proj/use.cjs': `${USE}\nconsole.log(require('fs').existsSync('/workspace/ran') ? 'SCRIPT-RAN' : 'NO-SCRIPT');`,
    'proj/package.json': '{"name":"proj","version":"1.0.0","dependencies":{"tiny-dep-bh":"1.0.0"}}',
  });
  const home = join(tree.dir, 'home');
  mkdirSync(join(home, '.npm'), { recursive: true });
  try {
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', npm_config_cache: join(home, '.npm'), npm_config_offline: 'true' };
    execFileSync('npm', ['pack', '--silent'], { cwd: join(tree.dir, 'dep'), env, stdio: 'ignore' });
    const tgz = join(tree.dir, 'dep', 'tiny-dep-bh-1.0.0.tgz');
    execFileSync('npm', ['cache', 'add', tgz], { env, stdio: 'ignore' });
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tgz)).digest('base64')}`;
    const lock = {
      name: 'proj', version: '1.0.0', lockfileVersion: 3, requires: true,
      packages: {
        '': { name: 'proj', version: '1.0.0', dependencies: { 'tiny-dep-bh': '1.0.0' } },
        'node_modules/tiny-dep-bh': { version: '1.0.0', resolved: 'https://registry.npmjs.org/tiny-dep-bh/-/tiny-dep-bh-1.0.0.tgz', integrity, hasInstallScript: true },
      },
    };
    writeFileSync(join(tree.dir, 'proj', 'package-lock.json'), JSON.stringify(lock));
    const cacheBefore = hashTree(join(home, '.npm'));
    const result = await runSandboxed(bwrap(), { workspace: join(tree.dir, 'proj'), argv: ['node', 'use.cjs'], dependencies: 'host', hostCacheDir: home, limits: { timeoutMs: 60_000 } });
    assert.equal(result.status, 'PASS', result.stderr);
    assert.match(result.stdout, /DEP from-host-cache/);
    assert.match(result.stdout, /NO-SCRIPT/);
    assert.equal(hashTree(join(home, '.npm')), cacheBefore);
  } finally {
    tree.cleanup();
  }
});

test('fetch without a lockfile to key its cache, and vendored without node_modules, are ERROR outcomes', async () => {
  const tree = tempTree({ 'package.json': '{"name":"p"}', 'a.js': '' });
  try {
    const fetch = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['true'], dependencies: 'fetch' });
    assert.equal(fetch.status, 'ERROR');
    assert.match(fetch.reason ?? '', /fetch needs npm's lockfile \(package-lock\.json or npm-shrinkwrap\.json\)/);
    const vendored = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['true'], dependencies: 'vendored' });
    assert.equal(vendored.status, 'ERROR');
    assert.match(vendored.reason ?? '', /no node_modules/);
  } finally {
    tree.cleanup();
  }
});

test('ecosystems and package managers are detected from their manifests', () => {
  const tree = tempTree({ 'package.json': '{"name":"p","packageManager":"pnpm@9.0.0"}', 'requirements.txt': 'requests\n', 'go.mod': 'module x\n', 'Cargo.toml': '[package]\n' });
  const lock = tempTree({ 'package.json': '{"name":"q"}', 'yarn.lock': '' });
  try {
    assert.deepEqual(detectEcosystems(tree.dir).map((e) => e.name), ['javascript', 'python', 'go', 'rust']);
    assert.equal(detectPackageManager(tree.dir), 'pnpm');
    assert.equal(detectPackageManager(lock.dir), 'yarn');
  } finally {
    tree.cleanup();
    lock.cleanup();
  }
});
