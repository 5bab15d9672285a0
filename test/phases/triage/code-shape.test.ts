import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeShape, minifiedCode } from '../../../src/phases/triage/code-shape.ts';
import { inspectContent } from '../../../src/phases/triage/content-rules.ts';

const inspect = (text: string) => inspectContent(Buffer.from(text), text);

test('a long comment line is not code: one 20,000-character // line does not make a file minified', () => {
  const text = `const a = 1;\n// ${'x'.repeat(20_000)}\n`;
  assert.deepEqual(codeShape(text), { longestCodeLine: 12, codeChars: 12, codeLines: 1 });
  assert.equal(inspect(text).kind, 'text');
});

test('block comments, hash comments and wide comment lines are left out; strings holding // are code', () => {
  assert.equal(inspect(`/*\n${'z'.repeat(15_000)}\n*/\nrun();\n`).kind, 'text');
  assert.equal(inspect(`#!/usr/bin/env node\n# ${'h'.repeat(9_000)}\nrun();\n`).kind, 'text');
  assert.equal(inspect(`run();\n${`// ${'w'.repeat(400)}\n`.repeat(40)}`).kind, 'text');
  assert.equal(codeShape("const u = 'http://x'; // note\n").longestCodeLine, "const u = 'http://x'; ".length);
});

test('genuinely minified code is still minified, by its longest line or its average', () => {
  const long = inspect(`var a=${'1+'.repeat(4000)}1;`);
  assert.equal(long.kind === 'skip' && long.reason, 'minified');
  assert.match(long.kind === 'skip' ? long.detail : '', /a line of 8008 characters of code/);
  const wide = inspect(`${'x'.repeat(400)}\n`.repeat(10));
  assert.equal(wide.kind === 'skip' && wide.reason, 'minified');
  // A long line of code with a comment before it is measured from the code on.
  assert.equal(minifiedCode(codeShape(`/* c */ ${'f();'.repeat(1500)}\n`)), 'a line of 6000 characters of code');
});

test('a file some in-scope code imports is never skipped as minified or generated, only as unreadable', () => {
  assert.equal(inspectContent(Buffer.from(`// @generated\nvar a=${'1+'.repeat(4000)}1;`), undefined, false).kind, 'text');
  const latin1 = inspectContent(Buffer.from('// caf\u00e9\n', 'latin1'), undefined, false);
  assert.equal(latin1.kind === 'skip' && latin1.reason, 'non-utf8');
});
