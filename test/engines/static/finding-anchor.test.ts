// A finding whose rule now cites more than the line it once reported keeps its identity at that line: a
// prototype-pollution merge spans its recursive call and its leaf write (or the leaf write alone when the two are far
// apart), yet its fingerprint keys on the recursive call — where the rule reported merges before — and its former
// fingerprint on the call's text, so dismissals, baselines, ledgers and published issues still match.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formerStaticFingerprint } from '../../../src/engines/findings/former-fingerprint.ts';
import { fingerprintOf } from '../../../src/engines/static/fingerprint.ts';
import { huntFile } from '../../../src/engines/static/index.ts';

const FILE = 'lib/merge.js';
const SOURCE = [
  'function merge(t, s) {', // 1
  '  for (const k in s) {',
  "    if (typeof s[k] !== 'object' || s[k] === null) {",
  '      t[k] = s[k];', // 4: the leaf write, before the descent
  '      continue;',
  '    }',
  '    if (!t[k]) t[k] = {};',
  '    merge(t[k], s[k]);', // 8: the descent
  '  }',
  '  return t;',
  '}',
  '',
  'function extend(target, source) {', // 13
  '  for (const key in source) {',
  '    const value = source[key];',
  "    if (value && typeof value === 'object') {",
  '      if (!target[key]) target[key] = {};',
  '      extend(target[key], value);', // 18: the descent
  '      continue;',
  '    }',
  '    // A value that is not an object',
  '    // is copied as it is:',
  '    // numbers, strings, booleans,',
  '    // functions and null',
  '    // all land here, after',
  '    // the objects were merged.',
  '    target[key] = value;', // 27: the leaf write, far below
  '  }',
  '  return target;',
  '}',
  'module.exports = { merge, extend };',
].join('\n');
const LINES = SOURCE.split('\n');

const findings = () => huntFile({ path: FILE, content: SOURCE, language: 'javascript', isTest: false }).filter((f) => f.ruleId === 'prototype-pollution');
/** The fingerprint a finding reported at `line` has always had. */
const at = (line: number) => fingerprintOf({ file: FILE, startLine: line, category: 'prototype-pollution', cwe: 'CWE-1321' }, LINES);

test('a merge whose leaf write comes before its recursive call spans both and keeps the call as its identity', () => {
  const merge = findings().find((f) => f.symbol === 'merge');
  assert.ok(merge, 'the merge is found');
  assert.deepEqual([merge.startLine, merge.endLine], [4, 8], 'the finding cites the leaf write and the descent');
  assert.equal(merge.fingerprint, at(8), 'the fingerprint keys on the recursive call, not the span’s first line');
  assert.notEqual(merge.fingerprint, at(4));
  assert.deepEqual(merge.formerFingerprints, [formerStaticFingerprint(FILE, 'merge', 'prototype-pollution', 'merge: merge(t[k], s[k])', 0)]);
});

test('a merge whose leaf write is far from its recursive call cites the leaf write and quotes the call it keys on', () => {
  const extend = findings().find((f) => f.symbol === 'extend');
  assert.ok(extend, 'the merge is found');
  assert.deepEqual([extend.startLine, extend.endLine], [27, 27], 'the finding is at the leaf write');
  assert.equal(extend.fingerprint, at(18));
  assert.deepEqual(extend.formerFingerprints, [formerStaticFingerprint(FILE, 'extend', 'prototype-pollution', 'extend: extend(target[key], value)', 0)]);
  const call = extend.evidence.find((e) => e.startLine === 18);
  assert.ok(call, 'the recursive call is quoted as evidence');
  assert.match(call.quote, /extend\(target\[key\], value\)/);
});

test('code inserted above a merge moves its lines but not its identity', () => {
  const before = findings().map((f) => f.fingerprint).sort();
  const shifted = huntFile({ path: FILE, content: `// settings\n'use strict';\n${SOURCE}`, language: 'javascript', isTest: false }).filter((f) => f.ruleId === 'prototype-pollution');
  assert.deepEqual(shifted.map((f) => f.startLine).sort((a, b) => a - b), [6, 29]);
  assert.deepEqual(shifted.map((f) => f.fingerprint).sort(), before);
});
