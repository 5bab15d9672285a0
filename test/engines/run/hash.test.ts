import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJson, hashJson } from '../../../src/foundations/hashing/hash.ts';

test('canonical JSON sorts keys at every depth, drops undefined members, and is JSON that parses back to the value', () => {
  const value = { b: [3, { z: 1, a: [true, null, 'x"y'] }], a: { d: undefined, c: 'é\n', ['\u00e9']: 1, E: 2 }, '': 0 };
  const text = canonicalJson(value);
  assert.equal(text, '{"":0,"a":{"E":2,"c":"é\\n","é":1},"b":[3,{"a":[true,null,"x\\"y"],"z":1}]}');
  assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(value)));
  assert.equal(canonicalJson({ b: 1, a: 2 }), canonicalJson({ a: 2, b: 1 }));
  assert.equal(hashJson({ b: 1, a: 2 }), hashJson({ a: 2, b: 1 }));
});

test('canonical JSON of the values JSON has no form for keeps its earlier output (cache keys must not change)', () => {
  // An undefined or function array item left an empty slot, a Date (no own keys) became {}, a number or string is as JSON writes it.
  assert.equal(canonicalJson([1, undefined, () => 1, 2]), '[1,,,2]');
  assert.equal(canonicalJson({ when: new Date(0), n: 1.5, s: 'a' }), '{"n":1.5,"s":"a","when":{}}');
  assert.equal(canonicalJson([]), '[]');
  assert.equal(canonicalJson({}), '{}');
  assert.equal(canonicalJson(null), 'null');
});
