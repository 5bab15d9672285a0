import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Finding } from '../../../src/artifacts/schemas/common.ts';
import { acceptChunkFindings } from '../../../src/phases/hunter/accept.ts';
import { mergeByFingerprint, reusedIds } from '../../../src/engines/findings/merge.ts';

const content = 'const a = 1;\nexec(cmd);\n';
const sources = new Map([['a.js', content]]);

function f(overrides: Partial<Finding> = {}): Finding {
  return {
    id: 'BH-aaaaaaaaaaaa',
    fingerprint: 'aaaaaaaaaaaaaaaa',
    file: 'a.js',
    startLine: 2,
    endLine: 2,
    category: 'injection',
    severity: 'high',
    confidence: 0.8,
    claim: 'exec of input',
    evidence: [{ file: 'a.js', startLine: 2, endLine: 2, quote: 'exec(cmd);' }],
    runtimeTrigger: 'cmd from request',
    lens: 'injection',
    engine: 'static',
    ...overrides,
  };
}

test('a finding for a file the chunk was not assigned fails the whole chunk', () => {
  const r = acceptChunkFindings(['a.js'], [f({ file: 'b.js', evidence: [{ file: 'b.js', startLine: 1, endLine: 1, quote: 'x' }] })], sources);
  assert.equal(r.ok, false);
  assert.match(!r.ok ? r.error : '', /b\.js, which this chunk was not assigned/);
});

test('an unsupported finding is rejected and counted, the chunk is not failed', () => {
  const r = acceptChunkFindings(['a.js'], [f(), f({ id: 'BH-bbbbbbbbbbbb', fingerprint: 'bbbbbbbbbbbbbbbb', evidence: [{ file: 'a.js', startLine: 1, endLine: 1, quote: 'eval(x)' }] })], sources);
  assert.ok(r.ok);
  assert.equal(r.ok && r.accepted.length, 1);
  assert.equal(r.ok && r.rejected.length, 1);
  assert.match(r.ok ? r.rejected[0]!.reason : '', /^unsupported: /);
});

test('a second lens on the same fingerprint is recorded as corroboration', () => {
  const merged = mergeByFingerprint([f(), f({ lens: 'logic', confidence: 0.9 })]);
  assert.equal(merged.length, 1);
  assert.deepEqual(merged[0]!.corroboratedBy, ['logic']);
  assert.equal(merged[0]!.confidence, 0.9);
});

test('an id reused for a different fingerprint is detected', () => {
  assert.deepEqual(reusedIds([f(), f({ fingerprint: 'cccccccccccccccc' })]), ['BH-aaaaaaaaaaaa']);
  assert.deepEqual(reusedIds([f(), f()]), []);
});
