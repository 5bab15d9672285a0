// Prototype pollution written through a call: a path walk or merge whose write is a same-file setter helper
// (`assignValue(nested, key, v)` with body `object[key] = value`, or through a second helper) or
// `Object.defineProperty(o, k, { value })` is found; a helper writing a fixed key, a fresh object, one refusing the
// dangerous keys, or one defining only `__proto__` (an own property, no pollution) is not a write of the walk.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { upheldFindings } from '../../../../../src/engines/static/score.ts';

const WALK = (helper: string, call: string) => `'use strict';
${helper}
function set(object, path, value) {
  var keys = String(path).split('.');
  var nested = object;
  for (var index = 0; index < keys.length; index++) {
    var key = keys[index];
    var newValue = index === keys.length - 1 ? value : (nested[key] || {});
    ${call}
    nested = nested[key];
  }
  return object;
}
module.exports = set;
`;

const fires = (content: string) => upheldFindings({ path: 'lib/set.js', content, language: 'javascript', isTest: false }).some((f) => f.ruleId === 'prototype-pollution');

const BUGS: Record<string, string> = {
  direct: WALK('function assignValue(object, key, value) {\n  if (object[key] !== value) object[key] = value;\n}', 'assignValue(nested, key, newValue);'),
  twoHops: WALK(
    "function baseAssignValue(object, key, value) {\n  if (key == '__proto__' && defineProperty) {\n    defineProperty(object, key, { 'configurable': true, 'enumerable': true, 'value': value, 'writable': true });\n  } else {\n    object[key] = value;\n  }\n}\nvar defineProperty = Object.defineProperty;\nvar hasOwnProperty = Object.prototype.hasOwnProperty;\nfunction assignValue(object, key, value) {\n  var objValue = object[key];\n  if (!(hasOwnProperty.call(object, key) && objValue === value)) baseAssignValue(object, key, value);\n}",
    'assignValue(nested, key, newValue);',
  ),
  defineHelper: WALK('function define(o, k, v) {\n  Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });\n}', 'define(nested, key, newValue);'),
  defineInline: WALK('', 'Object.defineProperty(nested, key, { value: newValue, writable: true, enumerable: true, configurable: true });'),
};

const DECOYS: Record<string, string> = {
  constantKey: WALK("function mark(object, key, value) {\n  object['seen'] = value;\n}", 'mark(nested, key, newValue);'),
  freshValue: WALK('function reset(object, key, value) {\n  object[key] = {};\n}', 'reset(nested, key, newValue);'),
  // Called at every level before the walk steps, a helper that throws on the dangerous keys stops the walk.
  guards: WALK("function assignValue(object, key, value) {\n  if (key === '__proto__' || key === 'constructor' || key === 'prototype') throw new Error('unsafe key');\n  object[key] = value;\n}", 'assignValue(nested, key, newValue);'),
  protoOnly: WALK("function defineProto(object, key, value) {\n  if (key === '__proto__') {\n    Object.defineProperty(object, key, { value: value, writable: true });\n  }\n}", 'defineProto(nested, key, newValue);'),
  readsOnly: WALK('function show(object, key, value) {\n  console.log(object[key], value);\n}', 'show(nested, key, newValue);'),
};

test('a path walk writing through a same-file setter helper or defineProperty is reported', () => {
  for (const [name, content] of Object.entries(BUGS)) assert.ok(fires(content), `${name} not reported`);
});

test('a helper writing a fixed key or a fresh object, refusing the keys, or defining only __proto__ is not a write', () => {
  for (const [name, content] of Object.entries(DECOYS)) assert.equal(fires(content), false, `${name} reported`);
});

test('a merge whose leaf is written through a setter helper is reported; through one writing a fresh object it is not', () => {
  const merge = (helper: string) => `${helper}
function merge(target, source) {
  for (const key of Object.keys(source)) {
    if (source[key] && typeof source[key] === 'object') merge(target[key], source[key]);
    else put(target, key, source[key]);
  }
  return target;
}
module.exports = merge;
`;
  assert.ok(fires(merge('function put(o, k, v) {\n  o[k] = v;\n}')));
  assert.equal(fires(merge('function put(o, k, v) {\n  o[k] = {};\n}')), false);
});
