// The `fetch` dependency strategy (issue 45, item 1) against a registry stand-in on 127.0.0.1: one online prefetch
// with lifecycle scripts off into a cache keyed by the lockfile's hash, then an offline install from that cache,
// read-only, in the sandbox for every later run — with the registry gone. npm and pnpm, real bubblewrap.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runSandboxed } from '../../../src/engines/sandbox/index.ts';
import { describeBackends } from '../../../src/engines/sandbox/select.ts';
import { assertAvailable, skipWithout } from '../../helpers/ci-skip.ts';
import { startRegistryStandIn } from '../../helpers/registry-stand-in.ts';
import { tempDir, writeFiles } from '../../helpers/temp.ts';
import { bwrap, hashTree } from './helpers.ts';

const bwrapWorks = describeBackends({ backend: 'bwrap' }).find((r) => r.name === 'bwrap')?.available === true;
const skip = skipWithout(bwrapWorks, 'bubblewrap');

const USE = 'try { console.log("DEP", require("tiny-fetch-bh")); } catch (e) { console.log("NO-DEP", e.code); process.exit(4); }\n';

async function world(t: TestContext, manager: 'npm' | 'pnpm', omitResolved = false) {
  const root = tempDir(t, `bh-fetch-${manager}-`);
  const marker = join(root, 'lifecycle-script-ran');
  writeFiles(root, {
    'dep/package.json': JSON.stringify({ name: 'tiny-fetch-bh', version: '1.0.0', main: 'index.js', scripts: { postinstall: `node -e "require('fs').writeFileSync('${marker}', 'ran')"` } }),
    'dep/index.js': 'module.exports = "from-the-registry-stand-in";\n',
    'proj/package.json': JSON.stringify({ name: 'proj', version: '1.0.0', dependencies: { 'tiny-fetch-bh': '1.0.0' }, ...(manager === 'pnpm' ? { packageManager: 'pnpm@9.15.9' } : {}) }),
    'proj/use.cjs': USE,
    // The repository's own settings never reach the prefetch: this one would send it elsewhere.
    'proj/.npmrc': 'registry=http://127.0.0.1:9/\n',
  });
  const registry = await startRegistryStandIn([{ name: 'tiny-fetch-bh', version: '1.0.0', dir: join(root, 'dep') }]);
  let closed = false;
  t.after(() => (closed ? undefined : registry.close()));
  const saved = process.env.npm_config_registry;
  process.env.npm_config_registry = `${registry.url}/`;
  t.after(() => (saved === undefined ? delete process.env.npm_config_registry : (process.env.npm_config_registry = saved)));
  // The lockfile, made by the package manager itself against the stand-in (no scripts, nothing installed); never a
  // synchronous spawn, which would stop this process's stand-in from answering.
  const lockEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: root, npm_config_registry: `${registry.url}/`, npm_config_cache: join(root, 'lock-cache'), npm_config_userconfig: join(root, 'none.npmrc') };
  const lockArgs = manager === 'npm' ? ['install', '--package-lock-only', '--ignore-scripts', `--registry=${registry.url}/`, ...(omitResolved ? ['--omit-lockfile-registry-resolved'] : [])] : ['install', '--lockfile-only', '--ignore-scripts', `--registry=${registry.url}/`, `--store-dir=${join(root, 'lock-store')}`];
  await promisify(execFile)(manager, lockArgs, { cwd: join(root, 'proj'), env: lockEnv, timeout: 120_000 });
  registry.requests.length = 0;
  return { root, marker, proj: join(root, 'proj'), cache: join(root, 'fetch-cache'), registry, close: async () => ((closed = true), await registry.close()) };
}

// A lockfile without `resolved` URLs (npm's omit-lockfile-registry-resolved, as source-map 0.2.0's was made) makes
// npm read each packument from the cache: a read-only cache alone did not serve it (ENOTCACHED).
for (const [manager, omitResolved] of [['npm', false], ['npm', true], ['pnpm', false]] as const) {
  test(`${manager}${omitResolved ? ' (lockfile without resolved URLs)' : ''}: one online prefetch (scripts off) into a cache keyed by the lockfile, then offline read-only installs with the registry gone`, { skip }, async (t) => {
    assertAvailable(bwrapWorks, 'bubblewrap');
    const w = await world(t, manager, omitResolved);
    const run = () => runSandboxed(bwrap(), { workspace: w.proj, argv: ['node', 'use.cjs'], dependencies: 'fetch', fetchCacheDir: w.cache, limits: { timeoutMs: 120_000 } });

    const first = await run();
    assert.equal(first.status, 'PASS', `${first.reason ?? ''}\n${first.stdout}\n${first.stderr}`);
    assert.match(first.stdout, /DEP from-the-registry-stand-in/);
    assert.ok(w.registry.requests.some((p) => p.endsWith('/tiny-fetch-bh-1.0.0.tgz')), `the prefetch asked the stand-in: ${w.registry.requests.join(', ')}`);
    const keyed = readdirSync(w.cache).filter((n) => !n.startsWith('.'));
    assert.equal(keyed.length, 1);
    assert.match(keyed[0]!, new RegExp(`^${manager}-[0-9a-f]{16}$`));
    const cacheBefore = hashTree(join(w.cache, keyed[0]!));

    await w.close();
    const second = await run();
    assert.equal(second.status, 'PASS', `${second.reason ?? ''}\n${second.stderr}`);
    assert.match(second.stdout, /DEP from-the-registry-stand-in/);
    assert.equal(hashTree(join(w.cache, keyed[0]!)), cacheBefore, 'the cache is read-only to the sandbox');
    assert.equal(existsSync(w.marker), false, 'no lifecycle script ran, in the prefetch or the install');
    assert.ok(!existsSync(join(w.proj, 'node_modules')), 'the tree itself is never written');

    // A cache that cannot serve the install: the command never runs, and that is an ERROR naming the install, not a FAIL.
    rmSync(join(w.cache, keyed[0]!), { recursive: true });
    mkdirSync(join(w.cache, keyed[0]!));
    const broken = await run();
    assert.equal(broken.status, 'ERROR', broken.stderr);
    assert.match(broken.reason ?? '', /^dependencies: the offline install before the command \(--deps fetch\) failed: /);
    assert.doesNotMatch(broken.stdout, /NO-DEP|DEP from/);
  });
}

test('a prefetch that cannot reach the registry is an ERROR naming the prefetch, and nothing half-fetched is kept', { skip }, async (t) => {
  assertAvailable(bwrapWorks, 'bubblewrap');
  const w = await world(t, 'npm');
  await w.close();
  // The user's own npm settings reach the prefetch: no retries, so the refused connection is the answer at once.
  const saved = process.env.npm_config_fetch_retries;
  process.env.npm_config_fetch_retries = '0';
  t.after(() => (saved === undefined ? delete process.env.npm_config_fetch_retries : (process.env.npm_config_fetch_retries = saved)));
  const result = await runSandboxed(bwrap(), { workspace: w.proj, argv: ['node', 'use.cjs'], dependencies: 'fetch', fetchCacheDir: w.cache, limits: { timeoutMs: 120_000 } });
  assert.equal(result.status, 'ERROR');
  assert.match(result.reason ?? '', /dependencies: the npm prefetch \(npm ci, lifecycle scripts off\) failed/);
  assert.deepEqual(readdirSync(w.cache), []);
});
