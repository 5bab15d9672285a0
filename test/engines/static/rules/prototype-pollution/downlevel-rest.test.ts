// A rest parameter compiled down to ES5: TypeScript writes `var args = []; for (var _i = 1; _i < arguments.length;
// _i++) args[_i - 1] = arguments[_i];`, Babel `for (var _len = arguments.length, args = new Array(…), _key = 1; …)
// args[_key - 1] = arguments[_key];`. The list holds the caller's arguments, as `...args` did; before, its
// binding was the empty list it starts as, and the keys of a merge over it were never the caller's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { upheldFindings } from '../../../../../src/engines/static/score.ts';

const fires = (content: string) => upheldFindings({ path: 'lib/merge.js', content, language: 'javascript', isTest: false }).some((f) => f.ruleId === 'prototype-pollution');

const merge = (head: string) => `'use strict';
var merge = module.exports = function (target) {
${head}
    for (var i = 0; i < sources.length; i++) {
        for (var _a = 0, _b = Object.keys(sources[i]); _a < _b.length; _a++) {
            var key = _b[_a];
            if (isObject(target[key]) && isObject(sources[i][key])) merge(target[key], sources[i][key]);
            else target[key] = sources[i][key];
        }
    }
    return target;
};
function isObject(val) { return typeof val === 'object' && val !== null; }
`;

const BUGS: Record<string, string> = {
  typescript: merge(`    var sources = [];
    for (var _i = 1; _i < arguments.length; _i++) {
        sources[_i - 1] = arguments[_i];
    }`),
  babel: merge(`    for (var _len = arguments.length, sources = new Array(_len > 1 ? _len - 1 : 0), _key = 1; _key < _len; _key++) {
        sources[_key - 1] = arguments[_key];
    }`),
};

const DECOYS: Record<string, string> = {
  // the list filled from the library's own defaults, not the arguments
  ownDefaults: merge(`    var sources = [];
    for (var _i = 0; _i < DEFAULTS.length; _i++) {
        sources[_i] = DEFAULTS[_i];
    }`),
  // the caller's arguments copied, but every key screened before the write
  screened: merge(`    var sources = [];
    for (var _i = 1; _i < arguments.length; _i++) {
        sources[_i - 1] = arguments[_i];
    }`).replace('var key = _b[_a];', "var key = _b[_a];\n            if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;"),
};

for (const [name, code] of Object.entries(BUGS)) test(`a rest parameter compiled to ES5 carries the caller's keys: ${name}`, () => assert.ok(fires(code), name));
for (const [name, code] of Object.entries(DECOYS)) test(`not the caller's keys, or screened: ${name}`, () => assert.ok(!fires(code), name));
