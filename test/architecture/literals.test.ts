// Issue #40 item 4, "each decision once": every enum of the schema layer is one tuple in
// src/artifacts/schemas/literals.ts, and the code uses it (its tuple or its type), never a copy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { declaredTuples, literalOffences, LITERALS_FILE } from './literal-scan.ts';
import { tempDir } from '../helpers/temp.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

test('no Type.Literal outside literals.ts, and no inline union of string literals that repeats one of its tuples', () => {
  assert.ok(declaredTuples(SRC).size > 10, 'literals.ts declares the tuples');
  const found = literalOffences(SRC).map((o) => `src/${o.file}:${o.line}: ${o.what}`);
  assert.deepEqual(found, [], found.join('\n'));
});

test('the rule finds a Type.Literal and a union equal to a tuple in any order, and leaves other unions alone', (t) => {
  const root = tempDir(t);
  mkdirSync(join(root, 'artifacts', 'schemas'), { recursive: true });
  writeFileSync(join(root, LITERALS_FILE), "export const COLOURS = ['red', 'green'] as const;\nexport const WHERE = Type.Literal('here');\n");
  writeFileSync(
    join(root, 'a.ts'),
    "import { Type } from '@sinclair/typebox';\nconst s = Type.Literal('x');\ntype C = 'green' | 'red';\ntype D = 'red' | 'blue';\ntype E = 'red' | 'green' | 'blue';\ntype F = 'red' | 'green' | undefined;\n",
  );
  assert.deepEqual(
    literalOffences(root).map((o) => `${o.file}:${o.line}`),
    ['a.ts:2', 'a.ts:3'],
  );
});
