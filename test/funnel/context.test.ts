// Retrieval context for model hunters: rank order, the chunk's own files left out, budgets re-applied,
// changed files skipped, ranges shown with their real line numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RetrievalPlan } from '../../src/artifacts/schemas/retrieval-plan.ts';
import { contextBlocks } from '../../src/engines/prompts/retrieval-context.ts';

type Entry = RetrievalPlan['chunks'][number];
const entry = (included: Entry['included']): Entry => ({ chunkId: 'chunk-001', included, excluded: [], unlisted: { count: 0, tokens: 0, budgetFiles: 0, budgetTokens: 0 }, usage: { files: 0, tokens: 0 } });
const files: Record<string, string> = { 'a.js': 'a1\na2', 'b.js': 'b1\nb2\nb3\nb4', 'c.js': 'c1', 'd.js': 'd1' };
const read = (f: string) => files[f];

test('context blocks follow the plan, skip the chunk itself and show ranges at their own line numbers', () => {
  const blocks = contextBlocks(
    entry([
      { file: 'a.js', reason: 'direct', tokens: 1 },
      { file: 'b.js', reason: 'definition', startLine: 2, endLine: 3, tokens: 2 },
      { file: 'c.js', reason: 'caller', tokens: 1 },
    ]),
    { maxFiles: 8, maxTokens: 100, source: 'default' },
    read,
  );
  assert.deepEqual(blocks, ['<context file="b.js">\n    2| b2\n    3| b3\n</context>', '<context file="c.js">\n    1| c1\n</context>']);
});

test('context stops at the token and file budgets and leaves out files that changed since triage', () => {
  const items: Entry['included'] = [
    { file: 'b.js', reason: 'caller', tokens: 5 },
    { file: 'gone.js', reason: 'caller', tokens: 1 },
    { file: 'c.js', reason: 'dependency', tokens: 5 },
    { file: 'd.js', reason: 'dependency', tokens: 1 },
  ];
  assert.equal(contextBlocks(entry(items), { maxFiles: 8, maxTokens: 9, source: 'plan' }, read).length, 1);
  assert.deepEqual(
    contextBlocks(entry(items), { maxFiles: 2, maxTokens: 100, source: 'plan' }, read).map((b) => b.split('"')[1]),
    ['b.js', 'c.js'],
  );
  assert.deepEqual(contextBlocks(undefined, { maxFiles: 2, maxTokens: 100, source: 'plan' }, read), []);
});
