import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Lang, parse, type SgRoot } from '@ast-grep/napi';
import { TreeMap } from '../../../src/engines/static/tree-memo.ts';
import { callsByCallee } from '../../../src/engines/static/name-index.ts';
import { enclosingFunction, memoOnNode } from '../../../src/engines/static/ast.ts';
import { findAllOf, prefetchFinds } from '../../../src/engines/static/shared-find.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const SOURCE = 'function f(a) { return g(a); }\nconst h = (b) => f(b) + new K(b);\n';
const tree = (): SgRoot => parse(Lang.JavaScript, SOURCE);

test('a TreeMap answers like a WeakMap for the trees asked about last, each map its own values', () => {
  const a = new TreeMap<string>();
  const b = new TreeMap<number>();
  const t1 = tree();
  const t2 = tree();
  a.set(t1, 'one');
  b.set(t1, 1);
  a.set(t2, 'two');
  assert.equal(a.get(t1), 'one');
  assert.equal(b.get(t1), 1);
  assert.equal(a.get(t2), 'two');
  assert.equal(b.get(t2), undefined);
  // t1 asked about after t2: with seven more trees (nine in all) the oldest asked about, t2, goes and t1 stays.
  assert.equal(a.get(t1), 'one');
  for (const t of Array.from({ length: 7 }, tree)) a.set(t, 'other');
  assert.equal(a.get(t2), undefined, 't2 was the oldest of nine: its values went');
  assert.equal(a.get(t1), 'one', 'kept: asked about among the last eight');
  // Asked about again, t1 is the newest: one more tree pushes out another.
  a.set(tree(), 'newer');
  assert.equal(a.get(t1), 'one');
  assert.equal(b.get(t1), 1);
});

/** Whether the trees the callback parses and indexes can be collected once it returns. */
async function collected(index: (root: SgRoot) => void): Promise<boolean> {
  const refs: WeakRef<SgRoot>[] = [];
  // Nine trees: eight are kept on purpose, the first must go.
  for (let i = 0; i < 9; i++) {
    const t = tree();
    index(t);
    refs.push(new WeakRef(t));
  }
  for (let i = 0; i < 4; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
  return refs[0]!.deref() === undefined;
}

test('a tree whose nodes the per-tree indexes hold is collected once it is no longer asked about', async () => {
  // Each node holds its tree strongly: a WeakMap keyed by the tree holding its nodes never let the tree go.
  assert.ok(await collected((t) => {
    const root = t.root();
    prefetchFinds(root, [{ kind: 'call_expression' }]);
    assert.equal(findAllOf(root, { kind: 'call_expression' }).length, 2);
    assert.equal(callsByCallee(root).get('f')?.length, 1);
    const call = root.find({ rule: { kind: 'call_expression' } })!;
    assert.equal(enclosingFunction(call)?.kind(), 'function_declaration');
    memoOnNode(call, 'a question', () => call);
  }), 'the first tree was collected');
});
