import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { sourceLister, sourceReader } from '../../../../scripts/corpora/secbench/fetch.ts';
import { pinSecbenchCase } from '../../../../scripts/corpora/secbench/pins.ts';
import { sourceDir } from '../../../../scripts/corpora/real-world/fetch.ts';
import { tempDir, writeFiles } from '../../../helpers/temp.ts';

const fetched = (cache: string, name: string, version: string, files: Record<string, string>): string => {
  const root = sourceDir(cache, name, version);
  mkdirSync(root, { recursive: true });
  writeFiles(root, files);
  return root;
};

test('the lister walks a fetched version on disk: nested files, node_modules skipped, links not followed; nothing for a version not fetched', (t) => {
  const cache = tempDir(t);
  const root = fetched(cache, '@scope/pkg', '1.0.0', {
    'package.json': '{}', 'lib/a.js': 'a', 'lib/deep/b.js': 'b', 'node_modules/dep/index.js': 'x', 'src/node_modules/z.js': 'z',
  });
  symlinkSync(join(root, 'lib'), join(root, 'linked-dir'));
  symlinkSync(join(root, 'lib/a.js'), join(root, 'linked.js'));
  const list = sourceLister(cache, '@scope/pkg');
  assert.deepEqual([...list('1.0.0')].sort(), ['lib/a.js', 'lib/deep/b.js', 'package.json']);
  assert.deepEqual(list('2.0.0'), []);
  // a version fetched after a first (empty) answer is listed then
  fetched(cache, '@scope/pkg', '2.0.0', { 'index.js': 'i' });
  assert.deepEqual(list('2.0.0'), ['index.js']);
});

test('a bare sink name pins to its one namesake in the fetched tree, read back through the real reader', (t) => {
  const cache = tempDir(t);
  const lines = ['function parse(s) {', '  return /^(a+)+$/.test(s);', '}', 'module.exports = parse;'].join('\n');
  fetched(cache, 'bare', '1.0.0', { 'src/parse.js': lines, 'node_modules/x/parse.js': 'other' });
  fetched(cache, 'bare', '1.0.1', { 'src/parse.js': lines });
  const c = { id: 'c1', class: 'redos', package: 'bare', version: '1.0.0', fixedVersion: '1.0.1', sink: { file: 'parse.js', line: 2 }, advisory: null } as const;
  const pin = pinSecbenchCase(c, sourceReader(cache, 'bare'), sourceLister(cache, 'bare'));
  assert.equal(pin.ok, true);
  assert.ok(pin.ok);
  assert.equal(pin.vulnerable.file, 'src/parse.js');
  assert.equal(pin.fixed?.file, 'src/parse.js');
  assert.equal(pin.functionName, 'parse');
});
