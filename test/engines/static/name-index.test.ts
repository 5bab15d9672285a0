import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Lang, parse, type SgNode } from '@ast-grep/napi';
import { escapeRe } from '../../../src/engines/static/ast.ts';
import { callsByCalledName, callsByCallee, callsByIdentifier, callsWithCallee, definitionsByName } from '../../../src/engines/static/name-index.ts';

// The indexes replace one tree search per name; they must answer exactly what those searches answered.
const REAL = ['bottleneck@2.19.5/node_modules/bottleneck/es5.js', 'bl@4.1.0/node_modules/bl/BufferList.js'].map((p) =>
  fileURLToPath(new URL(`../../../node_modules/.pnpm/${p}`, import.meta.url)));

const TRICKY = `
function foo(a) { return a; }
function foo(b) { return b; }
const { bar } = x, baz = () => 1, baz2 = 2;
var baz = function () {};
A.prototype.run = function () {}; B.prototype.x.prototype.run = 1; C.prototypes.walk = 2; D.prototype.go = 3;
class K { go() {} run() {} }
foo(1); this.foo(2); that.foo(3); new foo; new foo(4); this.this.foo(5); a.foo(6); foo.call(7); (foo)(8);
class P { #walk(i) { return i && this.#walk(i - 1); } } a?.foo(9); a['foo'](10); foo?.(11); foo()(12); foo\`13\`;
`;

const at = (n: SgNode | null | undefined) => (n ? `${n.kind()}@${n.range().start.index}-${n.range().end.index}` : null);

/** Names asked in one search (an alternation in the rule's regexes). */
const BATCH = 100;

/** The name a search match was found for: its field text, without the `this.` or `….prototype.` the regex allowed. */
function matchedName(n: SgNode): string {
  switch (n.kind()) {
    case 'call_expression':
      return n.field('function')!.text().replace(/^this\./, '');
    case 'new_expression':
      return n.field('constructor')!.text().replace(/^this\./, '');
    case 'assignment_expression':
      return n.field('left')!.text().replace(/^.*\.prototype\./s, '');
    default:
      return n.field('name')!.text();
  }
}

function namesIn(root: SgNode): string[] {
  const names = new Set(root.findAll({ rule: { any: [{ kind: 'identifier' }, { kind: 'property_identifier' }] } }).map((n) => n.text()));
  return [...names].sort();
}

for (const [label, source] of [['tricky cases', TRICKY], ...REAL.map((p) => [p.split('/').pop()!, readFileSync(p, 'utf8')])] as const) {
  test(`name indexes answer what a search per name answered: ${label}`, () => {
    const root = parse(Lang.JavaScript, source).root();
    const calls = callsByCallee(root);
    const defs = definitionsByName(root);
    const names = namesIn(root);
    assert.ok(names.length > 10, 'the file names things');
    let found = 0;
    // The six per-name searches the indexes replaced, asked for many names at once: a search costs a walk of the whole
    // tree, and a node's field text equals at most one name, so each match is given back to the name it matched.
    for (let i = 0; i < names.length; i += BATCH) {
      const batch = names.slice(i, i + BATCH);
      const alternatives = `(?:${batch.map(escapeRe).join('|')})`;
      const re = `^(this\\.)?${alternatives}$`;
      const exact = `^${alternatives}$`;
      const matches = root.findAll({ rule: { any: [
        { kind: 'call_expression', has: { field: 'function', regex: re } },
        { kind: 'new_expression', has: { field: 'constructor', regex: re } },
        { kind: 'function_declaration', has: { field: 'name', regex: exact } },
        { kind: 'variable_declarator', has: { field: 'name', regex: exact } },
        { kind: 'method_definition', has: { field: 'name', regex: exact } },
        { kind: 'assignment_expression', has: { field: 'left', regex: `\\.prototype\\.${alternatives}$` } },
      ] } });
      const byName = new Map<string, SgNode[]>();
      for (const n of matches) byName.set(matchedName(n), [...(byName.get(matchedName(n)) ?? []), n]);
      for (const name of batch) {
        const mine = byName.get(name) ?? [];
        const searched = mine.filter((n) => n.kind() === 'call_expression' || n.kind() === 'new_expression');
        const first = (kind: string) => mine.find((n) => n.kind() === kind);
        assert.deepEqual((calls.get(name) ?? []).map(at), searched.map(at), `calls of ${name}`);
        assert.equal(at(defs.declarations.get(name)), at(first('function_declaration')), `function ${name}`);
        assert.equal(at(defs.declarators.get(name)), at(first('variable_declarator')), `declarator ${name}`);
        assert.equal(at(defs.methods.get(name)), at(first('method_definition')), `method ${name}`);
        assert.equal(at(defs.prototypes.get(name)), at(first('assignment_expression')), `prototype ${name}`);
        found += searched.length;
      }
      assert.deepEqual([...byName.keys()].filter((name) => !batch.includes(name)), [], 'every match belongs to a name asked');
    }
    assert.ok(found > 0, 'some names are called');
  });
}

for (const [label, source] of [['tricky cases', TRICKY], ...REAL.map((p) => [p.split('/').pop()!, readFileSync(p, 'utf8')])] as const) {
  test(`calls by called name are what a walk of every call comparing its callee's name found: ${label}`, () => {
    const root = parse(Lang.JavaScript, source).root();
    const index = callsByCalledName(root);
    const calls = root.findAll({ rule: { kind: 'call_expression' } });
    const names = [...namesIn(root), '#walk'];
    let found = 0;
    for (const name of names) {
      // The walk counted-param.ts made per function: a bare callee of that name, or (unless the function is declared)
      // a member callee whose property has that name.
      for (const declared of [false, true]) {
        const walked = calls.filter((c) => {
          const callee = c.field('function');
          return callee?.kind() === 'identifier' ? callee.text() === name : !declared && callee?.kind() === 'member_expression' && callee.field('property')?.text() === name;
        });
        const indexed = (index.get(name) ?? []).filter((c) => !declared || !c.member).map((c) => c.call);
        assert.deepEqual(indexed.map(at), walked.map(at), `calls of ${name}${declared ? ' (declared)' : ''}`);
        found += walked.length;
      }
    }
    assert.ok(found > 0, 'some names are called');
  });
}

test('a pair of X.prototype = {…} is indexed apart from X.prototype.name = … assignments', () => {
  const root = parse(Lang.JavaScript, 'P.prototype = { info: function () {}, size: 1 };\nQ.prototype.info = function () {};\nR.proto = { other: 1 };').root();
  const defs = definitionsByName(root);
  assert.equal(defs.prototypePairs.get('info')?.text(), 'info: function () {}');
  assert.equal(defs.prototypePairs.get('size')?.text(), 'size: 1');
  assert.equal(defs.prototypePairs.has('other'), false);
  assert.equal(defs.prototypes.get('info')?.text(), 'Q.prototype.info = function () {}');
});

// definitionsByName asks ast-grep only for the assignments whose left side names a prototype; reading every assignment
// (what it did before) must give the same prototype definitions, line breaks and nested prototypes included.
const PROTOTYPES = `
A.prototype.run = 1; B.prototype
  .walk = 2; C.prototype.x.prototype = { deep: 1 }; D.prototype = { go: 1 }; E['prototype'].no = 3;
F.prototypes.no = 4; G.prototype.prototype.twice = 5; H.prototype /* c */ = { commented: 1 }; I.prototype.go = 6;
`;

for (const [label, source] of [['prototype shapes', PROTOTYPES], ['tricky cases', TRICKY], ...REAL.map((p) => [p.split('/').pop()!, readFileSync(p, 'utf8')])] as const) {
  test(`prototype definitions are those a reading of every assignment finds: ${label}`, () => {
    const root = parse(Lang.JavaScript, source).root();
    const prototypes = new Map<string, string>();
    const pairs = new Map<string, string>();
    for (const node of root.findAll({ rule: { kind: 'assignment_expression' } })) {
      const left = node.field('left')?.text() ?? '';
      const atProto = left.lastIndexOf('.prototype.');
      const name = left.slice(atProto + '.prototype.'.length);
      if (atProto >= 0 && !prototypes.has(name)) prototypes.set(name, at(node)!);
      const right = left.endsWith('.prototype') ? node.field('right') : null;
      if (right?.kind() !== 'object') continue;
      for (const pair of right.namedChildren()) {
        const key = pair.field('key')?.text();
        if (pair.kind() === 'pair' && key !== undefined && !pairs.has(key)) pairs.set(key, at(pair)!);
      }
    }
    const defs = definitionsByName(root);
    assert.deepEqual(new Map([...defs.prototypes].map(([k, v]) => [k, at(v)])), prototypes);
    assert.deepEqual(new Map([...defs.prototypePairs].map(([k, v]) => [k, at(v)])), pairs);
    if (label === 'prototype shapes') assert.deepEqual([...prototypes.keys(), ...pairs.keys()], ['run', 'x.prototype', 'twice', 'go', 'deep', 'go', 'commented']);
  });
}

// The three users of the file's calls (taint's callers by callee text, prototype pollution's callers of a declared
// function, its calls by called name) and the setter-call search once walked the calls each for themselves; one walk
// of the file's calls now serves all four, kept per tree. Each must still get what its own walk found.
const SHADOWED = `
function run(x) { return x; }
function outer(run) { run(1); function inner() { var run = 2; run(3); this.run(4); } return inner; }
const o = { run() { run(5); } };
new run(6); new this.run(7); o.run(8); o?.run(9); run.call(o, 10); (0, run)(11); this.this.run(12);
Object.defineProperty(o, k, { value: 1 }); Reflect.defineProperty(o, k, {}); defineProperty(o, k, v); x.defineProperty(o, k);
class C { #run() { this.#run(); } go() { return run(13)(14); } }
`;

for (const [label, source] of [['shadowing, nesting, members', SHADOWED], ['tricky cases', TRICKY], ...REAL.map((p) => [p.split('/').pop()!, readFileSync(p, 'utf8')])] as const) {
  test(`one walk of the file's calls gives each user what its own walk found: ${label}`, () => {
    const root = parse(Lang.JavaScript, source).root();
    // Asked in another order than the engine asks, on one tree: the readings share the walk, none changes another.
    const named = callsByCalledName(root);
    const bare = callsByIdentifier(root);
    const byCallee = callsByCallee(root);
    // taint.ts's walk: calls and `new`s by callee text, `this.` dropped.
    const walkedByCallee = new Map<string, string[]>();
    for (const n of root.findAll({ rule: { any: [{ kind: 'call_expression' }, { kind: 'new_expression' }] } })) {
      const text = (n.field('function') ?? n.field('constructor'))!.text().replace(/^this\./, '');
      walkedByCallee.set(text, [...(walkedByCallee.get(text) ?? []), at(n)!]);
    }
    assert.deepEqual(new Map([...byCallee].map(([k, v]) => [k, v.map(at)])), walkedByCallee);
    // scope.ts's walk: calls of a bare identifier by its name.
    const walkedBare = new Map<string, string[]>();
    for (const n of root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', kind: 'identifier' } } })) {
      const text = n.field('function')!.text();
      walkedBare.set(text, [...(walkedBare.get(text) ?? []), at(n)!]);
    }
    assert.deepEqual(new Map([...bare].map(([k, v]) => [k, v.map(at)])), walkedBare);
    // counted-param.ts's walk is the test above; here its reading next to the others on the same tree.
    const calls = root.findAll({ rule: { kind: 'call_expression' } });
    for (const [name, list] of named) {
      const walked = calls.filter((c) => {
        const callee = c.field('function');
        return callee?.kind() === 'identifier' ? callee.text() === name : callee?.kind() === 'member_expression' && callee.field('property')?.text() === name;
      });
      assert.deepEqual(list.map((c) => at(c.call)), walked.map(at), `calls named ${name}`);
    }
    // helper-writes.ts's search: calls whose callee text a regular expression accepts, as ast-grep's regex did.
    const names = ['defineProperty', 'run', 'inner'].map(escapeRe).join('|');
    const regex = `^(?:(?:Object|Reflect)\\.)?(?:${names})$`;
    assert.deepEqual(callsWithCallee(root, new RegExp(regex)).map(at), root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex } } }).map(at));
    // The same tree asked again gets the same index; a subtree is read afresh, never as the file.
    assert.equal(callsByCallee(root), byCallee);
    const fn = root.find({ rule: { kind: 'function_declaration', has: { field: 'name', regex: '^outer$' } } });
    if (fn) assert.deepEqual([...callsByIdentifier(fn).keys()].sort(), ['run']);
  });
}
