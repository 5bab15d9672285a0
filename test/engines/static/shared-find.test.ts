import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Lang, parse, type SgNode } from '@ast-grep/napi';
import { findAllOf, findEachOf, prefetchFinds, type FindRule } from '../../../src/engines/static/shared-find.ts';
import { DETECTORS } from '../../../src/engines/static/rules.ts';
import { enclosingFunction, FUNCTION_FIND } from '../../../src/engines/static/ast.ts';
import { EXPORT_FINDS } from '../../../src/engines/static/exports.ts';

// A prefetched search must answer exactly what its own walk answers: the same nodes in the same order.
const REAL = ['bottleneck@2.19.5/node_modules/bottleneck/es5.js', 'bl@4.1.0/node_modules/bl/BufferList.js'].map((p) =>
  fileURLToPath(new URL(`../../../node_modules/.pnpm/${p}`, import.meta.url)));
const OWN_TS = fileURLToPath(new URL('../../../src/engines/static/engine.ts', import.meta.url));

const SNIPPET = `
function f(a) { if (a) { return 1; x(); } else { cb(a); } for (;;) {} switch (a) { case 1: break; } }
const g = async (req, res) => { try { return fetch(req.url); } catch (e) {} };
obj[key] = value; a.b.pipe(c); hash.createHash('md5'); Math.random(); el.innerHTML = '<b>' + v;
p.then(() => 1).catch((err) => { throw err; }); fs.readFile(p + name); res.redirect(url);
if (isNaN(n)) {} while (i < list.length) list.pop(); setTimeout(() => {}, 10); x = y || 'z';
`;

const at = (nodes: SgNode[]) => nodes.map((n) => `${n.kind()}@${n.range().start.index}-${n.range().end.index}`);

function trees(): SgNode[] {
  return [
    ...REAL.map((p) => parse(Lang.JavaScript, readFileSync(p, 'utf8')).root()),
    parse(Lang.TypeScript, readFileSync(OWN_TS, 'utf8')).root(),
    parse(Lang.JavaScript, SNIPPET).root(),
  ];
}

const ALL_CALLS: FindRule = { kind: 'call_expression' };
const declared = [...new Set(DETECTORS.flatMap((d) => d.finds ?? []))];

test('every search the detectors declare is answered from the shared walk as its own walk answers it', () => {
  assert.ok(declared.length >= 20, `detectors declare their searches (${declared.length})`);
  for (const root of trees()) {
    prefetchFinds(root, declared);
    let found = 0;
    for (const rule of declared) {
      const shared = findAllOf(root, rule);
      assert.deepEqual(at(shared), at(root.findAll({ rule })), JSON.stringify(rule).slice(0, 120));
      found += shared.length;
    }
    assert.ok(found > 0, 'the trees hold nodes the searches find');
  }
});

test('rules naming the same kind are each answered with their own nodes', () => {
  const piped: FindRule = { kind: 'call_expression', has: { field: 'function', regex: '\\.pipe$' } };
  const random: FindRule = { kind: 'call_expression', has: { field: 'function', regex: '^Math\\.random$' } };
  const ifs: FindRule = { kind: 'if_statement' };
  const root = parse(Lang.JavaScript, SNIPPET).root();
  prefetchFinds(root, [piped, random, ALL_CALLS, ifs, piped]);
  assert.deepEqual(at(findAllOf(root, piped)), at(root.findAll({ rule: piped })));
  assert.equal(findAllOf(root, piped).length, 1);
  assert.equal(findAllOf(root, random).length, 1);
  assert.equal(findAllOf(root, ifs).length, 2);
  assert.deepEqual(at(findAllOf(root, ALL_CALLS)), at(root.findAll({ rule: ALL_CALLS })));
});

test('an answer is a fresh array, a search not prefetched and a subtree get their own walk', () => {
  const root = parse(Lang.JavaScript, SNIPPET).root();
  const ifs: FindRule = { kind: 'if_statement' };
  prefetchFinds(root, [ifs, ALL_CALLS]);
  findAllOf(root, ifs).length = 0;
  assert.equal(findAllOf(root, ifs).length, 2);
  const fors: FindRule = { kind: 'for_statement' };
  assert.equal(findAllOf(root, fors).length, 1);
  const fn = root.find({ rule: { kind: 'function_declaration' } })!;
  assert.deepEqual(at(findAllOf(fn, ALL_CALLS)), at(fn.findAll({ rule: ALL_CALLS })));
  assert.equal(findAllOf(fn, ALL_CALLS).length, 2);
});

test('a search with patterns is answered by its own walk, metavariables unshared', () => {
  const root = parse(Lang.JavaScript, 'if (a == a) {} if (b == c) {} d(e); e == e;').root();
  const self: FindRule = { any: [{ pattern: '$A == $A' }] };
  prefetchFinds(root, [self, ALL_CALLS, { kind: 'if_statement' }]);
  assert.deepEqual(at(findAllOf(root, self)), at(root.findAll({ rule: self })));
  assert.equal(findAllOf(root, self).length, 2);
});

test('rules taking every node of a kind share a walk with each other, and with a rule deciding other kinds', () => {
  const callbacks: FindRule = { any: [{ kind: 'arrow_function' }, { kind: 'function_expression' }] };
  const writesAndDeclarations: FindRule = { any: [{ kind: 'assignment_expression', has: { field: 'left', kind: 'subscript_expression' } }, { kind: 'function_declaration' }] };
  const asyncFunctions: FindRule = { any: [{ kind: 'arrow_function' }, { kind: 'function_declaration' }], regex: '^async\\b' };
  for (const root of trees()) {
    prefetchFinds(root, [callbacks, writesAndDeclarations, asyncFunctions], [FUNCTION_FIND]);
    for (const rule of [callbacks, writesAndDeclarations, asyncFunctions, FUNCTION_FIND]) {
      assert.deepEqual(at(findAllOf(root, rule)), at(root.findAll({ rule })), JSON.stringify(rule).slice(0, 120));
    }
  }
});

test('an optional search is prefetched only where it shares a walk, and the function index reads it', () => {
  const root = parse(Lang.JavaScript, SNIPPET).root();
  let walks = 0;
  const counted = Object.create(root) as SgNode;
  counted.findAll = ((m: Parameters<SgNode['findAll']>[0]) => { walks++; return root.findAll(m); }) as SgNode['findAll'];
  counted.getRoot = () => root.getRoot();
  // Alone it would need a walk of its own: not prefetched.
  prefetchFinds(counted, [], [FUNCTION_FIND]);
  prefetchFinds(counted, [{ kind: 'if_statement', has: { field: 'alternative', kind: 'else_clause' } }], [FUNCTION_FIND]);
  assert.equal(walks, 1, 'the optional search rode on the one walk');
  assert.deepEqual(at(findAllOf(root, FUNCTION_FIND)), at(root.findAll({ rule: FUNCTION_FIND })));
  assert.equal(findAllOf(root, FUNCTION_FIND).length, 5);
  const call = root.find({ rule: { kind: 'call_expression', has: { field: 'function', regex: '^fetch$' } } })!;
  assert.equal(enclosingFunction(call)?.kind(), 'arrow_function');
});

test('the export searches, optional beside the declared ones as the engine asks, are answered as their own walks answer them', () => {
  let exports = 0;
  for (const root of [...trees(), parse(Lang.TypeScript, 'export const a = 1; export { b }; module.exports = f; var api = module.exports; exports.x = 1;').root()]) {
    prefetchFinds(root, declared, [FUNCTION_FIND, ...EXPORT_FINDS]);
    for (const rule of EXPORT_FINDS) {
      const shared = findAllOf(root, rule);
      assert.deepEqual(at(shared), at(root.findAll({ rule })), JSON.stringify(rule));
      exports += shared.length;
    }
  }
  assert.ok(exports >= 5, `export statements and assignments found (${exports})`);
});

test('the export searches, asked after the shared walk, are found together in one walk and answered as their own walks answer them', () => {
  let exports = 0;
  for (const root of [...trees(), parse(Lang.TypeScript, 'export const a = 1; export { b }; module.exports = f; var api = module.exports; exports.x = 1;').root()]) {
    // As the engine runs: the detectors' searches first (without the export searches), then exports.ts asks.
    prefetchFinds(root, declared, [FUNCTION_FIND]);
    let walks = 0;
    const counted = Object.create(root) as SgNode;
    counted.findAll = ((m: Parameters<SgNode['findAll']>[0]) => { walks++; return root.findAll(m); }) as SgNode['findAll'];
    counted.getRoot = () => root.getRoot();
    counted.kind = () => root.kind();
    const found = findEachOf(counted, EXPORT_FINDS);
    assert.equal(walks, 1, 'the three searches share one walk');
    EXPORT_FINDS.forEach((rule, i) => {
      assert.deepEqual(at(found[i]!), at(root.findAll({ rule })), JSON.stringify(rule));
      exports += found[i]!.length;
    });
    // Kept beside the shared walk's answers: asked again, no walk; the detectors' searches still answered.
    findEachOf(counted, EXPORT_FINDS);
    assert.equal(walks, 1, 'asked again: answered from the kept walk');
    for (const rule of declared.slice(0, 5)) assert.deepEqual(at(findAllOf(root, rule)), at(root.findAll({ rule })));
  }
  assert.ok(exports >= 5, `export statements and assignments found (${exports})`);
});
