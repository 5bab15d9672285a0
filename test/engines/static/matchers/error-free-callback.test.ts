// A callback handed to a function of the same file is error-free only when every path that calls it back passes no
// error: direct local callees, and file-private helpers whose every caller hands in such a function.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Lang, type SgNode } from '@ast-grep/napi';
import { errorFreeCallback } from '../../../../src/engines/static/matchers/error-free-callback.ts';
import { parseSource } from '../../../../src/engines/static/parse.ts';

/** The answer for the callback of the call whose callee is `callee` (the first such call in the source). */
function answer(source: string, callee: string): boolean {
  const root = parseSource(Lang.JavaScript, source).root();
  const call = root.findAll({ rule: { kind: 'call_expression' } }).find((c) => c.field('function')?.text() === callee) as SgNode;
  const args = call.field('arguments')!.namedChildren();
  return errorFreeCallback(root, call, args[args.length - 1]!);
}

const helper = (caller: string, exported = '') => `
${exported}function mapAll(items, each, done) {
  for (let i = 0; i < items.length; i++) each(items[i], (error, value) => done(null, value));
}
${caller}`;

test('a file-private helper whose callers all hand in functions that call back with null is error-free', () => {
  assert.equal(answer(helper('function one(p, cb) { cb(null, p); }\nmapAll(list, one, done);'), 'each'), true);
  assert.equal(answer(helper('mapAll(list, (p, cb) => cb(undefined, p), done);'), 'each'), true);
});

test('one caller that can call back with an error, an exported helper or a callback passed on is not', () => {
  assert.equal(answer(helper('function one(p, cb) { cb(null, p); }\nfunction two(p, cb) { cb(new Error(p)); }\nmapAll(a, one, done);\nmapAll(b, two, done);'), 'each'), false);
  assert.equal(answer(helper('function one(p, cb) { cb(null, p); }\nmapAll(list, one, done);', 'export '), 'each'), false);
  assert.equal(answer(helper('function one(p, cb) { other(p, cb); }\nmapAll(list, one, done);'), 'each'), false);
  assert.equal(answer(helper('module.exports = mapAll;\nfunction one(p, cb) { cb(null, p); }\nmapAll(list, one, done);'), 'each'), false);
});

test('a local callee is error-free only when it calls back with no error everywhere', () => {
  assert.equal(answer('function load(k, cb) { cb(null, k); }\nload(1, (err, v) => use(v));', 'load'), true);
  assert.equal(answer('function load(k, cb) { if (!k) return cb(new Error("no")); cb(null, k); }\nload(1, (err, v) => use(v));', 'load'), false);
  assert.equal(answer('fs.readFile(p, (err, v) => use(v));', 'fs.readFile'), false);
});
