import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staticHunter } from '../../../src/phases/hunter/static-engine.ts';
import type { ChunkSource } from '../../../src/phases/hunter/engine.ts';
import { poolSize, POOL_MIN_BYTES } from '../../../src/engines/workers/size.ts';
import { UsageError } from '../../../src/foundations/errors.ts';
import { reconFile } from '../../../src/engines/attack-surface/file-recon.ts';
import { buildRecon } from '../../../src/phases/recon/core.ts';
import { createFilePool, type FilePool } from '../../../src/engines/workers/pool.ts';
import { crossFileIncoming, crossFileIncomingBatched } from '../../../src/engines/static/index.ts';

// A real package from this repository's own dependencies: execa 9 (106 files, several candidates).
const EXECA = fileURLToPath(new URL('../../../node_modules/.pnpm/execa@9.6.1/node_modules/execa', import.meta.url));

function sources(dir: string): ChunkSource[] {
  const walk = (d: string): string[] => readdirSync(d).sort().flatMap((n) => {
    const p = join(d, n);
    return statSync(p).isDirectory() ? (n === 'node_modules' ? [] : walk(p)) : n.endsWith('.js') ? [p] : [];
  });
  return walk(dir).map((p) => ({ path: relative(dir, p), content: readFileSync(p, 'utf8'), language: 'javascript', isTest: false }));
}

// One pool of three workers (on two cores, so tasks finish out of order) serves these tests: a worker thread's start
// costs about 0.37 s of CPU. The engine does not close a pool it was handed.
describe('with a pool of three worker threads', () => {
  let shared: FilePool | undefined;
  const pool = (): FilePool => (shared ??= createFilePool(3));
  after(() => shared?.close());

  test('one thread and a pool of worker threads find the same findings, in the same order, with the same ids', async () => {
    const files = sources(EXECA);
    assert.ok(files.length > 50, `execa has ${files.length} files`);
    const inThread = await staticHunter(undefined, { workers: 1 }).hunt('chunk-001', files, new AbortController().signal);
    assert.ok(inThread.length > 0, 'execa gives the engine something to find');
    // Three workers on two cores: tasks finish out of order.
    const engine = staticHunter(undefined, { workers: 3, pool: pool() });
    try {
      const pooled = await engine.hunt('chunk-001', files, new AbortController().signal);
      assert.deepEqual(pooled, inThread);
      // Reversed input gives the reversed per-file order: the order comes from the caller, not from which worker finished first.
      const reversed = await engine.hunt('chunk-001', [...files].reverse(), new AbortController().signal);
      const byFile = (list: typeof inThread) => [...new Set(list.map((f) => f.file))];
      assert.deepEqual(byFile(reversed), byFile(inThread).reverse());
      assert.deepEqual(reversed.map((f) => f.id).sort(), inThread.map((f) => f.id).sort());
    } finally {
      await engine.close?.();
    }
  });

  test('recon: per-file work in worker threads gives the same recon body as in this thread', async () => {
    const files = sources(EXECA);
    const input = { sources: files.map((f) => ({ ...f, risk: 0 })), languages: { javascript: files.length }, manifests: new Map([['package.json', readFileSync(join(EXECA, 'package.json'), 'utf8')]]), lockFiles: [], tests: false };
    const inThread = buildRecon(input, input.sources.map(reconFile));
    assert.ok(inThread.entryPoints.length + inThread.trustBoundaries.length > 0, 'execa has entry points or trust boundaries');
    // Results arrive in any order; buildRecon sorts, so even a reversed list gives the same body.
    const perFile = await Promise.all([...files].reverse().map((f) => pool().run('recon', f)));
    assert.deepEqual(buildRecon(input, perFile), inThread);
    assert.deepEqual(perFile[0], reconFile(files.at(-1)!));
  });

  test('a library file (publicApi) reaches the workers with its package name', async () => {
    const file: ChunkSource = { path: 'lib/run.js', content: "import { exec } from 'node:child_process';\nexport function run(cmd) { return exec('sh -c ' + cmd); }\n", language: 'javascript', isTest: false };
    const lookup = () => 'demo-lib';
    const inThread = await staticHunter(lookup, { workers: 1 }).hunt('c', [file], new AbortController().signal);
    const engine = staticHunter(lookup, { workers: 3, pool: pool() });
    try {
      assert.deepEqual(await engine.hunt('c', [file], new AbortController().signal), inThread);
    } finally {
      await engine.close?.();
    }
  });

  test('the cross-file pass with its per-file steps in worker threads gives the same incoming arguments and cuts as in one thread', async () => {
    // execa as a library: its exported parameters are its callers' values, passed on between its modules.
    const files = sources(EXECA).map((f) => ({ ...f, publicApi: 'execa' }));
    const inThread = crossFileIncoming(files);
    assert.ok(inThread.incoming.size > 0, 'execa passes values between its modules');
    const asked: string[] = [];
    const pooled = await crossFileIncomingBatched(files, (file, specs) => {
      asked.push(file.path);
      return pool().run('calls', { ...file, specs });
    });
    assert.ok(asked.length > 0, 'the per-file steps ran in the pool');
    assert.deepEqual([...pooled.incoming], [...inThread.incoming]);
    assert.deepEqual(pooled.cuts, inThread.cuts);
  });
});

test('closing the pool settles every task, running or queued, as an error', async () => {
  const files = sources(EXECA).slice(0, 3);
  const pool = createFilePool(1);
  const settled = Promise.allSettled(files.map((f) => pool.run('hunt', f)));
  await pool.close();
  assert.deepEqual((await settled).map((r) => r.status), ['rejected', 'rejected', 'rejected']);
  await assert.rejects(pool.run('hunt', files[0]!), /closed/);
});

test('pool size: one thread for a small scan, the machine\'s parallelism for a large one, BUG_HUNTER_WORKERS wins', () => {
  assert.equal(poolSize(POOL_MIN_BYTES - 1, {}, 8), 1);
  assert.equal(poolSize(64 * 1024 * 1024, {}, 8), 8);
  assert.equal(poolSize(64 * 1024 * 1024, {}, 2), 2);
  assert.equal(poolSize(POOL_MIN_BYTES, {}, 8), 2, 'no more workers than the source can keep busy');
  assert.equal(poolSize(10, { BUG_HUNTER_WORKERS: '3' }, 2), 3);
  assert.equal(poolSize(64 * 1024 * 1024, { BUG_HUNTER_WORKERS: '1' }, 8), 1);
  for (const bad of ['0', '-1', '1.5', 'two', '1000']) {
    assert.throws(() => poolSize(10, { BUG_HUNTER_WORKERS: bad }, 2), UsageError, bad);
  }
});
