// Fast paths of the static engine against the plain form they replace, on every file of the test corpora.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, type SgNode } from '@ast-grep/napi';
import { enclosingFunction, enclosingFunctions, enclosingOfKind, escapeRe, FUNCTION_KINDS } from '../../../src/engines/static/ast.ts';
import { functionsWithComputedWrite } from '../../../src/engines/static/rules/prototype-pollution/matcher.ts';
import { fileMayGuard, guardText } from '../../../src/engines/static/rules/prototype-pollution/guard.ts';
import { hasSelfComparison } from '../../../src/engines/static/matchers/self-compared.ts';
import { asyncFunctions, floatingPromise } from '../../../src/engines/static/matchers/async.ts';
import { redos } from '../../../src/engines/static/rules/redos/matcher.ts';
import { analyse } from '../../../src/engines/static/engine.ts';
import { langFor, parseSource } from '../../../src/engines/static/parse.ts';
import { engineCorpus } from './engine-corpus.ts';
import { PUSH_CALLS, PUSHED_NAME } from '../../../src/engines/static/taint.ts';
import { findGuard, linesNaming, PER_NAME } from '../../../src/engines/static/guards.ts';
import { stringMethodOnNonString } from '../../../src/engines/static/rules/string-method-on-non-string/matcher.ts';
import { callsByCallee } from '../../../src/engines/static/name-index.ts';

const place = (n: { range(): { start: { index: number }; end: { index: number } } }) => `${n.range().start.index}-${n.range().end.index}`;

// Nesting the corpus has little of: writes at several depths, functions without writes between, methods, callbacks.
const NESTED = {
  path: 'nested.js', language: 'javascript', isTest: false,
  content: [
    'function outer(a, k) { a[k] = 1; function mid() { return () => { const b = {}; b[k] = 2; }; } const c = function () {}; }',
    'class C { m(o, k) { [1].forEach((x) => { o[x] = k; }); } n() { this.x[0] = 1; } }',
    'const f = async function* g(o) { for (const k in o) o[k] = (function () { return 1; })(); };',
    "x[k] = () => 1; const lone = () => { y['s'] = 2; };",
    // One computed write in each function shape (the corpus held these twice while the rule cases were a copy of the fixtures).
    'function a(o, k) { o[k] = 1; } const b = function (o, k) { o[k] = 2; }; const c = (o, k) => { o[k] = 3; };',
    'class D { set(o, k) { o[k] = 4; } } function* e(o, k) { o[k] = 5; }',
  ].join('\n'),
};

test('prototype pollution looks at the same functions as a search of every function for a computed write inside it', () => {
  let found = 0;
  for (const file of [NESTED, ...engineCorpus()]) {
    const lang = langFor(file);
    if (lang === null) continue;
    const root = parseSource(lang, file.content).root();
    const computedWrite = { kind: 'assignment_expression', stopBy: 'end' as const, has: { field: 'left', kind: 'subscript_expression', has: { field: 'index', not: { any: [{ kind: 'number' }, { kind: 'string' }] } } } };
    const plain = root.findAll({ rule: { any: [...FUNCTION_KINDS].map((kind) => ({ kind, has: computedWrite })) } }).map(place);
    assert.deepEqual(functionsWithComputedWrite(root).map(place), plain, file.path);
    found += plain.length;
  }
  assert.ok(found >= 40, `the corpus holds functions with computed writes (${found})`);
});

// One guard of each kind guardText knows, as a key check in a function.
const GUARDS = ["k === '__proto__' || k === 'constructor'", 'isSafeKey(k)', 'isValidPropertyName(k)', 'preventPollution(k)', 'xprotoKeyOk(k)', 'BLOCKED_KEYS.has(k)',
  'dangerousNames.includes(k)', 'k in Object.prototype', 'o === Object.prototype', 'Object.prototype !== o', 'isunsafekey(k)', '(o = Object.create( null ))', '(o = new Map())'];

test('a file that fails the prototype-pollution guard gate holds no text guardText accepts', () => {
  let checked = 0;
  const files = [...engineCorpus(), ...GUARDS.map((g, i) => ({ path: `guard-${i}.js`, language: 'javascript', isTest: false, content: `var a$b = 1;\nfunction f(o, k) { if (${g}) return; o[k] = 1; }\n` }))];
  for (const file of files) {
    const lang = langFor(file);
    if (lang === null) continue;
    const root = parseSource(lang, file.content).root();
    const may = fileMayGuard(root);
    for (const fn of root.findAll({ rule: { any: [...FUNCTION_KINDS].map((kind) => ({ kind })) } })) {
      if (!guardText(fn.text())) continue;
      checked++;
      assert.ok(may, `${file.path}: ${fn.text().slice(0, 80)}`);
    }
  }
  assert.ok(checked >= GUARDS.length, `guarded functions checked (${checked})`);
});

// The regex hasSelfComparison replaces, kept here as its oracle.
// bug-hunter-ignore redos: bounded repeats ({0,60}, {0,4}); the oracle of a test, run on the test's own strings
const SELF_GATE = /([\w$][\w$.]{0,60})\s{0,4}(?:[=!]==?|[<>]=?)\s{0,4}\1(?![\w$.(])/;

test('the self-comparison text gate answers what its regex answers', () => {
  const cases = ['a === a', 'a.b !== a.b', 'xa === a', 'a.b === b', 'a.b === .b', 'a == a(', 'a == a.', 'a == ab', 'ab == b', 'a     == a', 'a ==     a',
    'a\u00a0<=\ta', 'a <== a', 'a => a', 'a >>= a', 'a !=== a', '$ < $', 'x'.repeat(61) + ' == ' + 'x'.repeat(61), 'x'.repeat(62) + ' == ' + 'x'.repeat(62),
    'y' + 'x'.repeat(61) + '<' + 'x'.repeat(61), 'a==a', 'a === a;', '', '==', 'a ==', '== a'];
  // Random text over the characters that matter: name characters, dots, calls, spaces of several kinds, operators.
  const alphabet = ['a', 'b', '$', '_', '1', '.', '(', ' ', '\t', '\n', '\u00a0', '=', '!', '<', '>', ';', 'ab', 'a.b'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let i = 0; i < 30_000; i++) cases.push(Array.from({ length: next() % 24 }, () => alphabet[next() % alphabet.length]).join(''));
  let matched = 0;
  for (const text of cases) {
    const expected = SELF_GATE.test(text);
    assert.equal(hasSelfComparison(text), expected, JSON.stringify(text));
    if (expected) matched++;
  }
  for (const file of engineCorpus()) assert.equal(hasSelfComparison(file.content), SELF_GATE.test(file.content), file.path);
  assert.ok(matched > 500 && matched < cases.length - 500, `both answers are exercised (${matched} of ${cases.length} match)`);
});

test('MD5 and SHA-1 calls are found through a digest package alone and through CryptoJS alone (the text gate before the walk over calls)', () => {
  const rules = (content: string) => analyse({ path: 'hash.js', language: 'javascript', isTest: false, content }).entries.map((e) => e.finding.ruleId);
  assert.deepEqual(rules("const md5 = require('md5');\nfunction store(user) {\n  return md5(user.password);\n}\n"), ['weak-password-hash']);
  assert.deepEqual(rules("function store(user) {\n  return CryptoJS.SHA1(user.password).toString();\n}\n"), ['weak-password-hash']);
  assert.deepEqual(rules("const md5 = require('md5');\nfunction etag(body) {\n  return md5(body);\n}\n"), []);
});

// The one-regex forms the floating-promise and ReDoS prefilters replace (two searches each), kept as their oracles.
const FLOATING_GATE = /^(?=[\s\S]*(\basync\b|\.then\(|\bfetch\())(?=[\s\S]*(\(\s*(req|request)\b|\btry\s*\{))/;
const REDOS_GATE = /^(?=[\s\S]*\.(test|exec|match|matchAll|replace|replaceAll|split|search)\()(?=[\s\S]*\b(req|request|ctx|event|evt|process\.argv|location)\b)/;

test('the floating-promise and ReDoS prefilters answer what their lookahead regexes answer', () => {
  const texts = ['async function f(req) {}', 'x.then(a); try { b(); } catch {}', 'fetch(u)', '(req) => 1', 're.test(req.query.q)', 's.replace(/a/, b); ctx.body',
    'process.argv.split(x)', 'request', 'a.search(', '', ...engineCorpus().map((f) => f.content)];
  let passed = 0;
  for (const text of texts) {
    assert.equal(floatingPromise.prefilter.test(text), FLOATING_GATE.test(text), text.slice(0, 80));
    assert.equal(redos.prefilter.test(text), REDOS_GATE.test(text), text.slice(0, 80));
    if (FLOATING_GATE.test(text) || REDOS_GATE.test(text)) passed++;
  }
  assert.ok(passed > 20 && passed < texts.length - 20, `both answers are exercised (${passed} of ${texts.length} pass)`);
});

// Same range, different nodes: an arrow that is a whole statement, a parenthesised IIFE, a method, a generator.
const SHAPES = {
  path: 'shapes.ts', language: 'typescript', isTest: false,
  content: `x => x
(function () { return () => { if (a) { b(() => c) } }; })();
class K { m(p = () => 1) { return function* g() { yield (y) => y; }; } }
export default async (a: number) => { const f = function named() {}; return f; }
function broken( { return 1 }`,
};

test('enclosingFunction and enclosingFunctions, found by position, answer as climbing the parents does on every node', () => {
  const climb = (n: SgNode): SgNode | null => {
    for (let p = n.parent(); p; p = p.parent()) if (FUNCTION_KINDS.has(String(p.kind()))) return p;
    return null;
  };
  const id = (n: SgNode | null) => (n ? `${n.kind()}@${place(n)}` : 'none');
  let nodes = 0;
  let inside = 0;
  for (const file of [NESTED, SHAPES, ...engineCorpus()]) {
    const lang = langFor(file);
    if (lang === null) continue;
    const stack = [parseSource(lang, file.content).root()];
    while (stack.length > 0) {
      const node = stack.pop()!;
      nodes++;
      const expected = climb(node);
      if (expected) inside++;
      assert.equal(id(enclosingFunction(node)), id(expected), `${file.path}: ${id(node)}`);
      assert.deepEqual(enclosingFunctions(node).map(id), node.ancestors().filter((p) => FUNCTION_KINDS.has(String(p.kind()))).map(id), `${file.path}: ${id(node)}`);
      stack.push(...node.children());
    }
  }
  assert.ok(inside >= 1000 && nodes > inside, `nodes inside functions and outside them (${inside} of ${nodes})`);
});

test('enclosingOfKind shares one index between equal sets of kinds, whatever their identity or order', () => {
  const root = parseSource(langFor(NESTED)!, NESTED.content).root();
  const kinds = new Set(['class_body', 'statement_block']);
  const same = new Set(['statement_block', 'class_body']);
  let asked = 0;
  for (const node of root.findAll({ rule: { kind: 'subscript_expression' } })) {
    const a = enclosingOfKind(node, kinds);
    assert.equal(a?.kind(), node.ancestors().find((p) => kinds.has(String(p.kind())))?.kind(), `${place(node)}`);
    if (a === null) continue;
    // The same wrapper object comes back: both answers were read from one index (a second walk makes fresh wrappers).
    assert.ok(a === enclosingOfKind(node, same), `${place(node)}`);
    asked++;
  }
  assert.ok(asked >= 5, `writes asked about (${asked})`);
});

test('the async functions read off the text at each function\'s start are those ast-grep\'s regex on the functions finds', () => {
  const plain = { any: [...FUNCTION_KINDS].map((kind) => ({ kind })), regex: '^((static|public|private|protected|override)\\s+)*async\\b' };
  const edges = {
    path: 'async-edges.ts', language: 'typescript', isTest: false,
    content: [
      'class A { static async m() {} public  static async n() {} override async o() {} asyncish() {} static\u00a0async p() {} }',
      'const f = async () => 1; const g = async x => x; const h = async => 1; const i = asyncé => 1; const j = async\tfunction () {};',
      'async function* k() {} function async() {} const l = { async m() {}, async: () => 1 }; const é = async (a) => a;',
    ].join('\n'),
  };
  let found = 0;
  for (const file of [edges, ...engineCorpus()]) {
    const lang = langFor(file);
    if (lang === null) continue;
    const root = parseSource(lang, file.content).root();
    const expected = root.findAll({ rule: plain }).map(place);
    assert.deepEqual(asyncFunctions(root, file.content).map(place), expected, file.path);
    found += expected.length;
  }
  assert.ok(found > 20, `async functions in the corpus (${found})`);
});

test('the push calls the binding index keeps are those of its former regex, the name\'s shape checked in JavaScript', () => {
  const plain = { kind: 'call_expression', has: { field: 'function', kind: 'member_expression', regex: '^[\\w$]+\\.(push|unshift)$' } };
  const edges = { path: 'push.js', language: 'javascript', isTest: false, content: 'a.push(1); café.unshift(2); a.b.push(3); a .push(4); $x.push(5); f().push(6); this.push(7); a.pushy(8); a[0].unshift(9);' };
  let found = 0;
  for (const file of [edges, ...engineCorpus()]) {
    const lang = langFor(file);
    if (lang === null) continue;
    const root = parseSource(lang, file.content).root();
    const expected = root.findAll({ rule: plain }).map(place);
    assert.deepEqual(root.findAll({ rule: PUSH_CALLS }).filter((c) => PUSHED_NAME.test(c.field('function')?.text() ?? '')).map(place), expected, file.path);
    found += expected.length;
  }
  assert.ok(found > 10, `push calls in the corpus (${found})`);
});

test('the lines naming a value, found in the joined text, are those a line-by-line includes keeps', () => {
  let seed = 7;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  let kept = 0;
  for (const file of engineCorpus()) {
    const lines = file.content.split(/\r?\n/);
    const words = [...new Set(file.content.match(/[\w$]+(\.[\w$]+)*/g) ?? [])];
    for (let i = 0; i < 5 && words.length > 0; i++) {
      const names = [words[next(words.length)]!, words[next(words.length)]!, 'a', 'req.query'];
      const from = 1 + next(lines.length);
      const to = from + next(lines.length + 3);
      const plain: number[] = [];
      for (let line = from; line <= to; line++) if (names.some((n) => (lines[line - 1] ?? '').includes(n))) plain.push(line);
      assert.deepEqual(linesNaming(lines, names, from, to), plain, `${file.path} ${from}-${to} ${names.join(',')}`);
      kept += plain.length;
    }
  }
  assert.ok(kept > 100, `lines kept (${kept})`);
});

test('findGuard answers the same whichever kinds an earlier question about the name ignored (its patterns are kept per name)', () => {
  const content = ["function f(p, q) {", "  if (p !== 'a') return;", "  if (p.startsWith('/base')) x();", "  sink(p, q);", "}"].join('\n');
  const root = parseSource(langFor({ path: 'g.js', language: 'javascript' })!, content).root();
  const sink = root.find({ rule: { kind: 'call_expression', has: { field: 'function', regex: '^sink$' } } })!;
  const lines = content.split('\n');
  const ask = (ignore: Parameters<typeof findGuard>[3]) => findGuard(sink, ['p'], lines, ignore);
  for (let round = 0; round < 2; round++) {
    assert.deepEqual(ask([]), { kind: 'allow-list', text: "if (p !== 'a') return;", line: 2 });
    assert.deepEqual(ask(['allow-list']), { kind: 'containment', text: "if (p.startsWith('/base')) x();", line: 3 });
    assert.equal(ask(['allow-list', 'containment']), null);
    // A name no line before the sink holds is guarded by nothing.
    assert.equal(findGuard(sink, ['q'], lines), null);
  }
});

test('string-method-on-non-string finds the JSON.stringify helpers by their ranges: nested, after text outside ASCII, one of several occurrences', () => {
  const content = [
    // Ranges count UTF-16 units, as the text's indexes do (in UTF-8 bytes this line would shift what follows by 200).
    `const ü = '${'😀'.repeat(100)}';`,
    'function outer() {',
    '  function helper(v) { return JSON.stringify(v); }',
    '  return helper;',
    '}',
    'function helper2(v) { const s = JSON.stringify(v); return s; }',
    'function plain(v) { return String(v); } const later = JSON.stringify(1);',
    'function user(a) { const out = helper(a); return out.replace(/"/g, ""); }',
    'function user2(a) { const o = helper2(a); return o.trim(); }',
    'function user3(a) { const p = plain(a); return p.trim(); }',
  ].join('\n');
  const found = analyse({ path: 'helpers.js', language: 'javascript', isTest: false, content }).entries
    .filter((e) => e.candidate.ruleId === 'string-method-on-non-string').map((e) => `${e.candidate.startLine} ${e.candidate.subject}`);
  assert.deepEqual(found, ['8 out.replace', '9 o.trim']);
});

// Callee shapes near `name.method(…)`: optional, parenthesised, split over lines, computed, on a member, a method's
// own method, `new`, a comment between, a method not string-only.
const STRING_CALLS = {
  path: 'string-calls.js', language: 'javascript', isTest: false,
  content: [
    'function h(v) { return JSON.stringify(v); }',
    ...[
      's?.trim()', '(s).trim()', 's\n    .trim()', "s['trim']()", 'o.s.trim()', 's.trim.call(s)', 'new s.trim()',
      's.notAString()', 's/* c */.trim()', 's .padStart(2)', 'h(a).trim()', 's.trim()',
    ].map((call, i) => `function f${i}(a, o) { const s = JSON.stringify(a); return ${call}; }`),
    "function g(a) { const t = Array.isArray(a) ? a.map(String) : String(a); return t.split(','); }",
  ].join('\n'),
};

test('string-method-on-non-string finds the same calls from the tree\'s call index as from its own search', () => {
  let found = 0;
  for (const file of [STRING_CALLS, ...engineCorpus()]) {
    const lang = langFor(file);
    if (lang === null || !stringMethodOnNonString.prefilter.test(file.content)) continue;
    const lines = file.content.split(/\r?\n/);
    // Fresh trees (parseSource keeps the last one): the first is searched, the second has its calls indexed first.
    const searched = stringMethodOnNonString.run({ file, root: parse(lang, file.content).root(), lines });
    const indexedRoot = parse(lang, file.content).root();
    callsByCallee(indexedRoot);
    assert.deepEqual(stringMethodOnNonString.run({ file, root: indexedRoot, lines }), searched, file.path);
    found += searched.length;
    if (file === STRING_CALLS) assert.deepEqual(searched.map((c) => `${c.startLine} ${c.subject}`), ['2 s.trim', '4 s.trim', '11 s.trim', '12 s.padStart', '14 s.trim', '15 t.split']);
  }
  assert.ok(found >= 8, `string method calls found (${found})`);
});

test('a guard pattern matches only lines holding one of its gate texts (findGuard searches no other line)', () => {
  const compiled = new Map<string, RegExp[]>();
  const patterns = (name: string) => {
    let res = compiled.get(name);
    if (!res) compiled.set(name, (res = PER_NAME.map(([, src]) => new RegExp(src.replaceAll('NAME', escapeRe(name))))));
    return res;
  };
  // A line of each pattern's shape (the corpus has few of some), each operator of the comparison.
  const shapes = [
    "if (!['a', 'b'].includes(p)) return;", 'if (p in ALLOWED) go();', 'if (!/^[a-z]+$/.test(p)) return;', 'switch (p) {',
    "if (p != 'a') return;", 'if (p !== "b") return;', "if (p == 'c') go();", 'if (p.match(/^abc$/)) go();',
    'if (!p.startsWith(root)) throw e;', "if (p.includes('..')) throw e;", 'if (!isPathInside(p, root)) throw e;',
    'const rel = path.relative(root, p);', "if (typeof p !== 'number') return;", 'if (!Number.isInteger(p) || isNaN(p)) return;',
    'p = escape(p);', 'p = shellescape(p);', 'p = collapseLeadingSlashes(p);',
  ].join('\n');
  const each = PER_NAME.map(() => 0);
  let matched = 0;
  for (const file of [{ content: shapes }, ...engineCorpus()]) {
    for (const text of file.content.split('\n')) {
      if (text.length > 2000) continue;
      // The value's names as findGuard takes them: identifiers and dotted paths, each of the line's first few.
      for (const name of new Set([...(text.match(/[\w$]+/g) ?? []).slice(0, 6), ...(text.match(/[\w$]+(?:\.[\w$]+)+/g) ?? []).slice(0, 3)])) {
        patterns(name).forEach((re, i) => {
          if (!re.test(text)) return;
          matched++;
          each[i]!++;
          const gate = PER_NAME[i]![2];
          assert.ok(!gate || gate.some((g) => text.includes(g)), `${PER_NAME[i]![1]} matched ${JSON.stringify(text)} for ${name}`);
        });
      }
    }
  }
  assert.ok(matched > 100, `guard patterns matched (${matched})`);
  assert.deepEqual(each.flatMap((n, i) => (n === 0 ? [PER_NAME[i]![1]] : [])), [], 'every pattern matched some line');
});
