// Keys from a closure: a name the writing function does not bind is read where the function around it binds it
// (`parts = path.split('.')` outside, `obj[parts[0]][parts[1]] = v` in the function returned). It was never an
// attacker key before, whatever the outer function gave it. The outer function's literal lists and counters, its
// parameters as passed (the host a plugin was installed on), and module-level tables stay the library's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { upheldFindings } from '../../../../../src/engines/static/score.ts';

const fires = (content: string) => upheldFindings({ path: 'lib/set.js', content, language: 'javascript', isTest: false }).some((f) => f.ruleId === 'prototype-pollution');

const BUGS: Record<string, string> = {
  // the path split in the outer function, written by the function it returns
  closure: `function setter(path) {
  const parts = path.split('.');
  return function assign(obj, value) {
    obj[parts[0]][parts[1]] = value;
  };
}
module.exports = setter;
`,
};

const DECOYS: Record<string, string> = {
  // the outer function's parameter as passed: the host a plugin was installed on, whose registry the caller picks from
  pluginHost: `export default (function (option, Dayjs, dayjs) {
  dayjs.updateLocale = function (locale, customConfig) {
    var localeList = dayjs.Ls;
    var localeConfig = localeList[locale];
    if (!localeConfig) return;
    Object.keys(customConfig).forEach(function (c) {
      localeConfig[c] = customConfig[c];
    });
    return localeConfig;
  };
});
`,
  // the outer function's counter: a number
  counter: `function grid(rows) {
  let r = 0;
  return function put(table, cols, value) {
    for (let c = 0; c < cols; c++) table[r][c] = value;
    r++;
  };
}
module.exports = grid;
`,
  // the outer function's own literal list of fields
  literalList: `function setter(scale) {
  const FIELDS = ['size', 'width'];
  return function assign(obj, value) {
    obj[FIELDS[0]][FIELDS[1]] = value * scale;
  };
}
module.exports = setter;
`,
  // a module-level table: the library's own keys
  moduleTable: `const SECTIONS = loadSections();
function assign(obj, value) {
  for (let i = 0; i < SECTIONS.length; i++) obj[SECTIONS[i].name][SECTIONS[i].key] = value;
}
module.exports = { assign };
`,
};

test("a key from the enclosing function's input, read in a closure, is an attacker's", () => {
  for (const [name, content] of Object.entries(BUGS)) assert.ok(fires(content), `${name} not reported`);
});

test("a closure's keys from the enclosing function's literals, counters and parameters, or module tables, are not", () => {
  for (const [name, content] of Object.entries(DECOYS)) assert.equal(fires(content), false, `${name} reported`);
});

// Filler of a given length: statements that bind no name the write reads.
const filler = (chars: number) => Array.from({ length: Math.ceil(chars / 40) }, (_, i) => `  var pad${i} = 'xxxxxxxxxxxxxxxxxxxx';`).join('\n');

test('a factory longer than a scope still hands its closure the keys; a module wrapper holds module-level names', () => {
  // A large factory the library exports: its names are a closure's, however long it is.
  const largeFactory = `function setter(path) {\n  const parts = path.split('.');\n${filler(28_000)}\n  return function assign(obj, value) {\n    obj[parts[0]][parts[1]] = value;\n  };\n}\nmodule.exports = setter;\n`;
  assert.ok(fires(largeFactory), 'the large factory\'s closure is not reported');
  // The same factory inside a large UMD-style wrapper: the factory, not the wrapper, binds the keys.
  assert.ok(fires(`(function (root) {\n${filler(28_000)}\n${largeFactory.replace('module.exports = setter;', 'root.setter = setter;')}})(this);\n`));
  // A name a module wrapper binds is the module's own, as a top-level name is; in a small function run in place it is
  // still a closure's.
  const runInPlace = (inner: string) => `(function (path) {\n  var parts = path.split('.');\n${inner}\n  module.exports = function assign(obj, value) {\n    obj[parts[0]][parts[1]] = value;\n  };\n})(config);\n`;
  assert.equal(fires(runInPlace(filler(28_000))), false, 'a module wrapper\'s name is read as a closure\'s');
  assert.ok(fires(runInPlace(filler(100))), 'a small function run in place no longer hands its closure the keys');
});
