// The ReDoS probe table: in what shapes does a library apply a regular expression to input its API receives? Each
// probe is a tiny library module written twice: the bug (an exponential /^(a+)+$/, or a quadratic scan of the
// function's own argument, applied to the caller's text) and a decoy beside it (a linear pattern, the library's own
// constant, a length cap or a constant-length cut first, a test file, a CLI script). Asked of the engine the rule
// fixtures use (score.ts upheldFindings): every bug must be reported and every decoy must not, except the shapes
// listed as known misses with their reason. The shapes are grouped by the question they probe: which method applies
// the pattern, where the pattern is written, how the caller's text arrives, how it is derived, which export shape
// makes the function API. The shape grammar (shape-grammar.test.ts) crosses the axes; this table names one shape a row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { upheldFindings } from '../../../../../src/engines/static/score.ts';

const EXP = '/^(a+)+$/';
const POLY = '/\\s*,\\s*$/';
const SAFE = '/^a+$/';

interface Probe { name: string; bug: string; decoy: string; path?: string; decoyPath?: string }

const PROBES: Probe[] = [
  // regex methods
  { name: 'test', bug: `module.exports = function f(s) { return ${EXP}.test(s); };`, decoy: `module.exports = function f(s) { return ${SAFE}.test(s); };` },
  { name: 'exec', bug: `module.exports = function f(s) { return ${EXP}.exec(s); };`, decoy: `module.exports = function f(s) { return ${EXP}.exec('aaa'); };` },
  { name: 'match', bug: `module.exports = function f(s) { return s.match(${EXP}); };`, decoy: `module.exports = function f(s) { return s.match(${SAFE}); };` },
  { name: 'matchAll', bug: `module.exports = function f(s) { return [...s.matchAll(/(a+)+b/g)]; };`, decoy: `module.exports = function f(s) { return [...s.matchAll(/x+/g)]; };` },
  { name: 'replace', bug: `module.exports = function f(s) { return s.replace(${EXP}, ''); };`, decoy: `module.exports = function f(s) { return s.slice(0, 64).replace(${EXP}, ''); };` },
  { name: 'replaceAll', bug: `module.exports = function f(s) { return s.replaceAll(/(a+)+b/g, ''); };`, decoy: `module.exports = function f(s) { return s.replaceAll(/x+/g, ''); };` },
  { name: 'split', bug: `module.exports = function f(s) { return s.split(/(a+)+b/); };`, decoy: `module.exports = function f(s) { return s.split(/x+/); };` },
  { name: 'search', bug: `module.exports = function f(s) { return s.search(${EXP}); };`, decoy: `module.exports = function f(s) { return s.search(${SAFE}); };` },
  { name: 'RegExp.prototype[Symbol.replace]', bug: `module.exports = function f(s) { return ${EXP}[Symbol.replace](s, ''); };`, decoy: `module.exports = function f(s) { return ${SAFE}[Symbol.replace](s, ''); };` },
  { name: 'RegExp.prototype[Symbol.match]', bug: `const RE = ${EXP};\nmodule.exports = function f(s) { return RE[Symbol.match](s); };`, decoy: `const RE = ${EXP};\nmodule.exports = function f(s) { return RE[Symbol.match]('aaa'); };` },
  { name: 'RegExp.prototype.test.call(re, s)', bug: `module.exports = function f(s) { return RegExp.prototype.test.call(${EXP}, s); };`, decoy: `module.exports = function f(s) { return RegExp.prototype.test.call(${SAFE}, s); };` },
  { name: 'String.prototype.match.call(s, re)', bug: `module.exports = function f(s) { return String.prototype.match.call(s, ${EXP}); };`, decoy: `module.exports = function f(s) { return String.prototype.match.call(s, ${SAFE}); };` },
  { name: 'while exec loop (g flag)', bug: `const RE = /(a+)+b/g;\nmodule.exports = function f(s) { let m; const out = []; while ((m = RE.exec(s)) !== null) out.push(m[0]); return out; };`, decoy: `const RE = /x+/g;\nmodule.exports = function f(s) { let m; const out = []; while ((m = RE.exec(s)) !== null) out.push(m[0]); return out; };` },
  // where the pattern is
  { name: 'module constant', bug: `const RE = ${EXP};\nmodule.exports = function f(s) { return RE.test(s); };`, decoy: `const RE = ${EXP};\nconst NAME = 'abc';\nmodule.exports = function f(s) { return RE.test(NAME); };` },
  { name: 'object of patterns', bug: `const patterns = { email: ${EXP}, digits: /^\\d+$/ };\nmodule.exports = function f(s) { return patterns.email.test(s); };`, decoy: `const patterns = { email: ${EXP}, digits: /^\\d+$/ };\nmodule.exports = function f(s) { return patterns.digits.test(s); };` },
  { name: 'rules.some(r => r.re.test(s))', bug: `const rules = [{ re: /^\\d+$/, name: 'n' }, { re: ${EXP}, name: 'a' }];\nmodule.exports = function f(s) { return rules.some((r) => r.re.test(s)); };`, decoy: `const rules = [{ re: /^\\d+$/, name: 'n' }, { re: ${SAFE}, name: 'a' }];\nmodule.exports = function f(s) { return rules.some((r) => r.re.test(s)); };` },
  { name: 'rules.find(r => r.test(s))', bug: `const rules = [/^\\d+$/, ${EXP}];\nmodule.exports = function f(s) { return rules.find((r) => r.test(s)); };`, decoy: `const rules = [/^\\d+$/, ${SAFE}];\nmodule.exports = function f(s) { return rules.find((r) => r.test(s)); };` },
  { name: 'for (const [re, f] of table)', bug: `const table = [[/^\\d+$/, Number], [${EXP}, String]];\nmodule.exports = function f(s) { for (const [re, fn] of table) if (re.test(s)) return fn(s); return null; };`, decoy: `const table = [[/^\\d+$/, Number], [${SAFE}, String]];\nmodule.exports = function f(s) { for (const [re, fn] of table) if (re.test(s)) return fn(s); return null; };` },
  { name: 'for (const r of rules) r.re.test', bug: `const rules = [{ re: /^\\d+$/ }, { re: ${EXP} }];\nmodule.exports = function f(s) { for (const r of rules) if (r.re.test(s)) return r; return null; };`, decoy: `const rules = [{ re: /^\\d+$/ }, { re: ${SAFE} }];\nmodule.exports = function f(s) { for (const r of rules) if (r.re.test(s)) return r; return null; };` },
  { name: 'for (i < rules.length) rules[i].re', bug: `var rules = [{ re: /^\\d+$/ }, { re: ${EXP} }];\nmodule.exports = function f(s) { for (var i = 0; i < rules.length; i++) if (rules[i].re.test(s)) return i; return -1; };`, decoy: `var rules = [{ re: /^\\d+$/ }, { re: ${SAFE} }];\nmodule.exports = function f(s) { for (var i = 0; i < rules.length; i++) if (rules[i].re.test(s)) return i; return -1; };` },
  { name: 'Object.keys(table) loop', bug: `const TABLE = { a: ${EXP}, b: /^\\d+$/ };\nmodule.exports = function f(s) { return Object.keys(TABLE).filter((k) => TABLE[k].test(s)); };`, decoy: `const TABLE = { a: ${SAFE}, b: /^\\d+$/ };\nmodule.exports = function f(s) { return Object.keys(TABLE).filter((k) => TABLE[k].test(s)); };` },
  { name: 'Object.values(table).some', bug: `const TABLE = { a: ${EXP}, b: /^\\d+$/ };\nmodule.exports = function f(s) { return Object.values(TABLE).some((re) => re.test(s)); };`, decoy: `const TABLE = { a: ${SAFE}, b: /^\\d+$/ };\nmodule.exports = function f(s) { return Object.values(TABLE).some((re) => re.test(s)); };` },
  { name: 'class static field', bug: `class P {\n  static RE = ${EXP};\n  static parse(s) { return P.RE.test(s); }\n}\nmodule.exports = P;`, decoy: `class P {\n  static RE = ${SAFE};\n  static parse(s) { return P.RE.test(s); }\n}\nmodule.exports = P;` },
  { name: "the constructor's this.re", bug: `class P {\n  constructor() { this.re = ${EXP}; }\n  parse(s) { return this.re.test(s); }\n}\nmodule.exports = P;`, decoy: `class P {\n  constructor() { this.re = ${SAFE}; }\n  parse(s) { return this.re.test(s); }\n}\nmodule.exports = P;` },
  { name: 'prototype property pattern', bug: `function P() {}\nP.prototype.re = ${EXP};\nP.prototype.parse = function (s) { return this.re.test(s); };\nmodule.exports = P;`, decoy: `function P() {}\nP.prototype.re = ${SAFE};\nP.prototype.parse = function (s) { return this.re.test(s); };\nmodule.exports = P;` },
  { name: 'new RegExp(a + b) constants', bug: `const A = '^(a+';\nconst B = ')+$';\nmodule.exports = function f(s) { return new RegExp(A + B).test(s); };`, decoy: `const A = '^(a';\nconst B = ')+$';\nmodule.exports = function f(s) { return new RegExp(A + B).test(s); };` },
  { name: 'new RegExp(template of constants)', bug: "const A = '(a+)+';\nconst RE = new RegExp(`^${A}$`);\nmodule.exports = function f(s) { return RE.test(s); };", decoy: "const A = 'a+';\nconst RE = new RegExp(`^${A}$`);\nmodule.exports = function f(s) { return RE.test(s); };" },
  { name: 'helper matches(re, s)', bug: `function matches(re, s) { return re.test(s); }\nconst RE = ${EXP};\nmodule.exports = function f(s) { return matches(RE, s); };`, decoy: `function matches(re, s) { return re.test(s); }\nconst RE = ${EXP};\nmodule.exports = function f(s) { return matches(RE, 'aaa'); };` },
  { name: 'helper matches(s, re) pattern second', bug: `function matches(s, re) { return s.match(re); }\nmodule.exports = function f(s) { return matches(s, ${EXP}); };`, decoy: `function matches(s, re) { return s.match(re); }\nmodule.exports = function f(s) { return matches(s, ${SAFE}); };` },
  // how the input arrives
  { name: 'options field opts.value', bug: `module.exports = function f(opts) { return ${EXP}.test(opts.value); };`, decoy: `module.exports = function f(opts) { return ${EXP}.test(opts.format); };` },
  { name: 'options field opts.input', bug: `module.exports = function f(opts) { return ${EXP}.test(opts.input); };`, decoy: `module.exports = function f(opts) { if (opts.input.length > 100) throw new Error('long'); return ${EXP}.test(opts.input); };` },
  { name: 'destructured', bug: `module.exports = function f({ name }) { return ${EXP}.test(name); };`, decoy: `module.exports = function f({ name }) { return ${SAFE}.test(name); };` },
  { name: 'destructured in body', bug: `module.exports = function f(o) { const { name } = o; return ${EXP}.test(name); };`, decoy: `module.exports = function f(o) { const { name } = o; return ${SAFE}.test(name); };` },
  { name: 'defaulted', bug: `module.exports = function f(s = '') { return ${EXP}.test(s); };`, decoy: `module.exports = function f(s = '') { return ${SAFE}.test(s); };` },
  { name: 'arguments[0]', bug: `module.exports = function f() { return ${EXP}.test(arguments[0]); };`, decoy: `module.exports = function f() { if (arguments[0].length > 64) return false; return ${EXP}.test(arguments[0]); };` },
  { name: 'rest param args[0]', bug: `module.exports = function f(...args) { return ${EXP}.test(args[0]); };`, decoy: `module.exports = function f(...args) { return ${SAFE}.test(args[0]); };` },
  { name: 'this.input set in constructor', bug: `class P {\n  constructor(input) { this.input = input; }\n  run() { return ${EXP}.test(this.input); }\n}\nmodule.exports = P;`, decoy: `class P {\n  constructor(input) { this.input = input; this.kind = 'x'; }\n  run() { return ${EXP}.test(this.kind); }\n}\nmodule.exports = P;` },
  { name: 'prototype method', bug: `function P() {}\nP.prototype.parse = function (s) { return ${EXP}.test(s); };\nmodule.exports = P;`, decoy: `function P() {}\nP.prototype.parse = function (s) { return ${SAFE}.test(s); };\nmodule.exports = P;` },
  { name: 'exported class method', bug: `export class P {\n  parse(s) { return ${EXP}.test(s); }\n}`, decoy: `export class P {\n  parse(s) { return ${SAFE}.test(s); }\n}`, path: 'index.mjs', decoyPath: 'index.mjs' },
  { name: 'export default function', bug: `export default function parse(s) { return ${EXP}.test(s); }`, decoy: `export default function parse(s) { return ${SAFE}.test(s); }`, path: 'index.mjs', decoyPath: 'index.mjs' },
  { name: 'TypeScript typed param', bug: `export function parse(s: string): boolean { return ${EXP}.test(s); }`, decoy: `export function parse(s: string): boolean { return ${SAFE}.test(s); }`, path: 'index.ts', decoyPath: 'index.ts' },
  { name: 'TS class with private field', bug: `export class P {\n  private text: string;\n  constructor(text: string) { this.text = text; }\n  parse(): boolean { return ${EXP}.test(this.text); }\n}`, decoy: `export class P {\n  private text: string;\n  constructor(text: string) { this.text = 'x'; }\n  parse(): boolean { return ${EXP}.test(this.text); }\n}`, path: 'index.ts', decoyPath: 'index.ts' },
  { name: 'TS parameter property', bug: `export class P {\n  constructor(private text: string) {}\n  parse(): boolean { return ${EXP}.test(this.text); }\n}`, decoy: `export class P {\n  constructor(private text: string) {}\n  parse(): boolean { return ${SAFE}.test(this.text); }\n}`, path: 'index.ts', decoyPath: 'index.ts' },
  { name: 'arrow expression body export', bug: `const f = (s) => ${EXP}.test(s);\nmodule.exports = f;`, decoy: `const f = (s) => ${SAFE}.test(s);\nmodule.exports = f;` },
  { name: 'api object built then exported', bug: `const api = {};\napi.parse = function (s) { return ${EXP}.test(s); };\nmodule.exports = api;`, decoy: `const api = {};\napi.parse = function (s) { return ${SAFE}.test(s); };\nmodule.exports = api;` },
  // derived subjects
  { name: 'String(x)', bug: `module.exports = function f(x) { return ${EXP}.test(String(x)); };`, decoy: `module.exports = function f(x) { return ${SAFE}.test(String(x)); };` },
  { name: 'x.trim()', bug: `module.exports = function f(x) { return ${EXP}.test(x.trim()); };`, decoy: `module.exports = function f(x) { return ${EXP}.test(x.trim().slice(0, 50)); };` },
  { name: 'x.toLowerCase()', bug: `module.exports = function f(x) { const v = x.toLowerCase(); return ${EXP}.test(v); };`, decoy: `module.exports = function f(x) { const v = x.toLowerCase(); return ${SAFE}.test(v); };` },
  { name: 'template', bug: 'module.exports = function f(x) { return ' + EXP + '.test(`${x}`); };', decoy: 'module.exports = function f(x) { return ' + SAFE + '.test(`${x}`); };' },
  { name: 'concatenation', bug: `module.exports = function f(x) { return ${EXP}.test('a' + x); };`, decoy: `module.exports = function f(x) { return ${SAFE}.test('a' + x); };` },
  { name: 'x + "" coercion', bug: `module.exports = function f(x) { x = x + ''; return ${EXP}.test(x); };`, decoy: `module.exports = function f(x) { x = x + ''; return ${SAFE}.test(x); };` },
  { name: "split(',') elements map", bug: `module.exports = function f(x) { return x.split(',').map((p) => ${EXP}.test(p)); };`, decoy: `module.exports = function f(x) { return x.split(',').map((p) => ${SAFE}.test(p)); };` },
  { name: "loop var over s.split('\\n')", bug: `module.exports = function f(s) { for (const line of s.split('\\n')) if (${EXP}.test(line)) return line; return null; };`, decoy: `module.exports = function f(s) { for (const line of 'a\\nb'.split('\\n')) if (${EXP}.test(line)) return line; return null; };` },
  { name: 'indexed loop over lines', bug: `module.exports = function f(s) { var lines = s.split('\\n'); for (var i = 0; i < lines.length; i++) if (${EXP}.test(lines[i])) return i; return -1; };`, decoy: `module.exports = function f(s) { var lines = s.split('\\n'); for (var i = 0; i < lines.length; i++) if (${SAFE}.test(lines[i])) return i; return -1; };` },
  { name: 'closure returned by factory', bug: `module.exports = function make() { return function (s) { return ${EXP}.test(s); }; };`, decoy: `module.exports = function make() { return function (s) { return ${SAFE}.test(s); }; };` },
  { name: 'closure over factory arg', bug: `module.exports = function make(s) { return function () { return ${EXP}.test(s); }; };`, decoy: `module.exports = function make(s) { return function () { return ${SAFE}.test(s); }; };` },
  { name: 'nested helper reading outer param', bug: `module.exports = function f(s) { function check() { return ${EXP}.test(s); } return check(); };`, decoy: `module.exports = function f(s) { function check() { return ${SAFE}.test(s); } return check(); };` },
  { name: "callback to library's own iterator", bug: `function each(list, fn) { for (var i = 0; i < list.length; i++) fn(list[i]); }\nmodule.exports = function f(items) { var out = []; each(items, function (s) { out.push(${EXP}.test(s)); }); return out; };`, decoy: `function each(list, fn) { for (var i = 0; i < list.length; i++) fn(list[i]); }\nmodule.exports = function f(items) { var out = []; each(['a', 'b'], function (s) { out.push(${EXP}.test(s)); }); return out; };` },
  { name: 'object value of param iterated', bug: `module.exports = function f(obj) { return Object.keys(obj).filter((k) => ${EXP}.test(obj[k])); };`, decoy: `module.exports = function f(obj) { return Object.keys(obj).filter((k) => ${SAFE}.test(obj[k])); };` },
  { name: 'object keys of param', bug: `module.exports = function f(obj) { return Object.keys(obj).filter((k) => ${EXP}.test(k)); };`, decoy: `module.exports = function f(obj) { return Object.keys(obj).filter((k) => ${SAFE}.test(k)); };` },
  { name: 'for-in keys of param', bug: `module.exports = function f(obj) { var out = []; for (var k in obj) if (${EXP}.test(k)) out.push(k); return out; };`, decoy: `module.exports = function f(obj) { var out = []; for (var k in obj) if (${SAFE}.test(k)) out.push(k); return out; };` },
  { name: 'array param element', bug: `module.exports = function f(list) { return list.filter((s) => ${EXP}.test(s)); };`, decoy: `module.exports = function f(list) { return list.filter((s) => ${SAFE}.test(s)); };` },
  // polynomial
  { name: 'poly own argument', bug: `module.exports = function f(s) { return s.replace(${POLY}, ''); };`, decoy: `module.exports = function f(s) { if (s.length > 100) throw new Error('x'); return s.replace(${POLY}, ''); };` },
  { name: 'poly anchored on options field', bug: `module.exports = function f(o) { return /^\\s*a*\\s*a*$/.test(o.text); };`, decoy: `module.exports = function f(o) { return /^\\s*a+b$/.test(o.text); };` },
  { name: 'poly via s.trim() own argument', bug: `module.exports = function f(s) { return s.trim().replace(/\\s+x\\s+$/, ''); };`, decoy: `module.exports = function f(s) { return s.trim().replace(/x\\s+$/, ''); };` },
  // further shapes of each kind: lists and tables, held patterns, export shapes, caps
  { name: 'Object.entries destructured loop', bug: `const T = { a: ${EXP}, b: /^\\d+$/ };\nmodule.exports = function f(s) { for (const [name, re] of Object.entries(T)) if (re.test(s)) return name; return null; };`, decoy: `const T = { a: ${SAFE}, b: /^\\d+$/ };\nmodule.exports = function f(s) { for (const [name, re] of Object.entries(T)) if (re.test(s)) return name; return null; };` },
  { name: 'callback destructuring ({ re })', bug: `const rules = [{ re: /^\\d+$/ }, { re: ${EXP} }];\nmodule.exports = function f(s) { return rules.some(({ re }) => re.test(s)); };`, decoy: `const rules = [{ re: /^\\d+$/ }, { re: ${SAFE} }];\nmodule.exports = function f(s) { return rules.some(({ re }) => re.test(s)); };` },
  { name: 'TS private static readonly + this in static', bug: `export class P {\n  private static readonly RE = ${EXP};\n  static parse(s: string) { return this.RE.test(s); }\n}`, decoy: `export class P {\n  private static readonly RE = ${SAFE};\n  static parse(s: string) { return this.RE.test(s); }\n}`, path: 'index.ts', decoyPath: 'index.ts' },
  { name: 'Ctor.prototype = { re, parse }', bug: `function P() {}\nP.prototype = {\n  re: ${EXP},\n  parse: function (s) { return this.re.test(s); },\n};\nmodule.exports = P;`, decoy: `function P() {}\nP.prototype = {\n  re: ${SAFE},\n  parse: function (s) { return this.re.test(s); },\n};\nmodule.exports = P;` },
  { name: 'function property P.RE', bug: `function P(s) { return P.RE.test(s); }\nP.RE = ${EXP};\nmodule.exports = P;`, decoy: `function P(s) { return P.RE.test(s); }\nP.RE = ${SAFE};\nmodule.exports = P;` },
  { name: 'instance field re = /…/', bug: `class P {\n  re = ${EXP};\n  parse(s) { return this.re.test(s); }\n}\nmodule.exports = P;`, decoy: `class P {\n  re = ${SAFE};\n  parse(s) { return this.re.test(s); }\n}\nmodule.exports = P;` },
  { name: 'promise then of param', bug: `module.exports = function f(s) { return Promise.resolve(s).then((v) => ${EXP}.test(v)); };`, decoy: `module.exports = function f(s) { return Promise.resolve('x').then((v) => ${EXP}.test(v)); };` },
  { name: 'await of param', bug: `module.exports = async function f(p) { const v = await p; return ${EXP}.test(v); };`, decoy: `module.exports = async function f(p) { const v = await p; return ${SAFE}.test(v); };` },
  { name: 'hoisted exports.parse = parse', bug: `exports.parse = parse;\nfunction parse(s) { return ${EXP}.test(s); }`, decoy: `exports.parse = parse;\nfunction parse(s) { return ${SAFE}.test(s); }` },
  { name: 'module.exports = { parse: (s) => … }', bug: `module.exports = { parse: (s) => ${EXP}.test(s) };`, decoy: `module.exports = { parse: (s) => ${SAFE}.test(s) };` },
  { name: 'export default { parse(s) {} }', bug: `export default { parse(s) { return ${EXP}.test(s); } };`, decoy: `export default { parse(s) { return ${SAFE}.test(s); } };`, path: 'index.mjs', decoyPath: 'index.mjs' },
  { name: 'Array.prototype.slice.call(arguments)', bug: `module.exports = function f() { var args = Array.prototype.slice.call(arguments); return ${EXP}.test(args[0]); };`, decoy: `module.exports = function f() { var args = Array.prototype.slice.call(arguments); return ${SAFE}.test(args[0]); };` },
  { name: 'IIFE module object', bug: `var X = (function () {\n  var RE = ${EXP};\n  return { parse: function (s) { return RE.test(s); } };\n})();\nmodule.exports = X;`, decoy: `var X = (function () {\n  var RE = ${SAFE};\n  return { parse: function (s) { return RE.test(s); } };\n})();\nmodule.exports = X;` },
  { name: 'String.raw source', bug: "const RE = new RegExp(String.raw`^(\\w+\\s?)*$`);\nmodule.exports = function f(s) { return RE.test(s); };", decoy: "const RE = new RegExp(String.raw`^\\w+$`);\nmodule.exports = function f(s) { return RE.test(s); };" },
  { name: 'replace with callback fn', bug: `module.exports = function f(s) { return s.replace(/(a+)+b/g, (m) => m.toUpperCase()); };`, decoy: `module.exports = function f(s) { return s.replace(/x+/g, (m) => m.toUpperCase()); };` },
  { name: 'cut by a constant name', bug: `module.exports = function f(s) { return ${EXP}.test(s); };`, decoy: `const MAX = 100;\nmodule.exports = function f(s) { const v = s.slice(0, MAX); return ${EXP}.test(v); };` },
  { name: 'param reassigned to a cut', bug: `module.exports = function f(s) { s = s.trim(); return ${EXP}.test(s); };`, decoy: `module.exports = function f(s) { s = s.substring(0, 100); return ${EXP}.test(s); };` },
  { name: 'typeof and length guard', bug: `module.exports = function f(s) { if (typeof s !== 'string') return false; return ${EXP}.test(s); };`, decoy: `module.exports = function f(s) { if (typeof s !== 'string' || s.length > 256) return false; return ${EXP}.test(s); };` },
  { name: 'length cap by constant name', bug: `module.exports = function f(s) { return ${EXP}.test(s); };`, decoy: `const MAX_LENGTH = 256;\nmodule.exports = function f(s) { if (s.length > MAX_LENGTH) throw new Error('long'); return ${EXP}.test(s); };` },
  { name: 'loop counter over the text itself', bug: `module.exports = function f(s) { var n = 0; for (var i = 0; i < s.length; i++) n++; return ${EXP}.test(s); };`, decoy: `module.exports = function f(s) { var n = 0; for (var i = 0; i < s.length; i++) n++; return ${SAFE}.test(s); };` },
  { name: 'split on poly pattern own arg', bug: `module.exports = function f(s) { return s.split(/\\s*,\\s*/); };`, decoy: `module.exports = function f(s) { return s.split(','); };` },

    { name: 'getter over constructor field', bug: `class P {\n  constructor(v) { this.value = v; }\n  get valid() { return ${EXP}.test(this.value); }\n}\nmodule.exports = P;`, decoy: `class P {\n  constructor(v) { this.value = v; }\n  get valid() { return ${SAFE}.test(this.value); }\n}\nmodule.exports = P;` },
  { name: 'field set by a setter method', bug: `class P {\n  setInput(s) { this.input = s; return this; }\n  parse() { return ${EXP}.test(this.input); }\n}\nmodule.exports = P;`, decoy: `class P {\n  setInput(s) { this.input = 'x'; return this; }\n  parse() { return ${EXP}.test(this.input); }\n}\nmodule.exports = P;` },
  { name: 'internal class built by exported fn', bug: `class P {\n  constructor(s) { this.s = s; }\n  run() { return ${EXP}.test(this.s); }\n}\nmodule.exports = function parse(s) { return new P(s).run(); };`, decoy: `class P {\n  constructor(s) { this.s = s; }\n  run() { return ${EXP}.test(this.s); }\n}\nmodule.exports = function parse(s) { return new P('abc').run(); };` },
  { name: 'patterns from a function returning an object', bug: `function patterns() { return { word: ${EXP}, n: /^\\d+$/ }; }\nmodule.exports = function f(s) { return patterns().word.test(s); };`, decoy: `function patterns() { return { word: ${SAFE}, n: /^\\d+$/ }; }\nmodule.exports = function f(s) { return patterns().word.test(s); };` },
  { name: 'Map of patterns .get', bug: `const PATTERNS = new Map([['word', ${EXP}], ['n', /^\\d+$/]]);\nmodule.exports = function f(kind, s) { return PATTERNS.get(kind).test(s); };`, decoy: `const PATTERNS = new Map([['word', ${SAFE}], ['n', /^\\d+$/]]);\nmodule.exports = function f(kind, s) { return PATTERNS.get(kind).test(s); };` },
  { name: 'lazily compiled pattern', bug: `let re;\nfunction getRe() { return re || (re = new RegExp('^(a+)+$')); }\nmodule.exports = function f(s) { return getRe().test(s); };`, decoy: `let re;\nfunction getRe() { return re || (re = new RegExp('^a+$')); }\nmodule.exports = function f(s) { return getRe().test(s); };` },
  { name: 'optional call re?.test', bug: `const RE = ${EXP};\nmodule.exports = function f(s) { return RE?.test(s); };`, decoy: `const RE = ${SAFE};\nmodule.exports = function f(s) { return RE?.test(s); };` },
  { name: 'options merged then field', bug: `module.exports = function f(s, options) { const o = Object.assign({}, { x: 1 }, options); return ${EXP}.test(s); };`, decoy: `module.exports = function f(s, options) { const o = Object.assign({}, { x: 1 }, options); return ${EXP}.test(o.format); };` },
  { name: 'validator style assertString', bug: `function assertString(s) { if (typeof s !== 'string') throw new TypeError('x'); }\nmodule.exports = function isX(str) { assertString(str); return ${EXP}.test(str); };`, decoy: `function assertString(s) { if (typeof s !== 'string') throw new TypeError('x'); }\nmodule.exports = function isX(str) { assertString(str); return ${SAFE}.test(str); };` },

    { name: 'RegExp of another regex .source', bug: `const A = /(a+)+/;\nconst RE = new RegExp('^' + A.source + '$');\nmodule.exports = function f(s) { return RE.test(s); };`, decoy: `const A = /a+/;\nconst RE = new RegExp('^' + A.source + '$');\nmodule.exports = function f(s) { return RE.test(s); };` },
  { name: 'template of .source', bug: "const A = /(a+)+/;\nconst RE = new RegExp(`^${A.source}$`);\nmodule.exports = function f(s) { return RE.test(s); };", decoy: "const A = /a+/;\nconst RE = new RegExp(`^${A.source}$`);\nmodule.exports = function f(s) { return RE.test(s); };" },
  { name: 'defineProperty String.prototype', bug: `Object.defineProperty(String.prototype, 'clean', { value: function () { return this.replace(/(a+)+b/g, ''); } });`, decoy: `Object.defineProperty(String.prototype, 'clean', { value: function () { return this.replace(/x+/g, ''); } });` },
  { name: 'inherited method of exported subclass', bug: `class A {\n  parse(s) { return ${EXP}.test(s); }\n}\nclass B extends A {}\nmodule.exports = B;`, decoy: `class A {\n  parse(s) { return ${SAFE}.test(s); }\n}\nclass B extends A {}\nmodule.exports = B;` },
  { name: 'Object.assign(Ctor.prototype, {...})', bug: `function P() {}\nObject.assign(P.prototype, { parse(s) { return ${EXP}.test(s); } });\nmodule.exports = P;`, decoy: `function P() {}\nObject.assign(P.prototype, { parse(s) { return ${SAFE}.test(s); } });\nmodule.exports = P;` },
  { name: 'module.exports = Object.freeze({ parse })', bug: `function parse(s) { return ${EXP}.test(s); }\nmodule.exports = Object.freeze({ parse });`, decoy: `function parse(s) { return ${SAFE}.test(s); }\nmodule.exports = Object.freeze({ parse });` },
  { name: "exports['parse'] =", bug: `exports['parse'] = function (s) { return ${EXP}.test(s); };`, decoy: `exports['parse'] = function (s) { return ${SAFE}.test(s); };` },
  { name: 'export default object of methods', bug: `const utils = { parse(s) { return ${EXP}.test(s); } };\nexport default utils;`, decoy: `const utils = { parse(s) { return ${SAFE}.test(s); } };\nexport default utils;`, path: 'index.mjs', decoyPath: 'index.mjs' },
  { name: 'export const object of arrows', bug: `export const utils = { parse: (s) => ${EXP}.test(s) };`, decoy: `export const utils = { parse: (s) => ${SAFE}.test(s) };`, path: 'index.mjs', decoyPath: 'index.mjs' },
  { name: 'static via Ctor.parse = function', bug: `function P() {}\nP.parse = function (s) { return ${EXP}.test(s); };\nmodule.exports = P;`, decoy: `function P() {}\nP.parse = function (s) { return ${SAFE}.test(s); };\nmodule.exports = P;` },
  { name: 'export { parse as default }', bug: `function parse(s) { return ${EXP}.test(s); }\nexport { parse as default };`, decoy: `function parse(s) { return ${SAFE}.test(s); }\nexport { parse as default };`, path: 'index.mjs', decoyPath: 'index.mjs' },
  { name: 'while exec slice with counter', bug: `const RE = /^(a+)+$/;\nmodule.exports = function f(str) { var i = 0; while (i < str.length) { if (RE.exec(str.slice(i))) return i; i++; } return -1; };`, decoy: `const RE = /^a+$/;\nmodule.exports = function f(str) { var i = 0; while (i < str.length) { if (RE.exec(str.slice(i))) return i; i++; } return -1; };` },
  { name: 'TS exported function with overloads/interface param', bug: `interface Opts { text: string }\nexport function parse(o: Opts): boolean { return ${EXP}.test(o.text); }`, decoy: `interface Opts { text: string }\nexport function parse(o: Opts): boolean { return ${SAFE}.test(o.text); }`, path: 'index.ts', decoyPath: 'index.ts' },
  { name: 'TS namespace export', bug: `export namespace Util {\n  export function parse(s: string) { return ${EXP}.test(s); }\n}`, decoy: `export namespace Util {\n  export function parse(s: string) { return ${SAFE}.test(s); }\n}`, path: 'index.ts', decoyPath: 'index.ts' },
  { name: 'named function hung on the exported object', bug: `function hooks() {}\nfunction parseInput(s) { return ${EXP}.test(s); }\nhooks.parse = parseInput;\nmodule.exports = hooks;`, decoy: `function hooks() {}\nfunction parseInput(s) { return ${EXP}.test(s); }\nconst local = {};\nlocal.parse = parseInput;\nmodule.exports = hooks;` },
  { name: 'UMD factory in parentheses, function hung on what it returns', bug: `(function (global, factory) {\n  module.exports = factory();\n}(this, (function () {\n  function hooks() {}\n  function parseInput(s) { return ${EXP}.exec(s); }\n  hooks.parse = parseInput;\n  return hooks;\n})));`, decoy: `(function (global, factory) {\n  module.exports = factory();\n}(this, (function () {\n  function hooks() {}\n  function parseInput(s) { return ${SAFE}.exec(s); }\n  hooks.parse = parseInput;\n  return hooks;\n})));` },
  { name: 'named factory whose result is exported', bug: `;(function () {\n  function runInContext() {\n    function trim(s) { return s.replace(/(a+)+b/g, ''); }\n    function lodash() {}\n    lodash.trim = trim;\n    return lodash;\n  }\n  var _ = runInContext();\n  module.exports = _;\n}.call(this));`, decoy: `;(function () {\n  function runInContext() {\n    function trim(s) { return s.replace(/(a+)+b/g, ''); }\n    function lodash() {}\n    lodash.size = function () { return 0; };\n    return lodash;\n  }\n  var _ = runInContext();\n  module.exports = _;\n}.call(this));` },
  { name: 'table filled at module level', bug: `var block = {};\nblock.heading = ${EXP};\nmodule.exports = function lex(src) { return block.heading.exec(src); };`, decoy: `var block = {};\nblock.heading = ${SAFE};\nmodule.exports = function lex(src) { return block.heading.exec(src); };` },
  { name: 'this field holding a module table', bug: `var block = { newline: /^\\n+/, heading: ${EXP} };\nfunction Lexer() { this.rules = block; }\nLexer.prototype.token = function (src) { return this.rules.heading.exec(src); };\nmodule.exports = Lexer;`, decoy: `var block = { newline: /^\\n+/, heading: ${SAFE} };\nfunction Lexer() { this.rules = block; }\nLexer.prototype.token = function (src) { return this.rules.heading.exec(src); };\nmodule.exports = Lexer;` },
  { name: 'field of a config object the callers set from the input', bug: `function fromString(config) { return ${EXP}.exec(config._i); }\nfunction fromInput(config) { if (typeof config._i === 'string') return fromString(config); }\nmodule.exports = function createLocal(input) { var c = {}; c._i = input; return fromInput(c); };`, decoy: `function fromString(config) { return ${EXP}.exec(config._i); }\nfunction fromInput(config) { if (typeof config._i === 'string') return fromString(config); }\nmodule.exports = function createLocal(input) { var c = {}; c._i = 'now'; c._n = input; return fromInput(c); };` },
  // patterns handed out: the library's callers apply them to their own text (exported-pattern.ts)
  { name: 'exported factory returning a literal', bug: `module.exports = () => ${EXP};`, decoy: `module.exports = () => ${SAFE};` },
  { name: 'exported constant pattern', bug: `exports.WORD = ${EXP};`, decoy: `const WORD = ${EXP};\nexports.isWord = function (s) { return typeof s === 'string'; };` },
  { name: 'exported object of patterns', bug: `module.exports = { word: ${EXP}, n: /^\\d+$/ };`, decoy: `module.exports = { word: ${SAFE}, n: /^\\d+$/ };` },
  { name: 'RegExp of a joined table returned, flags by option', bug: "module.exports = ({ onlyFirst = false } = {}) => {\n  const pattern = [\n    '[a-z]+(?:;[a-z]*)*x',\n    'y\\\\d+z',\n  ].join('|');\n  return new RegExp(pattern, onlyFirst ? undefined : 'g');\n};", decoy: "module.exports = ({ onlyFirst = false } = {}) => {\n  const pattern = [\n    '[a-z]x',\n    'y\\\\d+z',\n  ].join('|');\n  return new RegExp(pattern, onlyFirst ? undefined : 'g');\n};" },
  { name: 'export const pattern', bug: `export const SLUG = ${EXP};`, decoy: `export const SLUG = ${SAFE};`, path: 'index.mjs', decoyPath: 'index.mjs' },
  { name: 'pattern built from the caller\'s word', bug: `module.exports = () => ${EXP};`, decoy: `module.exports = (word) => new RegExp('^' + word + '$');` },
  { name: 'private factory of a slow pattern', bug: `module.exports = function make() { return ${EXP}; };`, decoy: `function make() { return ${EXP}; }\nmodule.exports = function count(s) { return String(s).length; };` },
  // file-level decoys
  { name: 'test file', bug: `module.exports = function f(s) { return ${EXP}.test(s); };`, decoy: `module.exports = function f(s) { return ${EXP}.test(s); };`, decoyPath: 'test/index.test.js' },
  { name: 'CLI script', bug: `module.exports = function f(s) { return ${EXP}.test(s); };`, decoy: `#!/usr/bin/env node\nconst s = require('fs').readFileSync(0, 'utf8');\nconsole.log(${EXP}.test(s));`, decoyPath: 'bin/cli.js' },
];

// Shapes the rule misses, with the reason (the test fails when one starts being reported, so the list stays true).
const KNOWN_MISSES: Record<string, string> = {
  "exports['parse'] =": 'a computed key on exports is not read as an export (export-wrappers.ts EXPORTS_LEFT takes dotted names)',
};

function reported(content: string, path = 'index.js'): boolean {
  const language = path.endsWith('.ts') ? 'typescript' : 'javascript';
  const isTest = /(^|\/)test\//.test(path);
  return upheldFindings({ path, content, language, isTest, publicApi: 'probe' }).some((f) => f.ruleId === 'redos');
}

test('every probe: the bug is reported and the decoy beside it is not', () => {
  const wrong = PROBES.flatMap((p) => {
    const bug = reported(p.bug, p.path);
    const decoy = reported(p.decoy, p.decoyPath ?? p.path);
    const wantBug = !(p.name in KNOWN_MISSES);
    return bug === wantBug && !decoy ? [] : [`${p.name}: bug ${bug ? 'reported' : 'missed'}, decoy ${decoy ? 'reported' : 'silent'}`];
  });
  assert.deepEqual(wrong, []);
});

test('probe names are unique and every known miss names a probe', () => {
  const names = PROBES.map((p) => p.name);
  assert.equal(new Set(names).size, names.length);
  assert.deepEqual(Object.keys(KNOWN_MISSES).filter((n) => !names.includes(n)), []);
});
