// The installed dependencies a sandboxed run binds (src/engines/sandbox/installed.ts), read on a real tree: the
// node_modules folders of a tree (nearest first, none inside another, none under .git), and the link walk that
// refuses a link leading outside the repository and every store — done once per folder and process while the folder
// and its install records are unchanged, again when they change or the stores do.
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
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

test('the link walk of a folder is done once while it and its install records are unchanged, again when they or the stores change', (t) => {
  const repo = tempDir(t, 'bh-installed-');
  const outside = tempDir(t, 'bh-installed-outside-');
  writeFiles(repo, { 'node_modules/.pnpm/dep@1.0.0/node_modules/dep/index.js': '', 'node_modules/deep/lib/x.js': '', 'node_modules/.package-lock.json': '{}' });
  writeFiles(outside, { 'secret/index.js': '' });
  const nm = join(repo, 'node_modules');
  symlinkSync('.pnpm/dep@1.0.0/node_modules/dep', join(nm, 'dep'));
  const record = join(nm, '.package-lock.json');
  utimesSync(record, 1_000_000, 1_000_000);
  utimesSync(nm, 1_000_000, 1_000_000);
  const walks = linkWalkCount();
  const first = installedDependencies(repo, ['node_modules'], []);
  assert.deepEqual(first, { kind: 'bind', from: repo, binds: [{ host: nm, rel: 'node_modules' }], stores: [] });
  assert.deepEqual(installedDependencies(repo, ['node_modules'], []), first);
  assert.equal(linkWalkCount() - walks, 1, 'the unchanged folder was walked once');

  // A link into a store: other stores are another question, walked again, and the store used is named.
  symlinkSync(join(outside, 'secret'), join(nm, 'deep', 'lib', 'leak'));
  const stored = installedDependencies(repo, ['node_modules'], [outside]);
  assert.equal(linkWalkCount() - walks, 2);
  assert.deepEqual(stored.kind === 'bind' ? stored.stores : stored, [outside]);
  assert.deepEqual(installedDependencies(repo, ['node_modules'], [outside]), stored, 'the store used is kept with the walk');
  assert.equal(linkWalkCount() - walks, 2);

  // An install rewrites its record (npm's .package-lock.json): the folder is walked again and the escaping link found.
  writeFileSync(record, '{"lockfileVersion":3}');
  utimesSync(record, 1_500_000, 1_500_000);
  utimesSync(nm, 1_000_000, 1_000_000);
  const refused = installedDependencies(repo, ['node_modules'], []);
  assert.equal(linkWalkCount() - walks, 3);
  assert.equal(refused.kind, 'refused');
  assert.match(refused.kind === 'refused' ? refused.reason : '', /node_modules\/deep\/lib\/leak is a symbolic link to .*secret, outside the repository/);

  // A new top-level entry changes the folder's mtime: walked again.
  mkdirSync(join(nm, 'added'));
  utimesSync(nm, 2_000_000, 2_000_000);
  installedDependencies(repo, ['node_modules'], []);
  assert.equal(linkWalkCount() - walks, 4);
});
