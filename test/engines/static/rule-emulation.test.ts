import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Lang, parse, type SgNode } from '@ast-grep/napi';
import { emulation, emulationOfKind } from '../../../src/engines/static/rule-emulation.ts';
import { findAllOf, prefetchFinds, type FindRule } from '../../../src/engines/static/shared-find.ts';
import { DETECTORS } from '../../../src/engines/static/rules.ts';

// A rule's JavaScript test must say of every node of the rule's kind exactly what ast-grep says.
const REAL = ['bottleneck@2.19.5/node_modules/bottleneck/es5.js', 'bl@4.1.0/node_modules/bl/BufferList.js'].map((p) =>
  fileURLToPath(new URL(`../../../node_modules/.pnpm/${p}`, import.meta.url)));
const SNIPPET = `
if (a) { b(); } else { c(); } if (d) e(); if (isNaN(x)) {}
res.send(html); res.write(x); stream.pipe(out); Math.random(); crypto.createHash('md5'); x.then(f).catch(g);
el.innerHTML = v; document.body = w; a.b.c.end(); jwt.sign(p, 'k'); fs.readFile(name); s.match(/a/);
function f() { return JSON.stringify(a); } function g() { return 1; } q = y || 'z'; z = a.length > 2;
`;
const at = (nodes: SgNode[]) => nodes.map((n) => `${n.kind()}@${n.range().start.index}-${n.range().end.index}`);
const trees = () => [...REAL.map((p) => parse(Lang.JavaScript, readFileSync(p, 'utf8')).root()), parse(Lang.JavaScript, SNIPPET).root()];

test('every declared search with a JavaScript test: the test picks, among the nodes of its kind, what the rule finds', () => {
  // The searches, and the branches of those that are an `any` of branches (each decides its own kind).
  const emulated = [...new Set(DETECTORS.flatMap((d) => d.finds ?? []))]
    .flatMap((rule) => (typeof rule.kind !== 'string' && rule.any ? rule.any : [rule]))
    .filter((rule) => emulation(rule));
  assert.ok(emulated.length >= 8, `most single-kind searches are emulated (${emulated.length})`);
  for (const root of trees()) {
    for (const rule of emulated) {
      const test = emulation(rule)!;
      assert.deepEqual(at(root.findAll({ rule: { kind: rule.kind as string } }).filter(test)), at(root.findAll({ rule })), JSON.stringify(rule));
    }
  }
});

test('a regex JavaScript reads otherwise than Rust, or a shape beyond the simple ones, gets no test', () => {
  const call = (regex: string): FindRule => ({ kind: 'call_expression', has: { field: 'function', regex } });
  assert.ok(emulation(call('\\.(send|write)$')));
  assert.ok(emulation(call('^Math\\.random$')));
  assert.ok(emulation(call('\\bsign$')));
  for (const regex of ['[\\b]sign', '\\b+sign', 'a.b', '[a-c]x', '[^a]x', 'x{2}', '(?i)send', '(?=a)', '\\d+', '\\W']) assert.equal(emulation(call(regex)), undefined, regex);
  assert.equal(emulation({ kind: 'call_expression' }), undefined);
  assert.equal(emulation({ kind: 'pair', has: { field: 'key', regex: 'a' }, inside: { kind: 'arguments', stopBy: 'end' } }), undefined);
  assert.equal(emulation({ kind: 'if_statement', has: { field: 'condition', kind: 'identifier', stopBy: 'end' } }), undefined);
  assert.equal(emulation({ any: [{ kind: 'if_statement' }], regex: 'a' }), undefined);
});

test('an `any` of kinds beside other conditions is tested per kind as its branch and the conditions, \\b as Rust reads it', () => {
  // é is a word character to Rust, so `stringify\\b` does not end inside `stringifyé`; JavaScript's own \\b would say it does.
  const root = parse(Lang.JavaScript, 'a = JSON.stringify(x); var b = JSON.stringifyé(x), c = Array.isArray(y), d = 1; e = JSON.stringify; f.g = 2;').root();
  const rule: FindRule = { any: [{ kind: 'variable_declarator' }, { kind: 'assignment_expression', has: { field: 'left', kind: 'identifier' } }], regex: 'JSON\\.stringify\\b|Array\\.isArray\\(' };
  const found = root.findAll({ rule });
  assert.deepEqual(found.map((n) => n.text()), ['a = JSON.stringify(x)', 'c = Array.isArray(y)', 'e = JSON.stringify']);
  for (const kind of ['variable_declarator', 'assignment_expression']) {
    const test = emulationOfKind(rule, kind);
    assert.ok(test, kind);
    assert.deepEqual(at(root.findAll({ rule: { kind } }).filter(test)), at(found.filter((n) => n.kind() === kind)), kind);
  }
  for (const root of trees()) {
    for (const declared of new Set(DETECTORS.flatMap((d) => d.finds ?? []))) {
      if (typeof declared.kind === 'string' || !declared.any || Object.keys(declared).length === 1) continue;
      const expected = root.findAll({ rule: declared });
      for (const kind of new Set(declared.any.map((r) => r.kind as string))) {
        const test = emulationOfKind(declared, kind);
        if (test) assert.deepEqual(at(root.findAll({ rule: { kind } }).filter(test)), at(expected.filter((n) => n.kind() === kind)), JSON.stringify(declared));
      }
    }
  }
});

test('Unicode word and space classes are read as Rust reads them', () => {
  // é is a word character and a no-break space a space to Rust: JavaScript's own \\w and \\s would disagree.
  const root = parse(Lang.JavaScript, 'café.open(); x.open(); a\u00a0.pipe(); b.pipe(); if ((n)) {} else {}').root();
  const rules: FindRule[] = [
    { kind: 'call_expression', has: { field: 'function', regex: '^[\\w$]+\\.open$' } },
    { kind: 'call_expression', has: { field: 'function', regex: '^\\w+\\s\\.pipe$' } },
    { kind: 'if_statement', all: [{ has: { field: 'alternative', kind: 'else_clause' } }, { has: { field: 'condition', has: { any: [{ kind: 'identifier' }, { kind: 'parenthesized_expression' }] } } }] },
    { kind: 'expression_statement', has: { kind: 'call_expression', regex: '^x\\.' } },
  ];
  for (const rule of rules) {
    const test = emulation(rule);
    assert.ok(test, JSON.stringify(rule));
    const found = root.findAll({ rule });
    assert.ok(found.length > 0);
    assert.deepEqual(at(root.findAll({ rule: { kind: rule.kind as string } }).filter(test)), at(found), JSON.stringify(rule));
  }
  assert.equal(root.findAll({ rule: rules[0]! }).length, 2);
});

test('rules deciding one kind by their tests share one walk and each keeps its own nodes', () => {
  const root = parse(Lang.JavaScript, SNIPPET).root();
  const sends: FindRule = { kind: 'call_expression', has: { field: 'function', regex: '\\.(send|write)$' } };
  const pipes: FindRule = { kind: 'call_expression', has: { field: 'function', regex: '\\.pipe$' } };
  const catches: FindRule = { kind: 'call_expression', has: { field: 'function', kind: 'member_expression', has: { field: 'property', regex: '^catch$' } } };
  const elses: FindRule = { kind: 'if_statement', has: { field: 'alternative', kind: 'else_clause' } };
  const ifs: FindRule = { kind: 'if_statement' };
  let walks = 0;
  const counted = Object.create(root) as SgNode;
  counted.findAll = ((m: Parameters<SgNode['findAll']>[0]) => { walks++; return root.findAll(m); }) as SgNode['findAll'];
  counted.getRoot = () => root.getRoot();
  prefetchFinds(counted, [sends, pipes, catches, elses]);
  assert.equal(walks, 1, 'the tested rules share one walk');
  // A rule taking every if statement would have the else test run on each of them in JavaScript: it walks apart.
  walks = 0;
  prefetchFinds(counted, [sends, pipes, catches, elses, ifs]);
  assert.equal(walks, 2, 'every if statement is found in a walk of its own');
  for (const rule of [sends, pipes, catches, elses, ifs]) assert.deepEqual(at(findAllOf(root, rule)), at(root.findAll({ rule })), JSON.stringify(rule));
  assert.deepEqual([sends, pipes, catches, elses, ifs].map((r) => findAllOf(root, r).length), [2, 1, 1, 1, 3]);
});
