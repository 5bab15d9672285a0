import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Lang, parse, type SgNode } from '@ast-grep/napi';
import { enclosingOfKind, ownedNodesIn } from '../../../src/engines/static/ast.ts';

// ownedNodesIn replaces a function's search for its own return statements (a walk of its body, then each return's
// enclosing function asked of the tree) with two slices of the tree's indexes: it must answer exactly what that search
// answers (the same nodes in the same order) for every function.
const REAL = ['bottleneck@2.19.5/node_modules/bottleneck/es5.js', 'bl@4.1.0/node_modules/bl/BufferList.js'].map((p) =>
  fileURLToPath(new URL(`../../../node_modules/.pnpm/${p}`, import.meta.url)));

const TRICKY = `
(function (root, factory) { root.x = factory(); })(this, function () {
  function a() { if (x) return 1; return function () { return 2; }; }
  var b = () => { return () => { return 3 }; };
  class K { m() { return class { n() { return 4 } }; } static { } }
  function* g() { return 5; }
  return { a: a, b: b, k: () => 6 };
});
function outer() { return; }
`;

// The function kinds callees.ts owns returns by (no generator expression among them).
const OWNERS = new Set(['function_declaration', 'function_expression', 'arrow_function', 'method_definition', 'generator_function_declaration']);
const RETURNS = new Set(['return_statement']);
const shape = (nodes: SgNode[]) => nodes.map((n) => `${n.kind()}@${n.range().start.index}-${n.range().end.index}`);
const sameRange = (a: SgNode, b: SgNode) => a.range().start.index === b.range().start.index && a.range().end.index === b.range().end.index && a.kind() === b.kind();

/** What returnedValues searched before: the function's returns whose innermost enclosing function is the function. */
function searched(fn: SgNode): SgNode[] {
  return fn.findAll({ rule: { kind: 'return_statement' } }).filter((ret) => {
    const own = enclosingOfKind(ret, OWNERS);
    return own !== null && sameRange(own, fn);
  });
}

for (const [name, source] of [['tricky', TRICKY], ...REAL.map((p) => [p.split('/').pop()!, readFileSync(p, 'utf8')])] as const) {
  test(`ownedNodesIn answers a function's own returns as its search does, for every function of ${name}`, () => {
    const root = parse(Lang.JavaScript, source).root();
    const fns = root.findAll({ rule: { any: [...OWNERS].map((kind) => ({ kind })) } });
    assert.ok(fns.length > 5, 'the source has functions to ask about');
    let owning = 0;
    for (const fn of fns) {
      const expected = shape(searched(fn));
      if (expected.length > 0) owning++;
      assert.deepEqual(shape(ownedNodesIn(fn, RETURNS, OWNERS) ?? []), expected, `function ${fn.kind()} at ${fn.range().start.line + 1}`);
    }
    assert.ok(owning > 3, 'some functions return values of their own');
  });
}

test('ownedNodesIn leaves a scope outside the owner kinds to its own search', () => {
  const root = parse(Lang.JavaScript, 'function* g() { return 1 }').root();
  const generator = root.find({ rule: { kind: 'generator_function_declaration' } })!;
  assert.equal(ownedNodesIn(generator, RETURNS, new Set(['function_declaration'])), undefined);
});
