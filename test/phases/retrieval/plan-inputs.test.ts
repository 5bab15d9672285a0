// What retrieval plans context for and what it says it left out: the plan's chunks in its order (a chunk triage
// lacks is an integrity failure), and the notes for budgets, a missing recon.json and an index not built.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Chunk } from '../../../src/artifacts/schemas/triage.ts';
import { IntegrityError } from '../../../src/foundations/errors.ts';
import { budgetsFrom } from '../../../src/phases/retrieval/budgets.ts';
import { chunksToPlan, retrievalNotes } from '../../../src/phases/retrieval/core.ts';

const chunk = (id: string): Chunk => ({ id, files: [`src/${id}.js`], tokens: 5, risk: 1, oversized: false });

test("retrieval plans the plan's chunks in its order, not the deferred ones; a chunk triage lacks is an integrity failure", () => {
  const triage = { chunks: [chunk('chunk-001'), chunk('chunk-002'), chunk('chunk-003')] };
  assert.deepEqual(chunksToPlan(triage, { chunkOrder: ['chunk-002', 'chunk-001'] }).map((c) => c.id), ['chunk-002', 'chunk-001']);
  assert.throws(() => chunksToPlan(triage, { chunkOrder: ['chunk-004'] }), (e: unknown) => e instanceof IntegrityError && /names chunk-004/.test(e.message));
});

test('notes say, in order, what the budgets lacked, that recon.json is absent and that no index was built', () => {
  assert.deepEqual(retrievalNotes(undefined, true, true), []);
  assert.deepEqual(retrievalNotes('budget note', false, false), [
    'budget note',
    'recon.json is absent: no trust-boundary context was added.',
    'No model reads retrieval context in this run (static engine): the code index was not built; each chunk lists only its own files.',
  ]);
  assert.equal(retrievalNotes(undefined, true, false).length, 1);
});

test("a plan without retrieval budgets uses the defaults and says so first; one with both budgets adds no note", () => {
  const none = budgetsFrom({ chunkTokenBudget: 600 } as unknown as Parameters<typeof budgetsFrom>[0]);
  assert.deepEqual(none.budgets, { maxFiles: 8, maxTokens: 6000, source: 'default' });
  assert.deepEqual(retrievalNotes(none.note, false, true), [
    'adaptive-plan.json sets no retrieval budgets; using the defaults (8 files, 6000 tokens per chunk).',
    'recon.json is absent: no trust-boundary context was added.',
  ]);
  const both = budgetsFrom({ retrievalMaxFiles: 3, retrievalMaxTokens: 900 } as unknown as Parameters<typeof budgetsFrom>[0]);
  assert.deepEqual(both.budgets, { maxFiles: 3, maxTokens: 900, source: 'plan' });
  assert.deepEqual(retrievalNotes(both.note, true, true), []);
});
