// The hunter's decisions: which chunks are hunted in which order, when the CPU budget stops new chunks, and the
// hunter-findings.json body from real chunk results (the static engine's findings of a handler).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IntegrityError } from '../../../src/foundations/errors.ts';
import type { Chunk } from '../../../src/artifacts/schemas/triage.ts';
import type { ChunkWork } from '../../../src/engines/chunks/work.ts';
import { huntFile } from '../../../src/engines/static/index.ts';
import { chunksToHunt, cpuBudgetSpent, hunterFindingsBody, mergeByFingerprint, stateStatus, unreviewedChunk } from '../../../src/phases/hunter/core.ts';

const chunk = (id: string, files: string[]): Chunk => ({ id, files, tokens: 10, risk: 1, oversized: false });
const TRIAGE = { chunks: [chunk('chunk-001', ['src/a.js']), chunk('chunk-002', ['src/b.js']), chunk('chunk-003', ['src/c.js'])] };

test("the plan's chunks are hunted in its order, the deferred ones only with --loop; a chunk triage lacks fails the run", () => {
  const plan = { chunkOrder: ['chunk-003', 'chunk-001'], deferredChunks: ['chunk-002'] };
  assert.deepEqual(chunksToHunt(TRIAGE, plan, false).map((c) => c.id), ['chunk-003', 'chunk-001']);
  assert.deepEqual(chunksToHunt(TRIAGE, plan, true).map((c) => c.id), ['chunk-003', 'chunk-001', 'chunk-002']);
  assert.throws(
    () => chunksToHunt(TRIAGE, { chunkOrder: ['chunk-009'], deferredChunks: [] }, false),
    (e: unknown) => e instanceof IntegrityError && /adaptive-plan\.json names chunk-009, which triage\.json does not have/.test(e.message),
  );
});

test('a spent CPU budget stops new chunks with its reason; the stopped chunk is unreviewed, pending in state.json', () => {
  const stop = { micros: 1_000, reason: 'the cycle budget is spent' };
  assert.equal(cpuBudgetSpent(stop, { user: 600, system: 400 }), 'the cycle budget is spent');
  assert.equal(cpuBudgetSpent(stop, { user: 600, system: 399 }), null);
  assert.equal(cpuBudgetSpent(undefined, { user: 1e12, system: 0 }), null);
  const work = unreviewedChunk('chunk-002', 'static', { 'src/b.js': 'f'.repeat(64) }, 'the cycle budget is spent');
  assert.deepEqual(work, { chunkId: 'chunk-002', engine: 'static', status: 'unreviewed', fileHashes: { 'src/b.js': 'f'.repeat(64) }, findings: [], rejected: [], error: 'the cycle budget is spent' });
  assert.equal(stateStatus(work.status), 'pending');
  assert.equal(stateStatus('done'), 'done');
  assert.equal(stateStatus('failed'), 'failed');
});

test('hunter-findings.json: findings sorted by file and line, every chunk listed with its lenses, an id reused for another bug refused', () => {
  const handler = (path: string) => ({ path, language: 'javascript', isTest: false, content: "const { exec } = require('child_process');\napp.get('/p', (req, res) => exec(req.query.cmd));\n" });
  const b = huntFile(handler('src/b.js'));
  const a = huntFile(handler('src/a.js'));
  assert.ok(a.length > 0 && b.length > 0, 'the static engine finds the exec in each handler');
  const results: ChunkWork[] = [
    { chunkId: 'chunk-002', engine: 'static', status: 'done', fileHashes: {}, findings: b, rejected: [] },
    { chunkId: 'chunk-001', engine: 'static', status: 'failed', fileHashes: {}, findings: [], rejected: [{ reason: 'unsupported: no such line', claim: 'x' }], error: 'src/a.js changed', cause: 'provider-unavailable' },
  ];
  const body = hunterFindingsBody(mergeByFingerprint([...b, ...a]), results, ['static-rules'], undefined);
  assert.deepEqual(body.findings.map((f) => f.file), [...a.map(() => 'src/a.js'), ...b.map(() => 'src/b.js')]);
  assert.deepEqual(body.chunks[1], { chunkId: 'chunk-001', status: 'failed', lenses: ['static-rules'], engine: 'static', rejected: [{ reason: 'unsupported: no such line', claim: 'x' }], error: 'src/a.js changed', cause: 'provider-unavailable' });
  assert.equal('leads' in body, false);
  const clash = { ...b[0]!, fingerprint: 'another-bug' };
  assert.throws(() => hunterFindingsBody([...b, clash], results, ['static-rules'], undefined), (e: unknown) => e instanceof IntegrityError && e.message.includes(b[0]!.id));
});
