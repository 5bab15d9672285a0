// `o[a][b] = v` with both keys straight from the parameters is the caller's business in a private helper, and a
// library's input in an exported function. "Exported" is exports.ts's one notion (every shape it reads: object
// literals, UMD factories, Babel's default export, defineProperty and Object.assign on exports); the rule once kept a
// regex of its own that missed all of these, `module.exports = { setIn }` included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { upheldFindings } from '../../../../../src/engines/static/score.ts';

const SET_IN = 'function setIn(o, a, b, v) {\n  o[a][b] = v;\n  return o;\n}';

const EXPORTED: Record<string, string> = {
  objectLiteral: `${SET_IN}\nmodule.exports = { setIn };\n`,
  umdFactory: `(function (root, factory) {\n  if (typeof module === 'object' && module.exports) module.exports = factory();\n  else root.Store = factory();\n}(this, function () {\n  ${SET_IN}\n  return { setIn: setIn };\n}));\n`,
  babelDefault: `"use strict";\nexports.default = void 0;\nvar _default = ${SET_IN.replace('function setIn', 'function _setIn')};\nexports.default = _default;\n`,
  definePropertyGetter: `"use strict";\n${SET_IN}\nObject.defineProperty(exports, "setIn", { enumerable: true, get: function () { return setIn; } });\n`,
  objectAssign: `${SET_IN}\nObject.assign(module.exports, { setIn });\n`,
};

const PRIVATE: Record<string, string> = {
  calledWithConstants: `${SET_IN}\nfunction configure(o, v) { return setIn(o, 'server', 'port', v); }\nmodule.exports = { configure };\n`,
  exportsSomethingElse: `${SET_IN}\nmodule.exports = { version: '1.0.0' };\n`,
};

const reported = (content: string) => upheldFindings({ path: 'lib/store.js', content, language: 'javascript', isTest: false }).filter((f) => f.ruleId === 'prototype-pollution').length;

for (const [shape, content] of Object.entries(EXPORTED)) {
  test(`a bracket chain over an exported function's own parameters is reported (${shape})`, () => {
    assert.equal(reported(content), 1);
  });
}

for (const [shape, content] of Object.entries(PRIVATE)) {
  test(`a bracket chain in a private helper stays its caller's business (${shape})`, () => {
    assert.equal(reported(content), 0);
  });
}

test('a bracket chain in a symbol-keyed method of an exported class stays its callers\' business', () => {
  const content = `const kSet = Symbol('set');\nclass Hints {\n  constructor() { this.options = {}; }\n  [kSet](type, key, value) {\n    this.options[type][key] = value;\n  }\n  alias(key, value) {\n    this[kSet]('alias', key, value);\n  }\n}\nmodule.exports = Hints;\n`;
  assert.equal(reported(content), 0);
});
