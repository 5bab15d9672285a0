import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { containPath } from '../../src/integrity/paths.ts';
import { tempDir } from '../helpers/temp.ts';

test('a path inside the repository resolves to its real path', (t) => {
  const root = tempDir(t);
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src/a.js'), '');
  const r = containPath(root, 'src/a.js');
  assert.deepEqual(r, { ok: true, absolute: join(root, 'src/a.js'), relative: 'src/a.js' });
});

test('".." that leaves the repository is rejected', (t) => {
  const root = tempDir(t);
  const r = containPath(root, '../etc/passwd');
  assert.equal(r.ok, false);
  assert.equal(!r.ok && r.reason, 'escapes');
});

test('a symlink inside the repository that points outside is rejected', (t) => {
  const root = tempDir(t);
  const outside = tempDir(t);
  writeFileSync(join(outside, 'secret.txt'), 'x');
  symlinkSync(join(outside, 'secret.txt'), join(root, 'link.txt'));
  const r = containPath(root, 'link.txt');
  assert.equal(r.ok, false);
  assert.match(!r.ok ? r.detail : '', /outside the repository/);
});
