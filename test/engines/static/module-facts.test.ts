// The module-facts step: what a module exports that a detector elsewhere can use (child_process, one of its
// functions, a constant pattern), resolved for each importing file through the scan's resolver, re-exports followed
// a fixed number of modules deep; anything unresolved or ambiguous is no fact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { importedFacts } from '../../../src/engines/static/index.ts';
import { exportFacts } from '../../../src/engines/static/cross-file/export-facts.ts';
import { resolveContext, resolveJs } from '../../../src/engines/static/resolve.ts';
import type { SourceFile } from '../../../src/engines/static/types.ts';

const js = (path: string, content: string): SourceFile => ({ path, content, language: 'javascript', isTest: false });

function factsFor(files: Record<string, string>, importer: string) {
  const sources = Object.entries(files).map(([p, c]) => js(p, c));
  const ctx = resolveContext(sources.map((f) => f.path));
  return importedFacts(sources, (from, spec) => resolveJs(from, spec, ctx)).get(importer) ?? [];
}

const short = (f: { export: string; module?: string; member?: string; pattern?: { source: string; flags: string }; returns?: Array<{ param: number }> }) =>
  `${f.export}=${f.module ? `${f.module}${f.member ? `.${f.member}` : ''}` : f.pattern ? `/${f.pattern.source}/${f.pattern.flags}` : `returns(${f.returns?.map((r) => r.param).join(',')})`}`;

test('a module exports child_process, its functions and constant patterns in the shapes libraries write', () => {
  const text = [
    "const cp = require('node:child_process');",
    "const { execSync: runSync } = require('child_process');",
    'const WORD = /^\\w+$/i;',
    'exports.cp = cp;',
    "exports.exec = require('child_process').exec;",
    'exports.spawn = cp.spawn;',
    'exports.runSync = runSync;',
    "exports.EMAIL = new RegExp('^\\\\S+@\\\\S+$', 'u');",
    'module.exports.WORD = WORD;',
    'exports.helper = function helper() {};',
    "exports.fromUser = new RegExp(process.env.PATTERN);",
    '',
  ].join('\n');
  assert.deepEqual(exportFacts(js('lib/a.js', text)).map((f) => short({ ...f, export: f.key })), [
    'cp=child_process', 'exec=child_process.exec', 'spawn=child_process.spawn', 'runSync=child_process.execSync', 'EMAIL=/^\\S+@\\S+$/u', 'WORD=/^\\w+$/i',
  ]);
  const esm = "export { exec as run, spawn } from 'child_process';\nexport const RE = /a+/g;\nconst B = new RegExp('b+');\nexport { B as BEE };\nexport default /c/;\n";
  assert.deepEqual(exportFacts(js('lib/b.mjs', esm)).map((f) => short({ ...f, export: f.key })), ['run=child_process.exec', 'spawn=child_process.spawn', 'RE=/a+/g', 'BEE=/b+/', '=/c/', 'default=/c/']);
});

test('a file with no export, or exports of nothing known, has no fact (and is not parsed for one)', () => {
  assert.deepEqual(exportFacts(js('lib/a.js', "const cp = require('child_process');\ncp.exec('ls');\n")), []);
  assert.deepEqual(exportFacts(js('lib/b.js', "exports.run = (c) => require('child_process').exec(c);\nexports.n = 1;\n")), []);
  // A function the module declares is its own wrapper, whatever a require inside it binds; a computed key names no import.
  assert.deepEqual(exportFacts(js('lib/d.js', "function exec(c) {\n  const { exec } = require('child_process');\n  return exec(c);\n}\nmodule.exports = { exec, [process.env.K]: require('child_process').exec };\n")), []);
  // A reassigned module variable is not a constant.
  assert.deepEqual(exportFacts(js('lib/c.js', "let RE = /a/;\nRE = /(a+)+$/;\nexports.RE = RE;\n")), []);
});

test('each importing file gets the facts of the modules it imports by a relative specifier, re-exports followed', () => {
  const files = {
    'lib/index.js': "const { exec } = require('./proc');\nconst util = require('./util');\nconst other = require('other-package');\n",
    'lib/proc.js': "module.exports = { exec: require('child_process').exec, run: (c) => c };\n",
    'lib/util/index.js': "module.exports = require('./cp');\n",
    'lib/util/cp.js': "module.exports = require('child_process');\nmodule.exports.WORD = /w+/;\n",
  };
  assert.deepEqual(factsFor(files, 'lib/index.js').map((f) => `${f.specifier} ${short(f)} ${f.from}:${f.line}`), [
    './proc exec=child_process.exec lib/proc.js:1',
    './proc run=returns(0) lib/proc.js:1',
    './util =child_process lib/util/cp.js:1',
    './util WORD=/w+/ lib/util/cp.js:2',
  ]);
  // Deterministic: the same facts whatever the order the files come in.
  const reversed = Object.fromEntries(Object.entries(files).reverse());
  assert.deepEqual(factsFor(reversed, 'lib/index.js'), factsFor(files, 'lib/index.js'));
});

test('no fact for an unresolved specifier, a key the module writes twice, or a chain past the re-export bound', () => {
  assert.deepEqual(factsFor({ 'lib/index.js': "require('./missing').exec('x');\n" }, 'lib/index.js'), []);
  assert.deepEqual(factsFor({ 'lib/index.js': "require('./p');\n", 'lib/p.js': "exports.RE = /a/;\nif (process.env.X) exports.RE = /(a+)+$/;\n" }, 'lib/index.js'), []);
  const chain = (n: number) => Object.fromEntries([
    ['lib/index.js', "require('./m0');\n"],
    ...Array.from({ length: n }, (_, i) => [`lib/m${i}.js`, `module.exports = require('./m${i + 1}');\n`]),
    [`lib/m${n}.js`, "exports.exec = require('child_process').exec;\n"],
  ]);
  assert.equal(factsFor(chain(2), 'lib/index.js').length, 1);
  assert.equal(factsFor(chain(3), 'lib/index.js').length, 0);
});
