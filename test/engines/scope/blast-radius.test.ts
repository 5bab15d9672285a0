// The pure blast radius: changed files, then importers hop by hop up to the radius, each with why it is in scope.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blastRadius } from '../../../src/engines/scope/blast-radius.ts';

// a.ts ← b.ts ← c.ts ← d.ts (each imports the one before); e.ts imports a.ts too; z.ts is unrelated.
const IMPORTERS = new Map<string, string[]>([
  ['a.ts', ['b.ts', 'e.ts']],
  ['b.ts', ['c.ts']],
  ['c.ts', ['d.ts']],
  ['d.ts', ['b.ts']], // a cycle back to b must not loop or change b's reason
]);

test('radius 0 is only the changed files', () => {
  const scope = blastRadius(['a.ts'], IMPORTERS, 0);
  assert.deepEqual([...scope], [['a.ts', { reason: 'changed' }]]);
});

test('radius 1 adds the direct importers, naming the changed file and hop 1', () => {
  const scope = blastRadius(['a.ts'], IMPORTERS, 1);
  assert.deepEqual(Object.fromEntries(scope), {
    'a.ts': { reason: 'changed' },
    'b.ts': { reason: 'dependent', of: 'a.ts', via: 'a.ts', hop: 1 },
    'e.ts': { reason: 'dependent', of: 'a.ts', via: 'a.ts', hop: 1 },
  });
});

test('radius 3 follows the chain, each file at its shortest hop, through a cycle without looping', () => {
  const scope = blastRadius(['a.ts'], IMPORTERS, 3);
  assert.deepEqual(scope.get('c.ts'), { reason: 'dependent', of: 'a.ts', via: 'b.ts', hop: 2 });
  assert.deepEqual(scope.get('d.ts'), { reason: 'dependent', of: 'a.ts', via: 'c.ts', hop: 3 });
  assert.deepEqual(scope.get('b.ts'), { reason: 'dependent', of: 'a.ts', via: 'a.ts', hop: 1 });
  assert.equal(scope.has('z.ts'), false);
  assert.equal(scope.size, 5);
});

test('a changed file stays "changed" even when it also imports another changed file', () => {
  const scope = blastRadius(['b.ts', 'a.ts'], IMPORTERS, 2);
  assert.deepEqual(scope.get('b.ts'), { reason: 'changed' });
  assert.deepEqual(scope.get('a.ts'), { reason: 'changed' });
  // c.ts is one hop from b.ts, which wins over two hops from a.ts.
  assert.deepEqual(scope.get('c.ts'), { reason: 'dependent', of: 'b.ts', via: 'b.ts', hop: 1 });
});

test('a deleted file (not in the graph as a file, only as an import target) still brings in its importers', () => {
  const scope = blastRadius(['gone.ts'], new Map([['gone.ts', ['user.ts']]]), 1);
  assert.deepEqual(scope.get('user.ts'), { reason: 'dependent', of: 'gone.ts', via: 'gone.ts', hop: 1 });
});

test('nothing changed, nothing in scope', () => {
  assert.equal(blastRadius([], IMPORTERS, 5).size, 0);
});
