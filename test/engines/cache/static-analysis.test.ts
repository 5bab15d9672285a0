import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Chunk, TriagedFile } from '../../../src/artifacts/schemas/triage.ts';
import { staticAnalysisStore, staticKey } from '../../../src/engines/cache/static-analysis.ts';
import { entryPath, openCacheDir } from '../../../src/engines/cache/store.ts';
import { staticHunter } from '../../../src/phases/hunter/static-engine.ts';
import { runChunk } from '../../../src/phases/hunter/run-chunk.ts';
import { sha256 } from '../../../src/foundations/hashing/hash.ts';
import { clearAnalysisMemo } from '../../../src/engines/static/engine.ts';
import { STATIC_ENGINE_VERSION, type SourceFile } from '../../../src/engines/static/index.ts';
import { tempDir, writeFiles } from '../../helpers/temp.ts';

const BUGGY = "import { exec } from 'node:child_process';\nexport function run(req) {\n  exec('ls ' + req.query.dir);\n}\n";
const CLEAN = "export function add(a, b) {\n  return a + b;\n}\n";
const file = (path: string, content: string, extra: Partial<SourceFile> = {}): SourceFile => ({ path, content, language: 'javascript', isTest: false, ...extra });
const quiet = { warn: () => undefined };
const signal = new AbortController().signal;

test('the static key changes with the content, the engine version, the language and the library package — not with isTest', () => {
  const base = file('src/run.js', BUGGY);
  const key = staticKey(base);
  assert.equal(staticKey({ ...base }), key);
  assert.notEqual(staticKey({ ...base, content: `${BUGGY}// edit\n` }), key);
  assert.notEqual(staticKey(base, `${STATIC_ENGINE_VERSION}-next`), key);
  assert.notEqual(staticKey({ ...base, language: 'typescript' }), key);
  assert.notEqual(staticKey({ ...base, publicApi: 'demo-lib' }), key);
  assert.notEqual(staticKey({ ...base, path: 'src/other.js' }), key);
  assert.equal(staticKey({ ...base, isTest: true }), key);
});

test('a second hunt of unchanged files is answered from the cache with the same findings; a changed file alone is analysed again', async (t) => {
  const dir = tempDir(t);
  const files = [file('src/a.js', BUGGY), file('src/b.js', CLEAN), file('src/c.js', BUGGY.replace('dir', 'name'))];
  const first = openCacheDir(dir, quiet);
  const fresh = await staticHunter(undefined, { store: staticAnalysisStore(first)! }).hunt('chunk-001', files, signal);
  assert.equal(fresh.length, 2);
  assert.deepEqual(first.counters().static, { hits: 0, misses: 3, corrupt: 0, writes: 3 });

  clearAnalysisMemo();
  const second = openCacheDir(dir, quiet);
  assert.deepEqual(await staticHunter(undefined, { store: staticAnalysisStore(second)! }).hunt('chunk-001', files, signal), fresh);
  assert.deepEqual(second.counters().static, { hits: 3, misses: 0, corrupt: 0, writes: 0 });

  clearAnalysisMemo();
  const third = openCacheDir(dir, quiet);
  const changed = [files[0]!, files[1]!, file('src/c.js', `${files[2]!.content}// touched\n`)];
  await staticHunter(undefined, { store: staticAnalysisStore(third)! }).hunt('chunk-001', changed, signal);
  assert.deepEqual(third.counters().static, { hits: 2, misses: 1, corrupt: 0, writes: 1 });

  // A library package changes what the rules treat as input: a different entry.
  clearAnalysisMemo();
  const fourth = openCacheDir(dir, quiet);
  await staticHunter(() => 'demo-lib', { store: staticAnalysisStore(fourth)! }).hunt('chunk-001', files, signal);
  assert.deepEqual(fourth.counters().static, { hits: 0, misses: 3, corrupt: 0, writes: 3 });
});

test('the worker-pool path reads and fills the same cache as the in-thread path', async (t) => {
  const dir = tempDir(t);
  const files = [file('src/a.js', BUGGY), file('src/b.js', CLEAN)];
  const inThread = await staticHunter(undefined, { store: staticAnalysisStore(openCacheDir(dir, quiet))! }).hunt('chunk-001', files, signal);
  clearAnalysisMemo();
  const cache = openCacheDir(dir, quiet);
  const pooled = staticHunter(undefined, { workers: 2, store: staticAnalysisStore(cache)! });
  try {
    assert.deepEqual(await pooled.hunt('chunk-001', files, signal), inThread);
  } finally {
    await pooled.close?.();
  }
  assert.deepEqual(cache.counters().static, { hits: 2, misses: 0, corrupt: 0, writes: 0 });
});

test('a cached finding is a hint: one whose quote is not in the current source is rejected like a fresh one', async (t) => {
  const root = tempDir(t);
  const cacheDir = tempDir(t);
  writeFiles(root, { 'src/a.js': BUGGY });
  const source = file('src/a.js', BUGGY);
  const store = staticAnalysisStore(openCacheDir(cacheDir, quiet))!;
  await staticHunter(undefined, { store }).hunt('chunk-001', [source], signal);
  // Tamper with the stored entry: the finding now quotes code the file does not contain.
  const path = entryPath(cacheDir, 'static', staticKey(source));
  const entry = JSON.parse(readFileSync(path, 'utf8'));
  entry.value.entries[0].finding.evidence[0].quote = "exec('rm -rf ' + req.body.path)";
  writeFileSync(path, JSON.stringify(entry));

  clearAnalysisMemo();
  const meta: TriagedFile = { path: 'src/a.js', language: 'javascript', bytes: BUGGY.length, lines: 4, tokens: 20, sha256: sha256(BUGGY), isTest: false, hasTest: false, risk: 1, signals: [] };
  const chunk: Chunk = { id: 'chunk-001', files: ['src/a.js'], tokens: 20, risk: 1, oversized: false };
  const cache = openCacheDir(cacheDir, quiet);
  const work = await runChunk(root, chunk, new Map([[meta.path, meta]]), staticHunter(undefined, { store: staticAnalysisStore(cache)! }), signal);
  assert.equal(cache.counters().static.hits, 1);
  assert.equal(work.status, 'done');
  assert.deepEqual(work.findings, []);
  assert.equal(work.rejected.length, 1);
  assert.match(work.rejected[0]!.reason, /^unsupported/);
});

test('a file changed while the engine computed fails the chunk; a chunk answered wholly from the cache is checked against the read it was answered for', async (t) => {
  const root = tempDir(t);
  const cacheDir = tempDir(t);
  writeFiles(root, { 'src/a.js': BUGGY, 'src/b.js': CLEAN });
  const meta = (path: string, content: string): TriagedFile => ({ path, language: 'javascript', bytes: content.length, lines: 4, tokens: 20, sha256: sha256(content), isTest: false, hasTest: false, risk: 1, signals: [] });
  const byPath = new Map([meta('src/a.js', BUGGY), meta('src/b.js', CLEAN)].map((m) => [m.path, m]));
  const chunk: Chunk = { id: 'chunk-001', files: ['src/a.js', 'src/b.js'], tokens: 40, risk: 1, oversized: false };

  // An engine that computes, and meanwhile the file changes on disk: the re-read catches it.
  clearAnalysisMemo();
  const computing = staticHunter(undefined, { store: staticAnalysisStore(openCacheDir(cacheDir, quiet))! });
  const changing = { ...computing, hunt: async (id: string, files: Parameters<typeof computing.hunt>[1], s: AbortSignal) => {
    const found = await computing.hunt(id, files, s);
    writeFileSync(join(root, 'src/b.js'), `${CLEAN}// edited\n`);
    return found;
  } };
  const failed = await runChunk(root, chunk, byPath, changing, signal);
  assert.equal(computing.answeredFromCache?.('chunk-001'), false);
  assert.equal(failed.status, 'failed');
  assert.match(failed.error ?? '', /src\/b\.js changed since it was recorded/);

  // The same chunk again, every file answered by the cache: accepted, with the same findings as a fresh hunt.
  writeFileSync(join(root, 'src/b.js'), CLEAN);
  clearAnalysisMemo();
  const cached = staticHunter(undefined, { store: staticAnalysisStore(openCacheDir(cacheDir, quiet))! });
  const work = await runChunk(root, chunk, byPath, cached, signal);
  assert.equal(cached.answeredFromCache?.('chunk-001'), true);
  assert.equal(work.status, 'done');
  clearAnalysisMemo();
  const fresh = await runChunk(root, chunk, byPath, staticHunter(), signal);
  assert.deepEqual(work.findings, fresh.findings);
  assert.equal(work.findings.length, 1);
});
