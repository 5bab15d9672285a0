// The invariant of src/foundations/fs/inside.ts over generated layouts: whatever the tree holds (a linked file, a linked folder,
// links pointing in or out, absolute or relative) and whatever path is asked for ('..' segments, absolute paths,
// backslashes), writeInside either refuses with OutsideRootError or writes a plain file whose real path is inside
// the root; nothing outside the root ever changes, and readInside never reads through a link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { OutsideRootError, readInside, writeInside } from '../../../src/foundations/fs/inside.ts';
import { tempDir } from '../../helpers/temp.ts';

type Layout = (root: string, outside: string) => void;

// Each layout plants one kind of link in a tree that also has plain files and folders.
const LAYOUTS: Record<string, Layout> = {
  'plain tree': () => {},
  'file linked to an absolute path outside': (root, outside) => symlinkSync(join(outside, 'price.js'), join(root, 'lib', 'price.js')),
  'file linked by a relative path outside': (root) => symlinkSync('../../outside/price.js', join(root, 'lib', 'price.js')),
  'file linked to a file inside': (root) => symlinkSync('util.js', join(root, 'lib', 'price.js')),
  'folder linked outside': (root, outside) => symlinkSync(outside, join(root, 'lib', 'deep')),
  'folder linked to the root\'s parent': (root) => symlinkSync('..', join(root, 'up')),
  'folder linked inside': (root) => symlinkSync('lib', join(root, 'alias')),
  'dangling link': (root, outside) => symlinkSync(join(outside, 'not-yet.js'), join(root, 'lib', 'new.js')),
};

const PATHS = [
  'lib/price.js',
  'lib/util.js',
  'lib/new.js',
  'lib/deep/price.js',
  'lib/deep/new/file.js',
  'up/outside/price.js',
  'up/root/lib/util.js',
  'alias/util.js',
  'alias/price.js',
  '../outside/price.js',
  'lib/../../outside/price.js',
  'lib/./util.js',
  'lib\\..\\..\\outside\\price.js',
  'fresh/dir/file.js',
  'lib',
];

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      const st = lstatSync(path);
      if (st.isDirectory()) walk(path);
      else out[relative(dir, path)] = st.isSymbolicLink() ? `link` : readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return out;
}

test('no write lands outside the root, over every layout and path (absolute ones included)', (t) => {
  let refused = 0;
  let written = 0;
  for (const [name, plant] of Object.entries(LAYOUTS)) {
    for (const asked of [...PATHS, 'ABSOLUTE']) {
      const base = tempDir(t, 'bh-inside-');
      const root = join(base, 'root');
      const outside = join(base, 'outside');
      mkdirSync(join(root, 'lib'), { recursive: true });
      mkdirSync(outside);
      writeFileSync(join(root, 'lib', 'util.js'), 'util\n');
      writeFileSync(join(outside, 'price.js'), 'outside\n');
      plant(root, outside);
      const path = asked === 'ABSOLUTE' ? join(outside, 'price.js') : asked;
      const before = snapshot(outside);
      const where = `${name}, ${path}`;
      try {
        writeInside(root, path, 'WRITTEN\n');
        written++;
        const landed = realpathSync(join(root, path));
        assert.ok(landed.startsWith(`${realpathSync(root)}/`), `${where}: landed at ${landed}`);
        assert.ok(lstatSync(join(root, path)).isFile(), `${where}: a plain file`);
        assert.equal(readInside(root, path), 'WRITTEN\n', where);
      } catch (error) {
        if (!(error instanceof OutsideRootError)) throw new Error(`${where}: ${(error as Error).message}`, { cause: error });
        refused++;
        assert.throws(() => readInside(root, path), OutsideRootError, `${where}: read refused too`);
      }
      assert.deepEqual(snapshot(outside), before, `${where}: the outside folder changed`);
    }
  }
  assert.ok(refused > 0 && written > 0, `both outcomes occur (${refused} refused, ${written} written)`);
});

test('the refusal names the link and where it points; a plain path is written, its folders made', (t) => {
  const root = tempDir(t, 'bh-inside-');
  mkdirSync(join(root, 'lib'));
  symlinkSync('/etc/hostname', join(root, 'lib', 'price.js'));
  symlinkSync('/tmp', join(root, 'tmp'));
  assert.throws(() => writeInside(root, 'lib/price.js', 'x'), /^OutsideRootError: lib\/price\.js is a symbolic link \(to \/etc\/hostname\)/);
  assert.throws(() => writeInside(root, 'tmp/x/y.js', 'x'), /tmp is a symbolic link \(to \/tmp\): refused for tmp\/x\/y\.js/);
  assert.throws(() => writeInside(root, '../x.js', 'x'), /\.\.\/x\.js is not a relative path inside/);
  writeInside(root, 'a/b/c.js', 'abc');
  assert.equal(readFileSync(join(root, 'a/b/c.js'), 'utf8'), 'abc');
  assert.equal(readInside(root, 'a/missing.js'), null);
  assert.equal(readInside(root, 'nowhere/missing.js'), null);
});
