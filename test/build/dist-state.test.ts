import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyPlainModules, distState, sourceHash } from '../../scripts/build/build.mjs';
import { tempDir } from '../helpers/temp.ts';

function project(dir: string): void {
  mkdirSync(join(dir, 'src', 'cli'), { recursive: true });
  writeFileSync(join(dir, 'src', 'cli', 'main.ts'), 'export const a = 1;\n');
  writeFileSync(join(dir, 'tsconfig.json'), '{}');
  writeFileSync(join(dir, 'tsconfig.build.json'), '{}');
}

test('dist/ is missing until built, fresh when its hash matches src/, stale after any source edit', (t) => {
  const dir = tempDir(t);
  project(dir);
  assert.equal(distState(dir), 'missing');
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'dist', '.source-hash'), `${sourceHash(dir)}\n`);
  writeFileSync(join(dir, 'dist', '.v8-version'), `${process.versions.v8}\n`);
  assert.equal(distState(dir), 'fresh');
  writeFileSync(join(dir, 'src', 'cli', 'main.ts'), 'export const a = 2;\n');
  assert.equal(distState(dir), 'stale');
});

// The validators' code caches are V8's: a build made by another V8 holds caches this one rejects. The source hash,
// every evidence-cache key's code version, does not change with it.
test('a build made by another V8 (or that does not say) is stale, its source hash unchanged', (t) => {
  const dir = tempDir(t);
  project(dir);
  mkdirSync(join(dir, 'dist'));
  const hash = sourceHash(dir);
  writeFileSync(join(dir, 'dist', '.source-hash'), `${hash}\n`);
  assert.equal(distState(dir), 'stale', 'no record of the V8 that built it');
  writeFileSync(join(dir, 'dist', '.v8-version'), '1.0.0.0\n');
  assert.equal(distState(dir), 'stale');
  assert.equal(distState(dir, '1.0.0.0'), 'fresh');
  writeFileSync(join(dir, 'dist', '.v8-version'), `${process.versions.v8}\n`);
  assert.equal(distState(dir), 'fresh');
  assert.equal(sourceHash(dir), hash);
});

test('a new source file or a changed build config makes dist/ stale too', (t) => {
  const dir = tempDir(t);
  project(dir);
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'dist', '.source-hash'), `${sourceHash(dir)}\n`);
  writeFileSync(join(dir, 'src', 'extra.ts'), '');
  assert.equal(distState(dir), 'stale');
  writeFileSync(join(dir, 'dist', '.source-hash'), `${sourceHash(dir)}\n`);
  writeFileSync(join(dir, 'tsconfig.build.json'), '{"compilerOptions":{}}');
  assert.equal(distState(dir), 'stale');
});

test('plain JavaScript modules under src/ (worker entries tsc does not emit) are copied into the build', (t) => {
  const dir = tempDir(t);
  project(dir);
  mkdirSync(join(dir, 'src', 'phases', 'triage'), { recursive: true });
  writeFileSync(join(dir, 'src', 'phases', 'triage', 'read-worker.mjs'), 'export const worker = 1;\n');
  const out = join(dir, 'dist');
  copyPlainModules(dir, out);
  assert.equal(readFileSync(join(out, 'phases', 'triage', 'read-worker.mjs'), 'utf8'), 'export const worker = 1;\n');
  assert.equal(existsSync(join(out, 'cli', 'main.ts')), false);
});
