import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCacheDir } from '../../../src/engines/cache/store.ts';
import { loadCodeIndex } from '../../../src/engines/cache/code-index-load.ts';
import { sha256 } from '../../../src/foundations/hashing/hash.ts';
import { tempDir, writeFiles } from '../../helpers/temp.ts';

const quiet = { warn: () => undefined };
const FILES = {
  'src/a.ts': "import { b } from './b.js';\nexport function a(x: string) {\n  return b(x);\n}\n",
  'src/b.ts': 'export function b(x: string) {\n  return x.trim();\n}\n',
};

test('code-index entries come from the cache on the second load, give the same index, and a changed file is indexed again', async (t) => {
  const root = tempDir(t);
  const cacheDir = tempDir(t);
  writeFiles(root, FILES);
  const inputs = () => Object.keys(FILES).map((path) => ({ path, language: 'typescript', sha256: sha256(readFileSync(join(root, path), 'utf8')) }));
  const first = openCacheDir(cacheDir, quiet);
  const fresh = await loadCodeIndex(root, inputs(), undefined, [], first);
  assert.deepEqual(first.counters()['code-index'], { hits: 0, misses: 2, corrupt: 0, writes: 2 });

  const second = openCacheDir(cacheDir, quiet);
  const cached = await loadCodeIndex(root, inputs(), undefined, [], second);
  assert.deepEqual(second.counters()['code-index'], { hits: 2, misses: 0, corrupt: 0, writes: 0 });
  assert.deepEqual(cached.index, fresh.index);
  assert.deepEqual(cached.index.importers.get('src/b.ts'), ['src/a.ts']);

  appendFileSync(join(root, 'src/b.ts'), 'export const c = 1;\n');
  const third = openCacheDir(cacheDir, quiet);
  const changed = await loadCodeIndex(root, inputs(), undefined, [], third);
  assert.deepEqual(third.counters()['code-index'], { hits: 1, misses: 1, corrupt: 0, writes: 1 });
  assert.ok(changed.index.files.get('src/b.ts')!.exports.some((e) => e.name === 'c'));
});
