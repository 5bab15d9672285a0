import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Lang, parse } from '@ast-grep/napi';
import { scopeIndex } from '../../../../../src/engines/static/rules/prototype-pollution/scope.ts';

const SOURCE = `
function merge(target, source) {
  for (const key in source) { const v = source[key]; target[key] = v; }
  return function inner(key) { return target[key]; };
}
`;

test('one function reached through two wrappers gets one scope index, built once', () => {
  const root = parse(Lang.JavaScript, SOURCE).root();
  const rule = { rule: { kind: 'function_declaration' } };
  const a = root.find(rule)!;
  const b = root.find(rule)!;
  assert.notEqual(a, b, 'ast-grep hands out a fresh wrapper per search');
  assert.equal(scopeIndex(a), scopeIndex(b));
  // The index answers as one built for either wrapper: the declarations, loops, functions and parameters it holds.
  const index = scopeIndex(b);
  assert.deepEqual([...index.declarators.keys()], ['v']);
  assert.equal(index.loops.length, 1);
  // The scope, then every function a search of it finds (the scope again first).
  assert.deepEqual(index.functions.map((f) => f.kind()), ['function_declaration', 'function_declaration', 'function_expression']);
  assert.deepEqual(index.paramsOf(b).map((p) => p.node.text()), ['target', 'source']);
  // Another function of the tree has its own.
  const inner = root.find({ rule: { kind: 'function_expression' } })!;
  assert.notEqual(scopeIndex(inner), index);
  assert.deepEqual(scopeIndex(inner).paramsOf(inner).map((p) => p.node.text()), ['key']);
});
