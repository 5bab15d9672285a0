import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PlanLimits } from '../../../src/artifacts/schemas/adaptive-plan.ts';
import type { ContextItem } from '../../../src/artifacts/schemas/retrieval-plan.ts';
import { budgetsFrom } from '../../../src/phases/retrieval/budgets.ts';
import { MAX_LISTED_EXCLUSIONS, selectWithinBudget } from '../../../src/phases/retrieval/select.ts';

const item = (file: string, reason: ContextItem['reason'], tokens: number, range?: [number, number]): ContextItem =>
  range ? { file, reason, tokens, startLine: range[0], endLine: range[1] } : { file, reason, tokens };

test('maxFiles is hard: a candidate in a new file past the cap is excluded with why; more ranges of an included file still fit', () => {
  const plan = selectWithinBudget(
    [item('a.ts', 'direct', 5000), item('b.ts', 'definition', 10, [1, 3]), item('c.ts', 'definition', 10, [1, 3]), item('b.ts', 'caller', 10, [10, 12])],
    { maxFiles: 1, maxTokens: 100, source: 'plan' },
    new Map(),
  );
  assert.deepEqual(plan.included.map((i) => `${i.file}:${i.reason}`), ['a.ts:direct', 'b.ts:definition', 'b.ts:caller']);
  assert.deepEqual(plan.excluded, [{ item: item('c.ts', 'definition', 10, [1, 3]), kind: 'budget-files', why: 'maxFiles 1 reached: 1 context files already included' }]);
  // Direct items are not counted: the chunk was sized by triage.
  assert.deepEqual(plan.usage, { files: 1, tokens: 20 });
});

test('maxTokens is hard, greedy in rank order: a smaller later item can still fit', () => {
  const plan = selectWithinBudget([item('b.ts', 'dependency', 80), item('c.ts', 'dependency', 30), item('d.ts', 'dependent', 20)], { maxFiles: 8, maxTokens: 100, source: 'default' }, new Map());
  assert.deepEqual(plan.included.map((i) => i.file), ['b.ts', 'd.ts']);
  assert.equal(plan.excluded[0]?.kind, 'budget-tokens');
  assert.equal(plan.excluded[0]?.why, 'needs 30 tokens; 20 of maxTokens 100 left');
  assert.ok(plan.usage.tokens <= 100);
});

test('a range inside an included whole file, or a whole file already shown by ranges, is not paid for twice', () => {
  const plan = selectWithinBudget([item('b.ts', 'definition', 5, [2, 4]), item('b.ts', 'dependency', 50), item('b.ts', 'caller', 3, [3, 3])], { maxFiles: 8, maxTokens: 100, source: 'default' }, new Map());
  assert.deepEqual(plan.included.map((i) => i.reason), ['definition']);
  assert.deepEqual(plan.excluded, []);
});

test('budgets come from the plan only when it sets both; otherwise the defaults, said out loud', () => {
  const limits: PlanLimits = { concurrency: 1, chunkTokenBudget: 1000, maxChunks: 1, lenses: ['logic'], refuters: 1, rereadSeverities: [], tokenBudget: null };
  const fallback = budgetsFrom(limits);
  assert.deepEqual(fallback.budgets, { maxFiles: 8, maxTokens: 6000, source: 'default' });
  assert.match(fallback.note ?? '', /sets no retrieval budgets; using the defaults \(8 files, 6000 tokens per chunk\)/);
  const set = budgetsFrom({ ...limits, retrievalMaxFiles: 3, retrievalMaxTokens: 900 } as PlanLimits);
  assert.deepEqual(set, { budgets: { maxFiles: 3, maxTokens: 900, source: 'plan' } });
});

test('past the listing cap, lower-ranked budget exclusions are counted, never dropped silently; integrity ones are always listed', () => {
  const candidates = Array.from({ length: MAX_LISTED_EXCLUSIONS + 6 }, (_, i) => item(`f${String(i).padStart(3, '0')}.ts`, 'dependent', 10));
  candidates.push(item('changed.ts', 'dependency', 10));
  const plan = selectWithinBudget(candidates, { maxFiles: 1, maxTokens: 1000, source: 'default' }, new Map([['changed.ts', 'changed.ts changed since it was recorded']]));
  assert.equal(plan.included.length, 1);
  assert.equal(plan.excluded.filter((e) => e.kind === 'budget-files').length, MAX_LISTED_EXCLUSIONS);
  assert.deepEqual(plan.unlisted, { count: 5, tokens: 50, budgetFiles: 5, budgetTokens: 0 });
  assert.equal(plan.excluded.at(-1)?.kind, 'integrity');
  assert.equal(plan.included.length + plan.excluded.length + plan.unlisted.count, candidates.length);
});
