import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { containPath } from '../../../src/foundations/fs/paths.ts';
import { readSource } from '../../../src/engines/integrity/source.ts';
import { tempDir } from '../../helpers/temp.ts';

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

test('reading a source: a link to a file outside, and a file inside a linked folder outside, are refused; links inside are read', (t) => {
  const root = realpathSync(tempDir(t));
  const outside = realpathSync(tempDir(t));
  writeFileSync(join(outside, 'secret.ts'), 'export const key = 1;\n');
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src/a.ts'), 'export const a = 1;\n');
  // The last component a link out: resolved before anything is opened.
  symlinkSync(join(outside, 'secret.ts'), join(root, 'src/link.ts'));
  // A folder link out: the file is opened through it, and the descriptor names where it really is.
  symlinkSync(outside, join(root, 'vendor'));
  // Links that stay inside are followed.
  symlinkSync(join(root, 'src/a.ts'), join(root, 'src/alias.ts'));
  symlinkSync(join(root, 'src'), join(root, 'lib'));

  const link = readSource(root, 'src/link.ts');
  assert.deepEqual(link, { ok: false, reason: `src/link.ts is a link to ${join(outside, 'secret.ts')}, outside the repository` });
  const viaFolder = readSource(root, 'vendor/secret.ts');
  assert.deepEqual(viaFolder, { ok: false, reason: `vendor/secret.ts is a link to ${join(outside, 'secret.ts')}, outside the repository` });
  assert.deepEqual(readSource(root, '../x.ts'), { ok: false, reason: '../x.ts resolves outside the repository' });
  // A deleted file (or a link to nothing) is missing, which the ledger reads as gone; a link out is not.
  assert.deepEqual(readSource(root, 'src/missing.ts'), { ok: false, reason: 'src/missing.ts does not exist', missing: true });
  symlinkSync(join(root, 'src/deleted.ts'), join(root, 'src/dangling.ts'));
  assert.deepEqual(readSource(root, 'src/dangling.ts'), { ok: false, reason: 'src/dangling.ts does not exist', missing: true });
  for (const path of ['src/a.ts', 'src/alias.ts', 'lib/a.ts']) {
    const source = readSource(root, path);
    assert.equal(source.ok && source.content, 'export const a = 1;\n', path);
  }
});
