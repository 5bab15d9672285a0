import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Lang, parse, type SgNode } from '@ast-grep/napi';
import { endLine, FUNCTION_KINDS, functionIndex, nodesOfKindsIn, startLine } from '../../../src/engines/static/ast.ts';

// nodesOfKindsIn replaces a scope's own search with a slice of the tree's index: it must answer exactly what
// scope.findAll answers (the same nodes, the scope itself included, in the same order) for every scope.
const REAL = ['bottleneck@2.19.5/node_modules/bottleneck/es5.js', 'bl@4.1.0/node_modules/bl/BufferList.js'].map((p) =>
  fileURLToPath(new URL(`../../../node_modules/.pnpm/${p}`, import.meta.url)));

const TRICKY = `
(function (root, factory) { root.x = factory(); })(this, function () {
  var a = function () { return b => c => { x = 1; y += 2; i++; for (k in o) {} }; };
  function named({ p, q: [r] } = {}) { const { s } = t; [u, v] = w; this.z = 1; }
  class K { m() { let n = () => { n = 2 }; } }
  return async function* g() { yield* [] };
});
x => x; y = z => z;
`;

const KINDS = new Set(['variable_declarator', 'assignment_expression', 'augmented_assignment_expression', 'update_expression', 'for_in_statement', ...FUNCTION_KINDS]);
const FIND = { rule: { any: [...KINDS].map((kind) => ({ kind })) } };
const shape = (nodes: SgNode[]) => nodes.map((n) => `${n.kind()}@${n.range().start.index}-${n.range().end.index}`);

for (const [name, source] of [['tricky', TRICKY], ...REAL.map((p) => [p.split('/').pop()!, readFileSync(p, 'utf8')])] as const) {
  test(`nodesOfKindsIn answers what findAll answers, for every function of ${name}`, () => {
    const root = parse(Lang.JavaScript, source).root();
    const scopes = root.findAll({ rule: { any: [...FUNCTION_KINDS].map((kind) => ({ kind })) } });
    assert.ok(scopes.length > 5, 'the source has functions to ask about');
    for (const scope of [root, ...scopes]) assert.deepEqual(shape(nodesOfKindsIn(scope, KINDS)), shape(scope.findAll(FIND)), `scope ${scope.kind()} at ${scope.range().start.line + 1}`);
  });
}

// siblingDefinitions (guards.ts) reads each function's lines from the function index instead of asking the tree: they
// must be each function's own, whether the index was built by its own walk or filtered out of a wider one.
for (const [name, source] of [['tricky', TRICKY], ...REAL.map((p) => [p.split('/').pop()!, readFileSync(p, 'utf8')])] as const) {
  for (const wider of [false, true]) {
    test(`functionIndex holds every function's start and end line (${name}, ${wider ? 'filtered from a wider index' : 'its own walk'})`, () => {
      const root = parse(Lang.JavaScript, source).root();
      if (wider) nodesOfKindsIn(root, KINDS);
      const index = functionIndex(root);
      assert.deepEqual(shape(index.nodes as SgNode[]), shape(root.findAll({ rule: { any: [...FUNCTION_KINDS].map((kind) => ({ kind })) } })));
      assert.deepEqual(index.startLines, index.nodes.map(startLine));
      assert.deepEqual(index.endLines, index.nodes.map(endLine));
      assert.ok(index.startLines.some((line, i) => line !== index.endLines[i]), 'some function spans lines');
    });
  }
}
