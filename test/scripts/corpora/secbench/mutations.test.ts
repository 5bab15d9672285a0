import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { compile, compiledLines } from '../../../../scripts/corpora/secbench/mutations/compile.ts';
import { mutationCases } from '../../../../scripts/corpora/secbench/mutations/cases.ts';
import { readSecbench, SECBENCH_CLASSES } from '../../../../scripts/corpora/secbench/corpus.ts';
import { foldOf } from '../../../../scripts/corpora/secbench/fold.ts';

// A sink on line 6 of a modern source: each rewrite must keep the program and say which compiled lines hold the sink.
const SOURCE = `'use strict';
const cp = require('child_process');
class Runner {
  run(cmd, ...rest) {
    const full = \`git \${cmd} \${rest.join(' ')}\`;
    return cp.execSync(full);
  }
}
module.exports = Runner;
`;

test('es5: classes, template strings and rest parameters compiled down, the sink line mapped to its compiled line', () => {
  const { code, map } = compile('es5', 'lib/run.js', SOURCE);
  assert.doesNotMatch(code, /\bclass\s+\w|`|\.\.\./);
  assert.match(code, /arguments\[/);
  const lines = compiledLines(map, 6);
  assert.ok(lines.some((line) => /execSync/.test(code.split('\n')[line - 1] ?? '')), `the sink line maps to the call (${lines.join(', ')})`);
});

test('rename: every local renamed, properties and module names kept, the sink line mapped', () => {
  const { code, map } = compile('rename', 'lib/run.js', SOURCE);
  assert.doesNotMatch(code, /\bcmd\b|\bfull\b|\brest\b/);
  assert.match(code, /execSync\(/);
  assert.match(code, /module\.exports/);
  const lines = compiledLines(map, 6);
  assert.ok(lines.some((line) => /execSync/.test(code.split('\n')[line - 1] ?? '')), `the sink line maps to the call (${lines.join(', ')})`);
});

test('compiledLines reads a hand-written map: generated line 1 from source line 1, line 3 from source line 2', () => {
  // AAAA: line 1 col 0 -> source 0 line 0; ";;" skips generated line 2; AACA: source line +1.
  assert.deepEqual(compiledLines(JSON.stringify({ mappings: 'AAAA;;AACA' }), 2), [3]);
  assert.deepEqual(compiledLines(JSON.stringify({ mappings: 'AAAA;;AACA' }), 1), [1]);
  assert.deepEqual(compiledLines(JSON.stringify({ mappings: '' }), 1), []);
});

test('bundle: the module becomes a module function of a webpack-style bootstrap, each line mapped to its shifted line', () => {
  const { code, map } = compile('bundle', 'lib/run.js', SOURCE);
  assert.match(code, /function \(module, exports, __webpack_require__\) \{/);
  const lines = compiledLines(map, 6);
  assert.equal(lines.length, 1);
  assert.equal(code.split('\n')[lines[0]! - 1], SOURCE.split('\n')[5]);
  assert.throws(() => compile('bundle', 'lib/x.mjs', "import fs from 'fs';\nexport default fs;\n"), /ES module/);
});

test('the mutation run takes the study fold of the development part and no withheld case, for any class asked', () => {
  const { cases, split } = readSecbench(fileURLToPath(new URL('../../../../benchmark/real-world/secbench', import.meta.url)));
  const heldOut = new Set(split.heldOut);
  const devCases = cases.filter((c) => !heldOut.has(c.package));
  const folds = foldOf(devCases);
  for (const classes of [[], ...SECBENCH_CLASSES.map((c) => [c])]) {
    const picked = mutationCases(cases, split, classes);
    assert.ok(picked.length > 0, `cases for ${classes.join(',') || 'all classes'}`);
    for (const c of picked) {
      // Withheld cases are never named, not even in a failure.
      assert.ok(!heldOut.has(c.package), 'a held-out case was selected');
      assert.ok(folds.get(c.package) === 'study', 'a check-fold case was selected');
      if (classes.length > 0) assert.deepEqual([c.class], classes);
    }
  }
  // Every study-fold case is taken: the run hides none of the fold it may read.
  assert.equal(mutationCases(cases, split).length, devCases.filter((c) => folds.get(c.package) === 'study').length);
});
