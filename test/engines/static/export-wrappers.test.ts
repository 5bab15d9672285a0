// Export shapes written through a call (src/engines/static/export-wrappers.ts, read by exports.ts): the UMD wrapper's
// factory, Babel's `exports.default = _default`, Object.defineProperty / Object.assign on exports. Each with the decoy
// that must stay internal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { langFor, parseSource } from '../../../src/engines/static/parse.ts';
import { exportedApi } from '../../../src/engines/static/exports.ts';

/** The public name exports.ts gives the function whose first parameter is `input`, or null when it is internal. */
function apiOfInputFunction(source: string): string | null {
  const lang = langFor({ path: 'probe.js', language: 'javascript' });
  assert.ok(lang);
  const root = parseSource(lang, source).root();
  const fns = root.findAll({ rule: { any: [{ kind: 'function_declaration' }, { kind: 'function_expression' }, { kind: 'arrow_function' }] } });
  const fn = fns.find((f) => /^\(\s*input\b/.test(f.field('parameters')?.text() ?? ''));
  assert.ok(fn, 'no function with the parameter `input`');
  return exportedApi(fn);
}

const PARSE = 'function parse(input) { return input; }';

test("a UMD wrapper's factory is exported: what it returns is the library's API", () => {
  const umd = (exporting: string) => `(function (root, factory) {\n  ${exporting}\n}(this, function () {\n  ${PARSE}\n  return { parse: parse };\n}));`;
  assert.equal(apiOfInputFunction(umd("if (typeof define === 'function' && define.amd) define([], factory);\n  else if (typeof module === 'object' && module.exports) module.exports = factory();\n  else root.Parser = factory();")), 'module.exports→parse');
  assert.equal(apiOfInputFunction(umd('define(factory);')), 'module.exports→parse');
  assert.equal(apiOfInputFunction(umd("module.exports = factory(require('dep'));")), 'module.exports→parse');
  // Decoys: a wrapper that only runs the function, or exports something else, or hands it to another name.
  assert.equal(apiOfInputFunction(umd('factory();')), null);
  assert.equal(apiOfInputFunction(umd('module.exports = other();')), null);
  assert.equal(apiOfInputFunction(umd('module.exports = factoryOf();')), null);
  assert.equal(apiOfInputFunction(`run(function () {\n  ${PARSE}\n  return { parse: parse };\n});\nmodule.exports = run;`), null);
});

test("a name exported under a public key is API whatever its own name (Babel's _default); a private key keeps it internal", () => {
  const babel = "'use strict';\nObject.defineProperty(exports, '__esModule', { value: true });\nexports.default = void 0;\nvar _default = function _default(input) { return input; };\nexports.default = _default;";
  assert.equal(apiOfInputFunction(babel), '_default');
  assert.equal(apiOfInputFunction('var _default = function (input) { return input; };\nmodule.exports = _default;'), '_default');
  assert.equal(apiOfInputFunction('var _helper = function (input) { return input; };\nexports._helper = _helper;'), null);
  assert.equal(apiOfInputFunction('var _helper = function (input) { return input; };\nmodule.exports = function () { return _helper; };'), null);
});

test('Object.defineProperty and Object.assign on exports export the named function; on another object they do not', () => {
  assert.equal(apiOfInputFunction(`Object.defineProperty(exports, 'parse', { enumerable: true, get: function () { return parse; } });\n${PARSE}`), 'parse');
  assert.equal(apiOfInputFunction(`Object.defineProperty(exports, 'parse', { get: () => parse });\n${PARSE}`), 'parse');
  assert.equal(apiOfInputFunction(`Object.defineProperty(module.exports, 'parse', { value: parse });\n${PARSE}`), 'parse');
  assert.equal(apiOfInputFunction(`Object.assign(module.exports, { parse });\n${PARSE}`), 'parse');
  assert.equal(apiOfInputFunction(`Object.assign(exports, { run: parse });\n${PARSE}`), 'parse');
  // Decoys.
  assert.equal(apiOfInputFunction(`Object.defineProperty(cache, 'parse', { value: parse });\n${PARSE}\nmodule.exports = {};`), null);
  assert.equal(apiOfInputFunction(`Object.assign(defaults, { parse });\n${PARSE}\nmodule.exports = {};`), null);
  assert.equal(apiOfInputFunction(`Object.defineProperty(exports, '__esModule', { value: true });\n${PARSE}`), null);
});

test('export names are read per tree: a question about one file never gets another file\'s answer', () => {
  const lang = langFor({ path: 'probe.js', language: 'javascript' });
  assert.ok(lang);
  const inputFn = (source: string) => {
    const root = parseSource(lang, source).root();
    const fn = root.find({ rule: { kind: 'function_declaration' } });
    assert.ok(fn);
    return fn;
  };
  const exportedFile = inputFn(`${PARSE}\nmodule.exports = { parse };`);
  const internalFile = inputFn(`${PARSE}\nmodule.exports = { other: 1 };`);
  // Interleaved, in both orders: a per-file cache that outlives its file answers the second question wrongly.
  assert.equal(exportedApi(exportedFile), 'parse');
  assert.equal(exportedApi(internalFile), null);
  assert.equal(exportedApi(exportedFile), 'parse');
});

test("a symbol-keyed method or field of an exported class is the library's plumbing, not its API", () => {
  const lang = langFor({ path: 'probe.js', language: 'javascript' });
  assert.ok(lang);
  const root = parseSource(lang, "const kRun = Symbol('run');\nclass Runner {\n  [kRun](input) { return input; }\n  [Symbol.iterator] = (input) => input;\n  run(input) { return this[kRun](input); }\n}\nmodule.exports = Runner;\n").root();
  const withInput = root.findAll({ rule: { any: [{ kind: 'method_definition' }, { kind: 'arrow_function' }] } }).filter((f) => /^\(\s*input\b/.test(f.field('parameters')?.text() ?? ''));
  assert.deepEqual(withInput.map((f) => exportedApi(f)), [null, null, 'Runner.run']);
});

test('a named function hung by reference on an exported object is API under that path; on a local object it is not', () => {
  const PARSE_IN = 'function parseInput(input) { return input; }';
  assert.equal(apiOfInputFunction(`function hooks() {}\n${PARSE_IN}\nhooks.parse = parseInput;\nmodule.exports = hooks;`), 'hooks.parse');
  assert.equal(apiOfInputFunction(`var api = module.exports = {};\n${PARSE_IN}\napi.util.parse = parseInput;`), 'api.util.parse');
  // moment's UMD: the factory in parentheses returns `hooks`, on which the parser is hung.
  assert.equal(apiOfInputFunction(`;(function (global, factory) {\n  module.exports = factory();\n}(this, (function () {\n  function hooks() {}\n  ${PARSE_IN}\n  hooks.parse = parseInput;\n  return hooks;\n})));`), 'module.exports→hooks.parse');
  // lodash: a named factory whose call's result the module exports.
  assert.equal(apiOfInputFunction(`function runInContext() {\n  function lodash() {}\n  ${PARSE_IN}\n  lodash.parse = parseInput;\n  return lodash;\n}\nvar _ = runInContext();\nmodule.exports = _;`), '_→lodash.parse');
  // Decoys: hung on an object the module keeps, on a private key, or on what a factory nobody exports returns.
  assert.equal(apiOfInputFunction(`var cache = {};\n${PARSE_IN}\ncache.parse = parseInput;\nmodule.exports = function () {};`), null);
  assert.equal(apiOfInputFunction(`function hooks() {}\n${PARSE_IN}\nhooks._parse = parseInput;\nmodule.exports = hooks;`), null);
  assert.equal(apiOfInputFunction(`function make() {\n  function api() {}\n  ${PARSE_IN}\n  api.parse = parseInput;\n  return api;\n}\nvar local = make();\nmodule.exports = function () {};`), null);
});
