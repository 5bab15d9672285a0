// Fast paths of the static engine against the plain form they replace, on every file of the test corpora.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FUNCTION_KINDS } from '../../src/static/ast.ts';
import { functionsWithComputedWrite } from '../../src/static/detectors/proto.ts';
import { langFor, parseSource } from '../../src/static/parse.ts';
import { engineCorpus } from './engine-corpus.ts';

const place = (n: { range(): { start: { index: number }; end: { index: number } } }) => `${n.range().start.index}-${n.range().end.index}`;

// Nesting the corpus has little of: writes at several depths, functions without writes between, methods, callbacks.
const NESTED = {
  path: 'nested.js', language: 'javascript', isTest: false,
  content: [
    'function outer(a, k) { a[k] = 1; function mid() { return () => { const b = {}; b[k] = 2; }; } const c = function () {}; }',
    'class C { m(o, k) { [1].forEach((x) => { o[x] = k; }); } n() { this.x[0] = 1; } }',
    'const f = async function* g(o) { for (const k in o) o[k] = (function () { return 1; })(); };',
    "x[k] = () => 1; const lone = () => { y['s'] = 2; };",
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
