// Dependencies reach the sandbox the way they reach the developer (issue 45, item 1): a linked git worktree has no
// node_modules of its own (git ignores them), so a run in it binds the main working tree's read-only, one per
// package the worktree holds too (workspaces); links under them must lead into the repository or a package store,
// or nothing is bound and the link is named; --deps off never binds; Yarn Plug'n'Play is said unsupported.
// Real git worktrees, real bubblewrap.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { runSandboxed } from '../../../src/engines/sandbox/index.ts';
import { describeBackends } from '../../../src/engines/sandbox/select.ts';
import type { DependencyStrategy } from '../../../src/engines/sandbox/types.ts';
import { assertAvailable, skipWithout } from '../../helpers/ci-skip.ts';
import { git, tempDir, writeFiles } from '../../helpers/temp.ts';
import { bwrap, hashTree } from './helpers.ts';

const bwrapWorks = describeBackends({ backend: 'bwrap' }).find((r) => r.name === 'bwrap')?.available === true;
const skip = skipWithout(bwrapWorks, 'bubblewrap');

const USE = (name: string) => `try { console.log("DEP", require(${JSON.stringify(name)})); } catch (e) { console.log("NO-DEP", e.code); process.exit(4); }\n`;

/** A repository whose node_modules git ignores, installed in the main tree only, and a linked worktree of it. */
function repoWithWorktree(t: TestContext, files: Record<string, string>, installed: Record<string, string>): { main: string; worktree: string } {
  const root = tempDir(t, 'bh-wt-deps-');
  const main = join(root, 'main');
  mkdirSync(main);
  writeFiles(main, { '.gitignore': 'node_modules/\n', ...files });
  git(main, 'init', '-q', '-b', 'main');
  git(main, 'add', '.');
  git(main, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'the package');
  writeFiles(main, installed);
  const worktree = join(root, 'worktree');
  git(main, 'worktree', 'add', '--detach', '--quiet', worktree, 'HEAD');
  return { main, worktree };
}

const run = (workspace: string, argv: string[], dependencies?: DependencyStrategy) =>
  runSandboxed(bwrap(), { workspace, argv, limits: { timeoutMs: 30_000 }, ...(dependencies ? { dependencies } : {}) });

test("a worktree run binds the main tree's gitignored node_modules read-only under auto and host; off never binds", { skip }, async (t) => {
  assertAvailable(bwrapWorks, 'bubblewrap');
  const { main, worktree } = repoWithWorktree(
    t,
    { 'package.json': '{"name":"p","version":"1.0.0"}', 'use.cjs': `${USE('tiny-dep-bh')}require('fs').writeFileSync('node_modules/written', 'x');\n` },
    { 'node_modules/tiny-dep-bh/index.js': 'module.exports = "installed-in-main";' },
  );
  const before = hashTree(main);
  for (const strategy of [undefined, 'auto', 'host'] as const) {
    const result = await run(worktree, ['node', 'use.cjs'], strategy);
    // The dependency loads; the write into the bound folder is refused (read-only), failing the script after the load.
    assert.match(result.stdout, /DEP installed-in-main/, `${strategy ?? 'default'}: ${result.reason ?? ''} ${result.stderr}`);
    assert.match(result.stderr, /EROFS|read-only file system/i, `${strategy ?? 'default'}: the bind is read-only`);
  }
  const off = await run(worktree, ['node', 'use.cjs'], 'off');
  assert.equal(off.status, 'FAIL');
  assert.match(off.stdout, /NO-DEP MODULE_NOT_FOUND/);
  assert.equal(hashTree(main), before, 'the main tree is never written');
});

test("workspaces: each package's node_modules is bound, and pnpm-style links into node_modules/.pnpm resolve", { skip }, async (t) => {
  assertAvailable(bwrapWorks, 'bubblewrap');
  const { main, worktree } = repoWithWorktree(
    t,
    {
      'package.json': '{"name":"root","version":"1.0.0","private":true,"workspaces":["packages/*"]}',
      'pnpm-workspace.yaml': "packages:\n  - 'packages/*'\n",
      'packages/a/package.json': '{"name":"a","version":"1.0.0"}',
      'packages/a/use.cjs': `${USE('dep-a')}${USE('dep-root')}`,
    },
    {
      'node_modules/.pnpm/dep-root@1.0.0/node_modules/dep-root/index.js': 'module.exports = "root-via-pnpm-store";',
      'packages/a/node_modules/.keep': '',
      'node_modules/.pnpm/dep-a@1.0.0/node_modules/dep-a/index.js': 'module.exports = "a-via-pnpm-store";',
    },
  );
  symlinkSync('.pnpm/dep-root@1.0.0/node_modules/dep-root', join(main, 'node_modules', 'dep-root'));
  symlinkSync('../../../node_modules/.pnpm/dep-a@1.0.0/node_modules/dep-a', join(main, 'packages', 'a', 'node_modules', 'dep-a'));
  const result = await runSandboxed(bwrap(), { workspace: worktree, cwd: 'packages/a', argv: ['node', 'use.cjs'], limits: { timeoutMs: 30_000 } });
  assert.equal(result.status, 'PASS', `${result.reason ?? ''} ${result.stdout} ${result.stderr}`);
  assert.match(result.stdout, /DEP a-via-pnpm-store/);
  assert.match(result.stdout, /DEP root-via-pnpm-store/);
});

test('a link under node_modules that leads outside the repository and every store refuses the bind, naming the link', { skip }, async (t) => {
  assertAvailable(bwrapWorks, 'bubblewrap');
  const outside = tempDir(t, 'bh-wt-outside-');
  writeFiles(outside, { 'secret/index.js': 'module.exports = "host-secret";' });
  const { main, worktree } = repoWithWorktree(t, { 'package.json': '{"name":"p","version":"1.0.0"}', 'use.cjs': USE('leak') }, { 'node_modules/fine/index.js': 'module.exports = 1;' });
  symlinkSync(join(outside, 'secret'), join(main, 'node_modules', 'leak'));
  const result = await run(worktree, ['node', 'use.cjs']);
  assert.equal(result.status, 'ERROR');
  assert.match(result.reason ?? '', new RegExp(`node_modules/leak is a symbolic link to ${outside}/secret, outside the repository and the package manager's store`));
  assert.doesNotMatch(result.stdout, /host-secret/);

  // The same link into a configured package store is allowed: the store is bound read-only at its own path.
  const saved = process.env.BUG_HUNTER_DEPS_STORE;
  process.env.BUG_HUNTER_DEPS_STORE = outside;
  t.after(() => (saved === undefined ? delete process.env.BUG_HUNTER_DEPS_STORE : (process.env.BUG_HUNTER_DEPS_STORE = saved)));
  const stored = await run(worktree, ['node', 'use.cjs']);
  assert.equal(stored.status, 'PASS', `${stored.reason ?? ''} ${stored.stderr}`);
  assert.match(stored.stdout, /DEP host-secret/);
});

test("Yarn Plug'n'Play is detected and said unsupported rather than half-run (off still runs without dependencies)", { skip }, async (t) => {
  assertAvailable(bwrapWorks, 'bubblewrap');
  const { worktree } = repoWithWorktree(t, { 'package.json': '{"name":"p","version":"1.0.0","packageManager":"yarn@4.1.0"}', '.pnp.cjs': '// the loader\n', 'use.cjs': USE('dep') }, {});
  for (const strategy of [undefined, 'host', 'fetch'] as const) {
    const result = await run(worktree, ['node', 'use.cjs'], strategy);
    assert.equal(result.status, 'ERROR', strategy);
    assert.match(result.reason ?? '', /Yarn Plug'n'Play \(.*\.pnp\.cjs\) is not supported/);
  }
  const off = await run(worktree, ['node', 'use.cjs'], 'off');
  assert.equal(off.status, 'FAIL');
});

test("a worktree made from a tree that is itself a linked worktree binds that tree's node_modules (installedFrom), not the main tree's", { skip }, async (t) => {
  assertAvailable(bwrapWorks, 'bubblewrap');
  const { main } = repoWithWorktree(t, { 'package.json': '{"name":"p","version":"1.0.0"}', 'use.cjs': USE('tiny-dep-bh') }, { 'node_modules/tiny-dep-bh/index.js': 'module.exports = "the-main-tree";' });
  // The developer works in a linked worktree of their own, with its own install; the fixer's worktree is made from it.
  const developer = join(tempDir(t, 'bh-wt-dev-'), 'dev');
  git(main, 'worktree', 'add', '--detach', '--quiet', developer, 'HEAD');
  writeFiles(developer, { 'node_modules/tiny-dep-bh/index.js': 'module.exports = "the-developer-tree";' });
  const fixer = join(tempDir(t, 'bh-wt-fixer-'), 'fix');
  git(developer, 'worktree', 'add', '--detach', '--quiet', fixer, 'HEAD');
  const mine = await runSandboxed(bwrap(), { workspace: fixer, argv: ['node', 'use.cjs'], installedFrom: developer, limits: { timeoutMs: 30_000 } });
  assert.equal(mine.status, 'PASS', `${mine.reason ?? ''} ${mine.stderr}`);
  assert.match(mine.stdout, /DEP the-developer-tree/);
  const fallback = await run(fixer, ['node', 'use.cjs']);
  assert.match(fallback.stdout, /DEP the-main-tree/, 'without it, the main working tree');
});
