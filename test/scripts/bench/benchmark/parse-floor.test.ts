// scripts/bench/kit/parse-floor.mjs, the floor bench:static prints: it parses every file of a tree with the engine's
// grammar choice, against the compiled dist/ (built fresh before the tests).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../../../helpers/temp.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

test('the parse floor parses every JavaScript and TypeScript file of the tree and reports its CPU time', (t) => {
  const tree = tempDir(t);
  mkdirSync(join(tree, '0'));
  writeFileSync(join(tree, '0', '1-a.js'), 'export const a = (x) => x + 1;\n');
  writeFileSync(join(tree, '0', '2-b.ts'), 'export function b(x: number): number { return x * 2; }\n');
  writeFileSync(join(tree, '0', '3-c.mts'), 'export type C = { c: string };\n');
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts/bench/kit/parse-floor.mjs'), join(ROOT, 'dist'), tree], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const result = JSON.parse(run.stdout.trim()) as { files: number; parsed: number; cpuSeconds: number };
  assert.equal(result.files, 3);
  assert.equal(result.parsed, 3);
  assert.ok(result.cpuSeconds > 0 && result.cpuSeconds < 5, String(result.cpuSeconds));
});
