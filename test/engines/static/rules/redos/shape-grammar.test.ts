// ReDoS shape grammar: small library modules composed from independent axes — how the caller's text arrives (the
// export shape and the parameter), how the library derives the matched text from it, where the pattern is written,
// how it is applied, and a decoy that must silence it — run through the engine the rule fixtures use
// (score.ts upheldFindings: hunt, then the static panel). Every vulnerable combination must be reported and every decoy
// must not; combinations the rule does not support by design are listed as expected misses with their reason, so the
// test fails as soon as one starts or stops firing. The axes are crossed one at a time from a default combination
// (the miss table) and in a seeded sample of the full product (interactions).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { upheldFindings } from '../../../../../src/engines/static/score.ts';
import { crossFileIncoming } from '../../../../../src/engines/static/index.ts';
import { prng } from '../../../../../scripts/kit/seeded-random.ts';

// An exponential pattern (nested quantifiers over overlapping classes) and a linear one.
const VULNERABLE = String.raw`^(\w+\s?)*$`;
const SAFE = String.raw`^\w+$`;

/** How the caller's text arrives: a module exporting a function whose parameter (or its stand-in) is `v`;
 * `body(v)` is the function's statements. */
type Arrival = (body: (v: string) => string) => string;
const ARRIVALS: Record<string, Arrival> = {
  'module.exports = function': (b) => `module.exports = function parse(input) {\n${b('input')}\n};`,
  'module.exports = { f }': (b) => `function parse(input) {\n${b('input')}\n}\nmodule.exports = { parse };`,
  'exports.f =': (b) => `exports.parse = function (input) {\n${b('input')}\n};`,
  'ESM export function': (b) => `export function parse(input) {\n${b('input')}\n}`,
  'ESM export default arrow': (b) => `export default (input) => {\n${b('input')}\n};`,
  'ESM export const arrow': (b) => `export const parse = (input) => {\n${b('input')}\n};`,
  'ESM export class': (b) => `export class Parser {\n  parse(input) {\n${b('input')}\n  }\n}`,
  'exported object method shorthand': (b) => `module.exports = {\n  parse(input) {\n${b('input')}\n  },\n};`,
  'static class method': (b) => `class Parser {\n  static parse(input) {\n${b('input')}\n  }\n}\nmodule.exports = Parser;`,
  'Foo.prototype = { m }': (b) => `function Parser() {}\nParser.prototype = {\n  parse: function (input) {\n${b('input')}\n  },\n};\nmodule.exports = Parser;`,
  'async function': (b) => `module.exports = async function parse(input) {\n${b('input')}\n};`,
  'function returned by an exported factory': (b) => `module.exports = function create() {\n  return function parse(input) {\n${b('input')}\n  };\n};`,
  'class method': (b) => `class Parser {\n  parse(input) {\n${b('input')}\n  }\n}\nmodule.exports = Parser;`,
  'Foo.prototype.m': (b) => `function Parser() {}\nParser.prototype.parse = function (input) {\n${b('input')}\n};\nmodule.exports = Parser;`,
  'destructured param': (b) => `module.exports = function parse({ input }) {\n${b('input')}\n};`,
  'defaulted param': (b) => `module.exports = function parse(input = '') {\n${b('input')}\n};`,
  'arguments[0]': (b) => `module.exports = function parse() {\n  var input = arguments[0];\n${b('input')}\n};`,
  'options field': (b) => `module.exports = function parse(opts) {\n  var input = opts.text;\n${b('input')}\n};`,
  'this field set in constructor': (b) => `class Parser {\n  constructor(input) {\n    this.input = input;\n  }\n  run() {\n${b('this.input')}\n  }\n}\nmodule.exports = Parser;`,
  'private helper': (b) => `function check(input) {\n${b('input')}\n}\nmodule.exports = function parse(text) {\n  return check(text);\n};`,
  'helper.call(this, x)': (b) => `function check(input) {\n${b('input')}\n}\nmodule.exports = function parse(text) {\n  return check.call(this, text);\n};`,
  'helper.apply(this, [x])': (b) => `function check(input) {\n${b('input')}\n}\nmodule.exports = function parse(text) {\n  return check.apply(this, [text]);\n};`,
  'forEach callback': (b) => `module.exports = function parse(list) {\n  list.forEach(function (input) {\n${b('input')}\n  });\n};`,
  'map callback': (b) => `module.exports = function parse(list) {\n  return list.map((input) => {\n${b('input')}\n  });\n};`,
  'replace callback': (b) => `module.exports = function parse(text) {\n  return text.replace(/<[^<>]*>/g, function (input) {\n${b('input')}\n  });\n};`,
  'UMD factory': (b) => `(function (root, factory) {\n  if (typeof define === 'function' && define.amd) define([], factory);\n  else if (typeof module === 'object' && module.exports) module.exports = factory();\n  else root.Parser = factory();\n}(this, function () {\n  function parse(input) {\n${b('input')}\n  }\n  return { parse: parse };\n}));`,
  "Babel's exports.default = _default": (b) => `'use strict';\nObject.defineProperty(exports, '__esModule', { value: true });\nexports.default = void 0;\nvar _default = function _default(input) {\n${b('input')}\n};\nexports.default = _default;`,
  'Object.defineProperty(exports, …)': (b) => `Object.defineProperty(exports, 'parse', { enumerable: true, get: function () { return parse; } });\nfunction parse(input) {\n${b('input')}\n}`,
  'Object.assign(module.exports, …)': (b) => `function parse(input) {\n${b('input')}\n}\nObject.assign(module.exports, { parse: parse });`,
  "a callback of the library's own iterator": (b) => `function each(list, fn) {\n  for (var i = 0; i < list.length; i++) fn(list[i]);\n}\nmodule.exports = function parse(items) {\n  each(items, function (input) {\n${b('input')}\n  });\n};`,
  'Array.prototype.slice.call(arguments)': (b) => `module.exports = function parse() {\n  var args = Array.prototype.slice.call(arguments);\n  var input = args[0];\n${b('input')}\n};`,
  'a field a setter method stores': (b) => `class Parser {\n  setInput(input) {\n    this.input = input;\n    return this;\n  }\n  run() {\n${b('this.input')}\n  }\n}\nmodule.exports = Parser;`,
  'a method an exported subclass inherits': (b) => `class Base {\n  parse(input) {\n${b('input')}\n  }\n}\nclass Parser extends Base {}\nmodule.exports = Parser;`,
  'Object.assign(Ctor.prototype, { m })': (b) => `function Parser() {}\nObject.assign(Parser.prototype, {\n  parse(input) {\n${b('input')}\n  },\n});\nmodule.exports = Parser;`,
  'ESM export const object of arrows': (b) => `export const parser = {\n  parse: (input) => {\n${b('input')}\n  },\n};`,
  'TS parameter property': (b) => `export class Parser {\n  constructor(private input: string) {}\n  run() {\n${b('this.input')}\n  }\n}`,
};

/** How the matched text is derived from the arriving value. */
const DERIVATIONS: Record<string, (v: string) => string> = {
  'the value itself': (v) => v,
  'String(x)': (v) => `String(${v})`,
  'x.trim()': (v) => `${v}.trim()`,
  'x.toLowerCase()': (v) => `${v}.toLowerCase()`,
  'a split piece': (v) => `${v}.split(',')[0]`,
  'a concatenation': (v) => `('<' + ${v} + '>')`,
  'a template': (v) => `\`<\${${v}}>\``,
  'a slice from an offset': (v) => `${v}.slice(1)`,
  'a replace chain': (v) => `${v}.replace(/\\r\\n/g, '\\n')`,
  'a default for a missing value': (v) => `(${v} || '')`,
  'a line of the text': (v) => `${v}.split('\\n').pop()`,
  'bound to a name first': (v) => v,
  'a line of an indexed loop': () => 'lines[i]',
};

/** How the pattern is applied to the subject `s` (`re` is the pattern expression). */
const APPLICATIONS: Record<string, (re: string, s: string) => string> = {
  '.test': (re, s) => `${re}.test(${s})`,
  '.exec': (re, s) => `${re}.exec(${s})`,
  '.match': (re, s) => `${s}.match(${re})`,
  '.matchAll': (re, s) => `[...${s}.matchAll(${re})]`,
  '.replace': (re, s) => `${s}.replace(${re}, '')`,
  '.split': (re, s) => `${s}.split(${re})`,
  '.search': (re, s) => `${s}.search(${re})`,
  '.replaceAll': (re, s) => `${s}.replaceAll(${re}, '')`,
  '[Symbol.replace]': (re, s) => `${re}[Symbol.replace](${s}, '')`,
  'RegExp.prototype.test.call': (re, s) => `RegExp.prototype.test.call(${re}, ${s})`,
  'String.prototype.split.call': (re, s) => `String.prototype.split.call(${s}, ${re})`,
};

/** Where the pattern is written: module-level statements and the statement applying it (`apply(reExpr)`). */
interface Origin { prelude: (src: string, flags: string) => string; use: (apply: (re: string) => string, src: string, flags: string) => string }
const lit = (src: string, flags: string) => `/${src}/${flags}`;
const str = (src: string) => JSON.stringify(src);
const ORIGINS: Record<string, Origin> = {
  'a literal at the match': { prelude: () => '', use: (a, src, flags) => `return ${a(lit(src, flags))};` },
  "new RegExp('…') at the match": { prelude: () => '', use: (a, src, flags) => `return ${a(`new RegExp(${str(src)}, '${flags}')`)};` },
  'a module-level const': { prelude: (src, flags) => `const PATTERN = ${lit(src, flags)};`, use: (a) => `return ${a('PATTERN')};` },
  'a module-level RegExp of constant strings': { prelude: (src, flags) => `const WORD = ${str(src.slice(0, 4))};\nconst PATTERN = new RegExp(WORD + ${str(src.slice(4))}, '${flags}');`, use: (a) => `return ${a('PATTERN')};` },
  'an object table at a computed key': { prelude: (src, flags) => `const PATTERNS = { word: ${lit(src, flags)}, digits: /^\\d+$/${flags} };`, use: (a) => `var out = [];\n  for (var kind in PATTERNS) out.push(${a('PATTERNS[kind]')});\n  return out;` },
  'for (const re of list)': { prelude: (src, flags) => `const LIST = [/^\\d+$/${flags}, ${lit(src, flags)}];`, use: (a) => `for (const re of LIST) {\n    if (${a('re')}) return re;\n  }\n  return null;` },
  'list.forEach((re) => …)': { prelude: (src, flags) => `const LIST = [/^\\d+$/${flags}, ${lit(src, flags)}];`, use: (a) => `var hits = [];\n  LIST.forEach(function (re) { hits.push(${a('re')}); });\n  return hits;` },
  'a same-file factory function': { prelude: (src, flags) => `function pattern() {\n  return ${lit(src, flags)};\n}`, use: (a) => `return ${a('pattern()')};` },
  "an entry's field in list.some((r) => …)": { prelude: (src, flags) => `const RULES = [{ re: /^\\d+$/${flags} }, { re: ${lit(src, flags)} }];`, use: (a) => `return RULES.some((r) => ${a('r.re')});` },
  'for (const [re, fn] of table)': { prelude: (src, flags) => `const TABLE = [[/^\\d+$/${flags}, Number], [${lit(src, flags)}, String]];`, use: (a) => `for (const [re, fn] of TABLE) {\n    if (${a('re')}) return fn;\n  }\n  return null;` },
  'for (const [k, re] of Object.entries(table))': { prelude: (src, flags) => `const TABLE = { digits: /^\\d+$/${flags}, word: ${lit(src, flags)} };`, use: (a) => `for (const [kind, re] of Object.entries(TABLE)) {\n    if (${a('re')}) return kind;\n  }\n  return null;` },
  'Object.values(table).some': { prelude: (src, flags) => `const TABLE = { digits: /^\\d+$/${flags}, word: ${lit(src, flags)} };`, use: (a) => `return Object.values(TABLE).some((re) => ${a('re')});` },
  'a class static field': { prelude: (src, flags) => `class Patterns {\n  static WORD = ${lit(src, flags)};\n}`, use: (a) => `return ${a('Patterns.WORD')};` },
  'a template of constant strings': { prelude: (src, flags) => `const HEAD = ${str(src.slice(0, 4))};\nconst TAIL = ${str(src.slice(4))};\nconst PATTERN = new RegExp(\`\${HEAD}\${TAIL}\`, '${flags}');`, use: (a) => `return ${a('PATTERN')};` },
  "a Map's value (PATTERNS.get(k))": { prelude: (src, flags) => `const PATTERNS = new Map([['digits', /^\\d+$/${flags}], ['word', ${lit(src, flags)}]]);`, use: (a) => `return ${a("PATTERNS.get('word')")};` },
  'an object a same-file function returns': { prelude: (src, flags) => `function patterns() {\n  return { digits: /^\\d+$/${flags}, word: ${lit(src, flags)} };\n}`, use: (a) => `return ${a('patterns().word')};` },
  "a pattern's .source in a RegExp": { prelude: (src, flags) => `const BODY = ${lit(src.slice(1, -1), '')};\nconst PATTERN = new RegExp('^' + BODY.source + '$', '${flags}');`, use: (a) => `return ${a('PATTERN')};` },
  'String.raw': { prelude: (src, flags) => `const PATTERN = new RegExp(String.raw\`${src}\`, '${flags}');`, use: (a) => `return ${a('PATTERN')};` },
};

/** What must silence the finding; 'none' is the vulnerable combination. */
type Decoy = 'none' | 'a safe pattern' | 'a length cap before the match' | 'a developer constant matched' | 'a constant-length cut' | 'a cut to a length a constant names' | 'a length cap a constant names';
const DECOYS: Decoy[] = ['none', 'a safe pattern', 'a length cap before the match', 'a developer constant matched', 'a constant-length cut', 'a cut to a length a constant names', 'a length cap a constant names'];

interface Combination { arrival: string; derivation: string; origin: string; application: string; decoy: Decoy }

function program(c: Combination): string {
  const flags = c.application === '.matchAll' || c.application === '.replaceAll' ? 'g' : '';
  const src = c.decoy === 'a safe pattern' ? SAFE : VULNERABLE;
  const origin = ORIGINS[c.origin];
  const derive = DERIVATIONS[c.derivation];
  const apply = APPLICATIONS[c.application];
  assert.ok(origin && derive && apply, `unknown axis value in ${JSON.stringify(c)}`);
  const body = (v: string): string => {
    const lines: string[] = [];
    if (c.decoy === 'a length cap before the match') lines.push(`  if (${v}.length > 100) return null;`);
    if (c.decoy === 'a length cap a constant names') lines.push(`  if (${v}.length > MAX_INPUT) return null;`);
    let subject = derive(v);
    if (c.decoy === 'a developer constant matched') subject = 'DEFAULT_LABEL';
    if (c.decoy === 'a constant-length cut') subject = `${v}.slice(0, 64)`;
    if (c.decoy === 'a cut to a length a constant names') subject = `${v}.slice(0, MAX_INPUT)`;
    // The text split into lines, walked by an index (the loop's `i < lines.length` bounds the index, not a line).
    const looped = c.derivation === 'a line of an indexed loop';
    if (looped) lines.push(`  var lines = ${v}.split('\\n');`, '  for (var i = 0; i < lines.length; i++) {');
    if (c.derivation === 'bound to a name first' || /cut/.test(c.decoy)) {
      lines.push(`  var subject = ${subject};`);
      subject = 'subject';
    }
    lines.push(`  ${origin.use((re) => apply(re, subject), src, flags)}`);
    if (looped) lines.push('  }');
    return lines.join('\n');
  };
  const arrival = ARRIVALS[c.arrival];
  assert.ok(arrival, `unknown arrival ${c.arrival}`);
  const prelude = [c.decoy === 'a developer constant matched' ? "const DEFAULT_LABEL = 'plain label';" : '', /constant names/.test(c.decoy) ? 'const MAX_INPUT = 64;' : '', origin.prelude(src, flags)].filter(Boolean).join('\n');
  return `'use strict';\n${prelude}\n${arrival(body)}\n`;
}

function reported(content: string, path = 'index.js'): boolean {
  const language = path.endsWith('.ts') ? 'typescript' : 'javascript';
  return upheldFindings({ path, content, language, isTest: false, publicApi: 'shape-grammar' }).some((f) => f.ruleId === 'redos');
}

/** The file a combination is written to: ESM and TypeScript arrivals need their own extension. */
function pathOf(c: Combination): string {
  return c.arrival.startsWith('ESM') ? 'index.mjs' : c.arrival.startsWith('TS ') ? 'index.ts' : 'index.js';
}

// Axis values the rule misses by design, with the reason (a vulnerable combination holding one is expected unreported).
// (None at present: a replace callback's piece is the caller's text when the outer pattern lets any character
// through, as `/<[^<>]*>/` does here; the probe table holds the decoy whose outer pattern admits only `\w`.)
const EXPECTED_MISSES: Record<string, string> = {};

const DEFAULT: Combination = { arrival: 'module.exports = function', derivation: 'the value itself', origin: 'a literal at the match', application: '.test', decoy: 'none' };

function expectedReported(c: Combination): boolean {
  return c.decoy === 'none' && ![c.arrival, c.derivation, c.origin, c.application].some((v) => v in EXPECTED_MISSES);
}

function describe(c: Combination): string {
  return `${c.arrival} | ${c.derivation} | ${c.origin} | ${c.application} | ${c.decoy}`;
}

function disagreements(combinations: Combination[]): string[] {
  return combinations.flatMap((c) => {
    const content = program(c);
    const got = reported(content, pathOf(c));
    const want = expectedReported(c);
    return got === want ? [] : [`${want ? 'missed' : 'reported'}: ${describe(c)}\n${content}`];
  });
}

test('the miss table: each axis value crossed alone from the default combination', () => {
  const one: Combination[] = [
    ...Object.keys(ARRIVALS).map((arrival) => ({ ...DEFAULT, arrival })),
    ...Object.keys(DERIVATIONS).map((derivation) => ({ ...DEFAULT, derivation })),
    ...Object.keys(ORIGINS).map((origin) => ({ ...DEFAULT, origin })),
    ...Object.keys(APPLICATIONS).map((application) => ({ ...DEFAULT, application })),
    ...DECOYS.map((decoy) => ({ ...DEFAULT, decoy })),
  ];
  assert.deepEqual(disagreements(one), []);
});

test('a seeded sample of the full product agrees with the axis table (interactions)', () => {
  const random = prng(8_2026);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const sample: Combination[] = Array.from({ length: 160 }, () => ({
    arrival: pick(Object.keys(ARRIVALS)),
    derivation: pick(Object.keys(DERIVATIONS)),
    origin: pick(Object.keys(ORIGINS)),
    application: pick(Object.keys(APPLICATIONS)),
    decoy: pick(DECOYS),
  }));
  assert.deepEqual(disagreements(sample), []);
});

/** A user-agent parser's shape: a private helper walks a list of pattern lists it is handed with `.call(this, …)`. */
function listOfLists(patterns: string): string {
  return [
    'var helpers = {',
    '  rgx: function (text, arrays) {',
    '    for (var i = 0; i < arrays.length; i += 2) {',
    '      var regex = arrays[i];',
    '      for (var j = 0; j < regex.length; j++) {',
    '        var m = regex[j].exec(text);',
    '        if (m) return m;',
    '      }',
    '    }',
    '    return null;',
    '  }',
    '};',
    `var TABLES = { browser: [[/^\\d+$/i, ${patterns}], ['name', 'version']] };`,
    'function Parser(source, extra) {',
    '  var text = source || \'\';',
    '  var map = extra ? Object.assign({}, TABLES, extra) : TABLES;',
    '  this.browser = function () { return helpers.rgx.call(this, text, map.browser); };',
    '}',
    'module.exports = Parser;',
  ].join('\n');
}

test('patterns from a list of lists a helper is handed with .call(this, …) are judged; safe ones are not reported', () => {
  assert.equal(reported(listOfLists(`/${VULNERABLE}/i`)), true);
  assert.equal(reported(listOfLists(`/${SAFE}/i`)), false);
});

/** Whether the first module is reported, scanned with the facts the cross-file pass reads from its relative imports. */
function reportedAcross(files: Record<string, string>): boolean {
  const sources = Object.entries(files).map(([path, content]) => ({ path, content, language: 'javascript', isTest: false, publicApi: 'shape-grammar' }));
  const { imported } = crossFileIncoming(sources);
  const main = sources[0]!;
  const facts = imported.get(main.path);
  return upheldFindings({ ...main, ...(facts ? { imported: facts } : {}) }).some((f) => f.ruleId === 'redos');
}

const PARSE = (test: string) => `module.exports = function parse(input) {\n  return ${test};\n};\n`;

// How another module of the package exports a pattern, and how the library imports and applies it.
const EXPORTED: Record<string, (src: string) => Record<string, string>> = {
  'exports.k = literal, destructured require': (src) => ({ 'lib/index.js': `const { word } = require('./patterns');\n${PARSE('word.test(input)')}`, 'lib/patterns.js': `exports.word = /${src}/;\n` }),
  'module.exports = { k: literal }, member of the module': (src) => ({ 'lib/index.js': `const patterns = require('./patterns');\n${PARSE('patterns.word.test(input)')}`, 'lib/patterns.js': `module.exports = { word: /${src}/, digits: /^\\d+$/ };\n` }),
  'new RegExp constant, shorthand export, required in place': (src) => ({ 'lib/index.js': PARSE("require('./patterns').word.test(input)"), 'lib/patterns.js': `const word = new RegExp(${JSON.stringify(src)});\nmodule.exports = { word };\n` }),
  'module.exports = literal': (src) => ({ 'lib/index.js': `const word = require('./word');\n${PARSE('input.match(word)')}`, 'lib/word.js': `module.exports = /${src}/;\n` }),
  'ESM export const, named import': (src) => ({ 'lib/index.mjs': `import { word } from './re.js';\nexport function parse(input) {\n  return word.test(input);\n}\n`, 'lib/re.js': `export const word = /${src}/;\n` }),
  'ESM export list with an alias': (src) => ({ 'lib/index.mjs': `import { W as word } from './re.js';\nexport function parse(input) {\n  return word.test(input);\n}\n`, 'lib/re.js': `const word = /${src}/;\nexport { word as W };\n` }),
  'ESM export default, default import': (src) => ({ 'lib/index.mjs': `import word from './re.js';\nexport function parse(input) {\n  return word.test(input);\n}\n`, 'lib/re.js': `export default /${src}/;\n` }),
  'a function returning the pattern (ansi-regex shape)': (src) => ({ 'lib/index.js': `const wordRegex = require('./word-regex');\n${PARSE('input.match(wordRegex())')}`, 'lib/word-regex.js': `module.exports = function () {\n  const pattern = [${JSON.stringify(src)}].join('|');\n  return new RegExp(pattern, 'g');\n};\n` }),
  'a declared function returning the pattern, named export': (src) => ({ 'lib/index.mjs': `import { wordRegex } from './re.js';\nexport function parse(input) {\n  return wordRegex().test(input);\n}\n`, 'lib/re.js': `export function wordRegex() {\n  return /${src}/;\n}\n` }),
  're-exported by an index module': (src) => ({ 'lib/main.js': `const { word } = require('./util');\n${PARSE('word.test(input)')}`, 'lib/util/index.js': "module.exports = require('./patterns');\n", 'lib/util/patterns.js': `exports.word = /${src}/;\n` }),
};

test('a pattern another module of the package exports is judged where the library applies it (module facts)', () => {
  for (const [shape, files] of Object.entries(EXPORTED)) {
    assert.equal(reportedAcross(files(VULNERABLE)), true, `vulnerable: ${shape}`);
    assert.equal(reportedAcross(files(SAFE)), false, `linear: ${shape}`);
  }
});

test('decoys for imported patterns: a package named like a local file, a parameter shadowing the import, a chain past the bound', () => {
  const vulnerable = `exports.word = /${VULNERABLE}/;\n`;
  // require('patterns') is a package of node_modules, not the local patterns.js.
  assert.equal(reportedAcross({ 'lib/index.js': `const { word } = require('patterns');\n${PARSE('word.test(input)')}`, 'lib/patterns.js': vulnerable }), false);
  // The function's own `word` parameter is the caller's pattern, not the imported one.
  assert.equal(reportedAcross({ 'lib/index.js': "const { word } = require('./patterns');\nmodule.exports = function parse(word, input) {\n  return word.test(input);\n};\n", 'lib/patterns.js': vulnerable }), false);
  // A function whose pattern depends on its argument, or that returns one of two, gives no fact; nor is a
  // pattern-returning function a pattern itself.
  assert.equal(reportedAcross({ 'lib/index.js': `const make = require('./make');\n${PARSE("input.match(make('(\\\\w+\\\\s?)*'))")}`, 'lib/make.js': "module.exports = function (p) {\n  return new RegExp('^' + p + '$');\n};\n" }), false);
  assert.equal(reportedAcross({ 'lib/index.js': `const make = require('./make');\n${PARSE('input.match(make())')}`, 'lib/make.js': `module.exports = function (safe) {\n  if (safe) return /${SAFE}/;\n  return /${VULNERABLE}/;\n};\n` }), false);
  assert.equal(reportedAcross({ 'lib/index.js': `const make = require('./make');\n${PARSE('make.test(input)')}`, 'lib/make.js': `module.exports = () => /${VULNERABLE}/;\n` }), false);
  // Re-exports are followed a fixed number of modules deep (MAX_REEXPORTS): a longer chain gives no fact.
  const chain = { 'lib/index.js': `const { word } = require('./a');\n${PARSE('word.test(input)')}`, 'lib/a.js': "module.exports = require('./b');\n", 'lib/b.js': "module.exports = require('./c');\n", 'lib/c.js': "module.exports = require('./d');\n", 'lib/d.js': vulnerable };
  assert.equal(reportedAcross(chain), false);
  assert.equal(reportedAcross({ ...chain, 'lib/b.js': vulnerable }), true);
});

test('decoys the developer writes: a configuration parameter or setting, a database row, across export shapes', () => {
  const pattern = `/${VULNERABLE}/`;
  const silent = [
    `module.exports = function format(date, formatStr) {\n  return ${pattern}.test(formatStr);\n};`,
    `exports.render = function (text, options) {\n  return ${pattern}.test(options.separator);\n};`,
    `class Formatter {\n  format(value, dateFormat) {\n    return ${pattern}.test(dateFormat.trim());\n  }\n}\nmodule.exports = Formatter;`,
    `module.exports = function schema(connection) {\n  return connection.query('select sql from master').then(function (results) {\n    return ${pattern}.test(results[0].sql);\n  });\n};`,
  ];
  assert.deepEqual(silent.filter((content) => reported(content)), []);
  // The same shapes on the data the function processes are reported.
  assert.equal(reported(`module.exports = function format(date, text) {\n  return ${pattern}.test(text);\n};`), true);
  assert.equal(reported(`exports.render = function (text, options) {\n  return ${pattern}.test(options.text);\n};`), true);
});

// Where an object holds the pattern (held-pattern.ts): each shape written with the vulnerable and the linear pattern.
const HELD: Record<string, { path?: string; code: (re: string) => string }> = {
  'a class instance field': { code: (re) => `class Parser {\n  re = ${re};\n  parse(input) {\n    return this.re.test(input);\n  }\n}\nmodule.exports = Parser;` },
  "the constructor's this.re": { code: (re) => `class Parser {\n  constructor() {\n    this.re = ${re};\n  }\n  parse(input) {\n    return this.re.test(input);\n  }\n}\nmodule.exports = Parser;` },
  'a function constructor and a prototype method': { code: (re) => `function Parser() {\n  this.re = ${re};\n}\nParser.prototype.parse = function (input) {\n  return this.re.test(input);\n};\nmodule.exports = Parser;` },
  'Ctor.prototype.re': { code: (re) => `function Parser() {}\nParser.prototype.re = ${re};\nParser.prototype.parse = function (input) {\n  return this.re.test(input);\n};\nmodule.exports = Parser;` },
  'Ctor.prototype = { re, parse }': { code: (re) => `function Parser() {}\nParser.prototype = {\n  re: ${re},\n  parse: function (input) {\n    return this.re.test(input);\n  },\n};\nmodule.exports = Parser;` },
  'a property of the exported function': { code: (re) => `function parse(input) {\n  return parse.RE.test(input);\n}\nparse.RE = ${re};\nmodule.exports = parse;` },
  "TS private static readonly, a static method's this": { path: 'index.ts', code: (re) => `export class Parser {\n  private static readonly RE = ${re};\n  static parse(input: string): boolean {\n    return this.RE.test(input);\n  }\n}` },
};

test('a pattern an object holds is judged where a method applies it; a linear one is not reported', () => {
  for (const [shape, { path, code }] of Object.entries(HELD)) {
    assert.equal(reported(code(`/${VULNERABLE}/`), path), true, `vulnerable: ${shape}`);
    assert.equal(reported(code(`/${SAFE}/`), path), false, `linear: ${shape}`);
  }
});

test('decoys for held patterns: an instance does not hold a static field, a field set from an argument has no verdict', () => {
  const re = `/${VULNERABLE}/`;
  const silent = [
    // A static field belongs to the class: an instance method's this.RE is another property.
    `class Parser {\n  static RE = ${re};\n  parse(input) {\n    return this.RE.test(input);\n  }\n}\nmodule.exports = Parser;`,
    // The caller hands the pattern: nothing in the file says which.
    `class Parser {\n  constructor(re) {\n    this.re = re;\n  }\n  parse(input) {\n    return this.re.test(input);\n  }\n}\nmodule.exports = Parser;`,
    // Another constructor's prototype holds it.
    `function Other() {}\nOther.prototype.re = ${re};\nfunction Parser() {}\nParser.prototype.parse = function (input) {\n  return this.re.test(input);\n};\nmodule.exports = Parser;`,
  ];
  assert.deepEqual(silent.filter((content) => reported(content)), []);
});

test('a parameter set to a constant-length cut before the match is bounded; one set to its trimmed text is not', () => {
  const shape = (reset: string) => `module.exports = function parse(input) {\n  input = ${reset};\n  return /${VULNERABLE}/.test(input);\n};`;
  assert.equal(reported(shape('input.substring(0, 64)')), false);
  assert.equal(reported(shape('input.trim()')), true);
});

test('a pattern picked from a list by a destructuring callback parameter', () => {
  const shape = (re: string) => `const RULES = [{ re: /^\\d+$/, name: 'n' }, { re: ${re}, name: 'w' }];\nmodule.exports = function parse(input) {\n  return RULES.find(({ re }) => re.test(input));\n};`;
  assert.equal(reported(shape(`/${VULNERABLE}/`)), true);
  assert.equal(reported(shape(`/${SAFE}/`)), false);
});
