import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BATCH, startAnalysis, threadsFor } from '../../../src/phases/triage/analyze-all.ts';
import { resolveLink, type SourceItem } from '../../../src/phases/triage/analyze.ts';
import { runTriage, TRIAGE_DEFAULTS } from '../../../src/phases/triage/index.ts';
import { gitRepo, tempDir, writeFiles } from '../../helpers/temp.ts';
import { phaseContext } from './context.ts';

// Every outcome by index (a symlink resolved as the phase does), and the order in which the batches came.
async function analyseEverything(root: string, paths: string[], maxBytes: number, workers: number) {
  const items: SourceItem[] = paths.map((path) => ({ path, language: 'javascript', isTest: false }));
  const out: unknown[] = Array.from({ length: paths.length });
  const starts: number[] = [];
  const analysis = startAnalysis(root, maxBytes, workers);
  try {
    for await (const { start, outcomes } of analysis.run(items)) {
      starts.push(start);
      outcomes.forEach((o, i) => (out[start + i] = o.kind === 'link' ? resolveLink(root, items[start + i] as SourceItem, maxBytes, new Set(paths)) : o));
    }
  } finally {
    await analysis.close();
  }
  return { out, starts };
}

test('worker threads and the main thread together give the same outcomes as the in-line path, for every kind of listed path', async (t) => {
  const root = realpathSync(tempDir(t));
  const outside = tempDir(t, 'bh-outside-');
  writeFileSync(join(outside, 'secret.js'), 'x');
  writeFiles(root, { 'a.js': "const a = 1;\nexec('ls');\n", 'empty.js': '', 'big.js': 'x'.repeat(5000), 'dir/inner.js': 'y', 'bin.js': 'a\0b' });
  // Enough files for several batches per worker.
  for (let i = 0; i < 3 * BATCH; i++) writeFiles(root, { [`many/f${i}.js`]: `export const v${i} = '${'z'.repeat(i % 50)}';\nif (req.query.x) fs.readFileSync(x);\n` });
  symlinkSync('a.js', join(root, 'alias.js'));
  symlinkSync('many/f1.js', join(root, 'unlisted-target.js'));
  symlinkSync(join(outside, 'secret.js'), join(root, 'escape.js'));
  symlinkSync('nowhere.js', join(root, 'dangling.js'));
  mkdirSync(join(root, 'folder.js'));
  execFileSync('mkfifo', [join(root, 'pipe.js')]);
  const named = ['a.js', 'empty.js', 'big.js', 'dir/inner.js', 'bin.js', 'alias.js', 'escape.js', 'dangling.js', 'folder.js', 'pipe.js', 'missing.js'];
  const paths = [...named, ...Array.from({ length: 3 * BATCH }, (_, i) => `many/f${i}.js`)];
  // unlisted-target.js is listed, its target is not among the listed paths: it is read through the link.
  paths.splice(300, 0, 'unlisted-target.js');
  const paths2 = paths.filter((p) => p !== 'many/f1.js');
  const inline = await analyseEverything(root, paths2, 4096, 0);
  const threaded = await analyseEverything(root, paths2, 4096, 3);
  assert.deepEqual(inline.starts, Array.from({ length: Math.ceil(paths2.length / BATCH) }, (_, b) => b * BATCH), 'in-line: in order');
  assert.deepEqual([...threaded.starts].sort((a, b) => a - b), inline.starts, 'threads: every batch once');
  assert.deepEqual(threaded.out, inline.out);
  const outcome = (path: string) => inline.out[paths2.indexOf(path)] as { kind: string; facts?: { sha256: string; signals: Array<{ signal: string }> }; skip?: { reason: string } };
  const reasons = Object.fromEntries(named.map((p) => [p, outcome(p).skip?.reason ?? outcome(p).kind]));
  assert.deepEqual(reasons, {
    'a.js': 'file',
    'empty.js': 'file',
    'big.js': 'huge',
    'dir/inner.js': 'file',
    'bin.js': 'binary',
    'alias.js': 'duplicate',
    'escape.js': 'symlink-escape',
    'dangling.js': 'unreadable',
    'folder.js': 'not-source',
    'pipe.js': 'unreadable',
    'missing.js': 'unreadable',
  });
  assert.equal(outcome('a.js').facts?.sha256, createHash('sha256').update("const a = 1;\nexec('ls');\n").digest('hex'));
  assert.deepEqual(outcome('unlisted-target.js').facts?.signals.map((s) => s.signal), ['request-input', 'fs']);
});

test('stopping early ends the worker threads (the loop can be left at any batch)', async (t) => {
  const root = realpathSync(tempDir(t));
  const items: SourceItem[] = [];
  for (let i = 0; i < 4 * BATCH; i++) {
    writeFiles(root, { [`f${i}.js`]: 'x'.repeat(1000) });
    items.push({ path: `f${i}.js`, language: 'javascript', isTest: false });
  }
  let batches = 0;
  const analysis = startAnalysis(root, 1 << 20, 2);
  for await (const batch of analysis.run(items)) {
    assert.ok(batch.outcomes.length > 0);
    if (++batches === 1) break;
  }
  await analysis.close();
  assert.equal(batches, 1);
});

test('a thread that has stopped fails the run with a clear error, never a short result', async (t) => {
  const root = realpathSync(tempDir(t));
  writeFiles(root, { 'a.js': 'x' });
  const analysis = startAnalysis(root, 1 << 20, 2);
  // Closing before the run stops the threads: the run must not wait for them forever nor end as if it had finished.
  await analysis.close();
  let outcomes = 0;
  await assert.rejects(async () => {
    for await (const batch of analysis.run([{ path: 'a.js', language: 'javascript', isTest: false }])) outcomes += batch.outcomes.length;
  }, /Triage could not read the files: a worker thread failed \(it stopped early/);
  assert.equal(outcomes, 0);
});

test('threads beside the main thread: none below the threshold, then one per further core, never more than there are batches', () => {
  assert.equal(threadsFor(1999, 2000, 2), 0);
  assert.equal(threadsFor(2000, 2000, 2), 1);
  assert.equal(threadsFor(50_000, 2000, 8), 7);
  assert.equal(threadsFor(BATCH, 0, 8), 0);
  assert.equal(threadsFor(BATCH + 1, 0, 8), 1);
  assert.equal(threadsFor(50_000, 2000, 1), 0, 'one core (or BUG_HUNTER_WORKERS=1): in-line');
});

test('triage with worker threads writes the same artifact as triage in-line, whatever the number of threads', async (t) => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 700; i++) files[`src/m${i}.ts`] = i % 3 === 0 ? `import { exec } from 'node:child_process';\nexport const run${i} = (req) => exec(req.query.x);\n` : `export const v${i} = ${i};\n`;
  files['src/m1.test.ts'] = "import { v1 } from './m1';\n";
  files['src/gen.ts'] = '// @generated by a tool\nexport const g = 1;\n';
  const dir = gitRepo(t, files);
  const inline = await runTriage(phaseContext(dir), { ...TRIAGE_DEFAULTS, readWorkerFrom: Number.POSITIVE_INFINITY });
  assert.equal(inline.body.files.length, 701);
  assert.equal(inline.body.skipped.find((s) => s.path === 'src/gen.ts')?.reason, 'generated');
  for (const workers of [2, 3]) {
    const threaded = await runTriage(phaseContext(dir), { ...TRIAGE_DEFAULTS, readWorkerFrom: 0, workers });
    assert.deepEqual(threaded.body, inline.body, `${workers} worker threads`);
  }
});
