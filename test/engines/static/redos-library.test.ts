// ReDoS in library code: which patterns an applied expression denotes (src/engines/static/rules/redos/regex-value.ts),
// the exported shapes whose parameters reach them (exports.ts), and where a finding is cited.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SgNode } from '@ast-grep/napi';
import { langFor, parseSource } from '../../../src/engines/static/parse.ts';
import { beginFile } from '../../../src/engines/static/taint.ts';
import { constantString, regexValues } from '../../../src/engines/static/rules/redos/regex-value.ts';
import { huntFile } from '../../../src/engines/static/index.ts';

/** The expression `name` in the last statement `probe(<expr>)` of the source. */
function probe(source: string): SgNode {
  const lang = langFor({ path: 'probe.js', language: 'javascript' });
  assert.ok(lang);
  const root = parseSource(lang, source).root();
  beginFile(true);
  const call = root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: '^probe$' } } }).at(-1);
  const arg = call?.field('arguments')?.namedChildren()[0];
  assert.ok(arg, 'no probe(…) in the source');
  return arg;
}

test('constant strings: literals, concatenation, names bound to them and joined tables', () => {
  assert.equal(constantString(probe("var a = 'x\\\\d'; var b = a + \"|y\"; probe(b);")), 'x\\d|y');
  assert.equal(constantString(probe("var units = ['s', 'ms']; probe('^(' + units.join('|') + ')$');")), '^(s|ms)$');
  assert.equal(constantString(probe('probe(`plain`);')), 'plain');
  // A template whose substitutions are constants, its escapes read as a string's are (`\\.` is `\.`).
  assert.equal(constantString(probe(String.raw`var A = '(x+)+'; probe(${'`'}^\\.${'${A}'}\t$${'`'});`)), '^\\.(x+)+\t$');
  assert.equal(constantString(probe("var o = 'it\\'s \"q\"'; probe(o);")), 'it\'s "q"');
});

test('a string literal reads JavaScript escapes, also those JSON has not (an escaped dot or colon is the character)', () => {
  assert.equal(constantString(probe(String.raw`probe("^http\://[a-z\.\-]+\x41\u0042\u{43}\t$");`)), '^http://[a-z.-]+ABC\t$');
  assert.equal(constantString(probe(String.raw`probe('\d+\\.');`)), 'd+\\.');
  // A legacy octal escape is not read (no verdict is guessed for it).
  assert.equal(constantString(probe(String.raw`probe('a\101');`)), null);
});

test('a string built from a parameter, or a template with a substitution, is no constant', () => {
  assert.equal(constantString(probe("function f(p) { probe('^' + p + '$'); }")), null);
  assert.equal(constantString(probe('var x = 1; probe(`a${x}`);')), null);
  assert.equal(constantString(probe("function f(list) { probe(list.join('|')); }")), null);
});

test('patterns through bindings, RegExp of constants, object tables and both branches of a choice', () => {
  const values = (src: string) => regexValues(probe(src)).map((v) => `${v.source}/${v.flags}`);
  assert.deepEqual(values('var R = /a+b/g; probe(R);'), ['a+b/g']);
  assert.deepEqual(values("var S = '(x+)+'; probe(new RegExp('^' + S, 'i'));"), ['^(x+)+/i']);
  assert.deepEqual(values("probe(RegExp('z*'));"), ['z*/']);
  assert.deepEqual(values('var T = { list: /^(.*,)+$/, word: /^\\w+$/ }; probe(T.list);'), ['^(.*,)+$/']);
  assert.deepEqual(values('var A = /a/, B = /b/; function f(s) { probe(s ? A : B); }'), ['a/', 'b/']);
  assert.deepEqual(values('function f(p) { probe(new RegExp(p)); }'), []);
});

const hunt = (content: string) => huntFile({ path: 'index.js', content, language: 'javascript', isTest: false, publicApi: 'pkg' }).filter((f) => f.ruleId === 'redos');

test('a function hung two levels deep on the exported object, or exported as obj.fn, takes the caller\'s value', () => {
  const deep = hunt(['var api = module.exports = {};', 'api.get = {};', 'api.get.list = function (s) {', '  return /^(.*,)+(.+)?$/.test(s);', '};'].join('\n'));
  assert.deepEqual(deep.map((f) => f.startLine), [4]);
  const member = hunt(['var posix = {};', 'posix.parse = function (s) {', '  return /^(.*,)+(.+)?$/.test(s);', '};', 'module.exports = posix.parse;'].join('\n'));
  assert.deepEqual(member.map((f) => f.startLine), [3]);
  const internal = hunt(['var posix = {};', 'posix.parse = function (s) {', '  return /^(.*,)+(.+)?$/.test(s);', '};', 'module.exports = function () { return 1; };'].join('\n'));
  assert.deepEqual(internal, []);
});

test('configuration the caller writes gets no verdict: a format string, a flag list, an options setting', () => {
  const shape = (param: string, use: string) => hunt([`module.exports = function (${param}) {`, `  return ${use}.replace(/(\\[[^\\]]+])|(MMMM|MM|DD)/g, '');`, '};'].join('\n'));
  assert.deepEqual(shape('formatStr', 'formatStr'), []);
  assert.deepEqual(shape('dateFormat', 'dateFormat'), []);
  assert.deepEqual(shape('flagList', 'String(flagList)'), []);
  assert.deepEqual(shape('opts', 'opts.pattern'), []);
  // The data the function processes, named as data, is judged.
  assert.deepEqual(shape('text', 'text').map((f) => f.startLine), [2]);
  assert.deepEqual(shape('information', 'information').map((f) => f.startLine), [2]);
});

test('a pattern written elsewhere is cited at the match, with its definition as the second quote', () => {
  const [f] = hunt(['var LIST = /^(.*,)+(.+)?$/;', ...Array.from({ length: 9 }, (_, i) => `var n${i} = ${i};`), 'module.exports = function (s) {', '  return LIST.test(s);', '};'].join('\n'));
  assert.ok(f);
  assert.equal(f.startLine, 12);
  assert.deepEqual(f.evidence.map((e) => e.startLine), [12, 1]);
});

test('a pattern written a few lines above its use is quoted with it as one passage', () => {
  const [f] = hunt(['module.exports = function (s) {', '  var LIST = /^(.*,)+(.+)?$/;', '  var t = s.trim();', '  return LIST.test(t);', '};'].join('\n'));
  assert.ok(f);
  assert.deepEqual([f.startLine, f.endLine, f.evidence.length], [2, 4, 1]);
});

test('bounded repeats at their minimum count: a loop-free X{m,n} becomes X{m}, a repeat of a loop or an open one stays', async () => {
  const { atMinimumCounts } = await import('../../../src/engines/static/rules/redos/bounded-repeat.ts');
  assert.equal(atMinimumCounts(String.raw`^(([^=;]+))\s{0,256}=\s*`, ''), String.raw`^(([^=;]+))\s{0}=\s*`);
  assert.equal(atMinimumCounts('[a-z]{1,4}(x|y){2,10}b', ''), '[a-z]{1}(x|y){2}b');
  // A repeat of a loop, an open repeat and one bounded above 1000 are left: nothing to rewrite.
  assert.equal(atMinimumCounts('(?:a*){0,3}', ''), null);
  assert.equal(atMinimumCounts('a{3,}', ''), null);
  assert.equal(atMinimumCounts(String.raw`\d{1,2000}`, ''), null);
});
