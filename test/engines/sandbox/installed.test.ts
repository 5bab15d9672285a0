// The installed dependencies a sandboxed run binds (src/engines/sandbox/installed.ts), read on a real tree: the
// node_modules folders of a tree (nearest first, none inside another, none under .git), and the link walk that
// refuses a link leading outside the repository and every store — done on every call, so a link changed deep in the
// tree (or the target it leads through) since an earlier call is judged as it is now. The invariant on generated
// trees: installed-links-property.test.ts.
import assert from 'node:assert/strict';
import { rmSync, symlinkSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { installedDependencies, linkWalkCount, nodeModulesUnder } from '../../../src/engines/sandbox/installed.ts';
import { tempDir, writeFiles } from '../../helpers/temp.ts';

test('node_modules folders of a tree: nearest first, none inside another node_modules, none under .git; a linked one counts', (t) => {
  const tree = tempDir(t, 'bh-installed-');
  writeFiles(tree, {
    'node_modules/a/index.js': '',
    'node_modules/a/node_modules/b/index.js': '',
    'packages/z/node_modules/c/index.js': '',
    'packages/a/node_modules/d/index.js': '',
    '.git/node_modules/x': '',
    'src/index.js': '',
    'elsewhere/real/e.js': '',
  });
  symlinkSync(join(tree, 'elsewhere', 'real'), join(tree, 'src', 'node_modules'));
  assert.deepEqual(nodeModulesUnder(tree), ['node_modules', 'src/node_modules', 'packages/a/node_modules', 'packages/z/node_modules']);
});

test('every call walks the links again: a link repointed deep in the tree after a walk is refused, the folder and its install records unchanged', (t) => {
  const repo = tempDir(t, 'bh-installed-');
  const outside = tempDir(t, 'bh-installed-outside-');
  writeFiles(repo, { 'node_modules/.pnpm/dep@1.0.0/node_modules/dep/index.js': '', 'node_modules/deep/lib/x.js': '', 'node_modules/.package-lock.json': '{}' });
  writeFiles(outside, { 'secret/index.js': '' });
  const nm = join(repo, 'node_modules');
  symlinkSync('.pnpm/dep@1.0.0/node_modules/dep', join(nm, 'dep'));
  symlinkSync(join(nm, 'dep'), join(nm, 'deep', 'lib', 'link'));
  const record = join(nm, '.package-lock.json');
  const settle = () => {
    utimesSync(record, 1_000_000, 1_000_000);
    utimesSync(nm, 1_000_000, 1_000_000);
  };
  settle();
  const walks = linkWalkCount();
  const first = installedDependencies(repo, ['node_modules'], []);
  assert.deepEqual(first, { kind: 'bind', from: repo, binds: [{ host: nm, rel: 'node_modules' }], stores: [] });
  assert.deepEqual(installedDependencies(repo, ['node_modules'], []), first);
  assert.equal(linkWalkCount() - walks, 2, 'each call walked the folder');

  // The deep link now leads outside; the folder's mtime and its install record are as they were.
  rmSync(join(nm, 'deep', 'lib', 'link'));
  symlinkSync(join(outside, 'secret'), join(nm, 'deep', 'lib', 'link'));
  settle();
  const refused = installedDependencies(repo, ['node_modules'], []);
  assert.equal(refused.kind, 'refused');
  assert.match(refused.kind === 'refused' ? refused.reason : '', /node_modules\/deep\/lib\/link is a symbolic link to .*secret, outside the repository/);

  // Into a store it is bound, and the store is named; repointed outside again, refused again.
  const stored = installedDependencies(repo, ['node_modules'], [outside]);
  assert.deepEqual(stored.kind === 'bind' ? stored.stores : stored, [outside]);
  rmSync(join(nm, 'deep', 'lib', 'link'));
  symlinkSync('/', join(nm, 'deep', 'lib', 'link'));
  settle();
  assert.equal(installedDependencies(repo, ['node_modules'], [outside]).kind, 'refused');
});

test('a link whose target in the repository is later replaced by a link outside is refused, nothing under node_modules changed', (t) => {
  const repo = tempDir(t, 'bh-installed-');
  const outside = tempDir(t, 'bh-installed-outside-');
  writeFiles(repo, { 'node_modules/a/index.js': '', 'packages/shared/index.js': '' });
  writeFiles(outside, { 'secret/index.js': '' });
  symlinkSync(join(repo, 'packages', 'shared'), join(repo, 'node_modules', 'a', 'shared'));
  assert.equal(installedDependencies(repo, ['node_modules'], []).kind, 'bind');
  rmSync(join(repo, 'packages', 'shared'), { recursive: true });
  symlinkSync(join(outside, 'secret'), join(repo, 'packages', 'shared'));
  const refused = installedDependencies(repo, ['node_modules'], []);
  assert.equal(refused.kind, 'refused');
  assert.match(refused.kind === 'refused' ? refused.reason : '', /node_modules\/a\/shared is a symbolic link to .*secret/);
});
