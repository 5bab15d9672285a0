// A recursive merge writes the input's values into the object it descended into in several branches (arrays, functions,
// copies, the catch-all `else t[k] = v`): each lands on Object.prototype once the descent reached it, and a report of
// the bug may name any of them. The finding cites the catch-all leaf (the branch a primitive under `__proto__` takes)
// and spans the other leaves near it, copies (`t[k] = clone(v)`) included; a merge whose only leaves are copies, and a
// walk replacing each level by a copy, stay silent as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { upheldFindings } from '../../../../../src/engines/static/score.ts';

const findings = (content: string) => upheldFindings({ path: 'lib/merge.js', content, language: 'javascript', isTest: false }).filter((f) => f.ruleId === 'prototype-pollution');
const lineOf = (content: string, text: string) => content.split('\n').findIndex((l) => l.includes(text)) + 1;

const MERGE = (branches: string) => `function isObject(v) { return v !== null && typeof v === 'object' && !Array.isArray(v); }
function merge(target, source) {
  for (const key in source) {
    const value = source[key];
    if (isObject(value)) {
      if (!isObject(target[key])) target[key] = {};
      merge(target[key], value);
${branches}
  }
  return target;
}
module.exports = merge;
`;

const CASES: Record<string, { content: string; leaf: string }> = {
  catchAllAfterOtherBranches: {
    content: MERGE(`    } else if (Array.isArray(value)) {
      const out = [];
      for (let i = 0; i < value.length; i++) out.push(value[i]);
      target[key] = out;
    } else if (typeof value === 'function') {
      target[key] = value.bind(target);
    } else {
      target[key] = value;
    }`),
    leaf: 'target[key] = value;',
  },
  copyBesideThePlainLeaf: {
    content: MERGE(`    } else if (Array.isArray(value)) {
      target[key] = value;
    } else {
      const kind = typeof value;
      if (kind === 'undefined') continue;
      target[key] = cloneDeep(value);
    }`),
    leaf: 'target[key] = cloneDeep(value);',
  },
};

for (const [name, { content, leaf }] of Object.entries(CASES)) {
  test(`a merge's finding cites the leaf write a report may name (${name})`, () => {
    const line = lineOf(content, leaf);
    const found = findings(content);
    assert.equal(found.length, 1);
    assert.ok(found[0]!.startLine <= line && line <= found[0]!.endLine, `line ${line} not in ${found[0]!.startLine}-${found[0]!.endLine}`);
  });
}

test('a merge whose only leaf is a copy, and a walk replacing each level by a copy, stay silent', () => {
  const copyOnly = MERGE(`    } else {
      target[key] = cloneDeep(value);
    }`);
  const copyWalk = `function set(obj, path, value) {
  const keys = path.split('.');
  let node = obj;
  for (let i = 0; i < keys.length - 1; i++) {
    node[keys[i]] = cloneDeep(node[keys[i]]);
    node = node[keys[i]];
  }
  return obj;
}
module.exports = { set };
`;
  assert.deepEqual(findings(copyOnly), []);
  assert.deepEqual(findings(copyWalk), []);
});
