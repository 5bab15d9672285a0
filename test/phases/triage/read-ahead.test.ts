import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAll, type ReadItem } from '../../../src/phases/triage/read-ahead.ts';
import { runTriage, TRIAGE_DEFAULTS } from '../../../src/phases/triage/index.ts';
import { gitRepo, tempDir, writeFiles } from '../../helpers/temp.ts';
import { phaseContext } from './context.ts';

// Every outcome as plain data; bytes become text, since they are only valid until the next batch.
async function readEverything(root: string, paths: string[], maxBytes: number, workerFrom: number) {
  const out: Array<{ index: number; kind: string; text?: string; sha256?: string; detail?: string; reason?: string }> = [];
  for await (const batch of readAll(root, paths, maxBytes, new Set(paths), { workerFrom })) {
    for (const { index, outcome } of batch as ReadItem[]) {
      if (outcome.kind === 'bytes') out.push({ index, kind: 'bytes', text: outcome.bytes.toString('utf8'), ...(outcome.sha256 ? { sha256: outcome.sha256 } : {}) });
      else out.push({ index, kind: 'skip', reason: outcome.reason, detail: outcome.detail });
    }
  }
  return out;
}

test('the reading thread gives the same outcomes as reading in-line, for every kind of listed path', async (t) => {
  const root = realpathSync(tempDir(t));
  const outside = tempDir(t, 'bh-outside-');
  writeFileSync(join(outside, 'secret.js'), 'x');
  writeFiles(root, { 'a.js': 'const a = 1;\n', 'empty.js': '', 'big.js': 'x'.repeat(5000), 'dir/inner.js': 'y' });
  // Enough files to fill several batches and send buffers back and forth.
  for (let i = 0; i < 400; i++) writeFiles(root, { [`many/f${i}.js`]: `export const v${i} = '${'z'.repeat(i * 7)}';\n` });
  symlinkSync('a.js', join(root, 'alias.js'));
  symlinkSync(join(outside, 'secret.js'), join(root, 'escape.js'));
  symlinkSync('nowhere.js', join(root, 'dangling.js'));
  mkdirSync(join(root, 'folder.js'));
  execFileSync('mkfifo', [join(root, 'pipe.js')]);
  const paths = ['a.js', 'empty.js', 'big.js', 'dir/inner.js', 'alias.js', 'escape.js', 'dangling.js', 'folder.js', 'pipe.js', 'missing.js', ...Array.from({ length: 400 }, (_, i) => `many/f${i}.js`)];
  const inline = await readEverything(root, paths, 4096, Number.POSITIVE_INFINITY);
  const threaded = await readEverything(root, paths, 4096, 0);
  assert.equal(inline.length, paths.length);
  assert.deepEqual(inline.map((o) => o.index), paths.map((_, i) => i), 'in order, one outcome per path');
  // The thread also hashes what it read; the hash must be the bytes' sha256.
  for (const o of threaded.filter((x) => x.kind === 'bytes' && x.index !== 4)) {
    assert.equal(o.sha256, createHash('sha256').update(o.text as string).digest('hex'), paths[o.index]);
  }
  assert.deepEqual(
    threaded.map((o) => ({ ...o, sha256: undefined })).map((o) => JSON.parse(JSON.stringify(o))),
    inline,
  );
  const reasons = Object.fromEntries(inline.slice(0, 10).map((o) => [paths[o.index], o.reason ?? o.kind]));
  assert.deepEqual(reasons, {
    'a.js': 'bytes',
    'empty.js': 'bytes',
    'big.js': 'huge',
    'dir/inner.js': 'bytes',
    'alias.js': 'duplicate',
    'escape.js': 'symlink-escape',
    'dangling.js': 'unreadable',
    'folder.js': 'not-source',
    'pipe.js': 'unreadable',
    'missing.js': 'unreadable',
  });
});

test('stopping early ends the reading thread (the loop can be left at any batch)', async (t) => {
  const root = realpathSync(tempDir(t));
  for (let i = 0; i < 50; i++) writeFiles(root, { [`f${i}.js`]: 'x'.repeat(100_000) });
  const paths = Array.from({ length: 50 }, (_, i) => `f${i}.js`);
  let batches = 0;
  for await (const batch of readAll(root, paths, 1 << 20, new Set(paths), { workerFrom: 0 })) {
    assert.ok(batch.length > 0);
    if (++batches === 1) break;
  }
  assert.equal(batches, 1);
});

test('triage with the reading thread writes the same artifact as triage reading in-line', async (t) => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 60; i++) files[`src/m${i}.ts`] = i % 3 === 0 ? `import { exec } from 'node:child_process';\nexport const run${i} = (req) => exec(req.query.x);\n` : `export const v${i} = ${i};\n`;
  files['src/m1.test.ts'] = "import { v1 } from './m1';\n";
  const dir = gitRepo(t, files);
  const inline = await runTriage(phaseContext(dir), { ...TRIAGE_DEFAULTS, readWorkerFrom: Number.POSITIVE_INFINITY });
  const threaded = await runTriage(phaseContext(dir), { ...TRIAGE_DEFAULTS, readWorkerFrom: 0 });
  assert.equal(inline.body.files.length, 61);
  assert.deepEqual(threaded.body, inline.body);
});
