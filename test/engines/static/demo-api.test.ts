// The bundled example: every planted bug in examples/demo-api is confirmed, and nothing else is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { huntFile, judgeStatic, refuteStatic } from '../../../src/engines/static/index.ts';
import { readLabelled } from '../../../src/engines/static/corpus.ts';

test('the demo API yields exactly its planted bugs as confirmed findings', () => {
  const files = readLabelled(process.cwd(), 'examples/demo-api');
  const planted = files.flatMap(({ file, labels }) => labels.map((l) => `${file.path}:${l.line} ${l.ruleId}`)).sort();
  const confirmed = files.flatMap(({ file }) =>
    huntFile(file)
      .filter((f) => judgeStatic(f, refuteStatic(f, file)).verdict === 'confirmed')
      .map((f) => `${f.file}:${f.startLine} ${f.ruleId}`),
  ).sort();
  assert.ok(planted.length >= 5, 'at least five planted bugs');
  assert.deepEqual(confirmed, planted);
});
