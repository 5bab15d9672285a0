// Resolving a relative import among the repository's files (resolveJs): the same folder, a parent folder, the parent
// itself, and what stays unresolved (a path leaving the repository, a package name).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveContext, resolveJs } from '../../../src/engines/static/resolve.ts';

const ctx = resolveContext(['src/routes/user.ts', 'src/lib/db.ts', 'src/index.ts', 'src/util.js', 'top.ts']);

test('an import from the parent folder resolves like one from the same folder', () => {
  assert.equal(resolveJs('src/routes/user.ts', '../lib/db', ctx), 'src/lib/db.ts');
  assert.equal(resolveJs('src/routes/user.ts', '../lib/db.js', ctx), 'src/lib/db.ts');
  assert.equal(resolveJs('src/routes/user.ts', '../util.js', ctx), 'src/util.js');
  assert.equal(resolveJs('src/routes/user.ts', '..', ctx), 'src/index.ts');
  assert.equal(resolveJs('src/routes/user.ts', '../../top', ctx), 'top.ts');
  assert.equal(resolveJs('src/lib/db.ts', './db', ctx), 'src/lib/db.ts');
});

test('a path leaving the repository and a package name stay unresolved', () => {
  assert.equal(resolveJs('src/routes/user.ts', '../../../outside', ctx), undefined);
  assert.equal(resolveJs('src/routes/user.ts', 'express', ctx), undefined);
  assert.equal(resolveJs('src/routes/user.ts', '../lib/missing', ctx), undefined);
});
