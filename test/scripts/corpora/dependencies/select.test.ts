import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_LINES, MIN_LINES, selectDependencies, storeEntry } from '../../../../scripts/corpora/dependencies/select.ts';

test('a pnpm store entry names its package and version, scoped or not, with or without peer suffixes', () => {
  assert.deepEqual(storeEntry('picomatch@4.0.3'), { name: 'picomatch', version: '4.0.3' });
  assert.deepEqual(storeEntry('@sinclair+typebox@0.34.52'), { name: '@sinclair/typebox', version: '0.34.52' });
  assert.deepEqual(storeEntry('@octokit+request@9.2.4_@octokit+core@6.1.2'), { name: '@octokit/request', version: '9.2.4' });
  assert.deepEqual(storeEntry('ws@8.18.0_bufferutil@4.0.8'), { name: 'ws', version: '8.18.0' });
  assert.equal(storeEntry('lock.yaml'), undefined);
});

test('the corpus: one version per name, nothing a mature set holds, no type-only package, a scannable size, largest first', () => {
  const p = (name: string, lines: number, version = '1.0.0') => ({ name, version, lines });
  const chosen = selectDependencies([
    p('a', 5_000), p('a', 9_000, '2.0.0'), p('fastify', 20_000), p('@types/node', 30_000), p('tiny', MIN_LINES - 1),
    p('huge', MAX_LINES + 1), p('b', 5_000), p('c', 12_000),
  ], new Set(['fastify']));
  assert.deepEqual(chosen.map((x) => `${x.name}@${x.version}`), ['c@1.0.0', 'a@1.0.0', 'b@1.0.0']);
});
