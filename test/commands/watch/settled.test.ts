import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Coverage } from '../../../src/artifacts/schemas/coverage.ts';
import type { HunterFindings } from '../../../src/artifacts/schemas/hunter-findings.ts';
import { settledFiles } from '../../../src/commands/watch/settled.ts';

const file = (path: string, status: string) => ({ path, status }) as Coverage['files'][number];

test('settled files: scanned ones, minus those where a candidate was thrown out; no coverage settles nothing', () => {
  const coverage = { files: [file('a.js', 'scanned'), file('b.js', 'scanned'), file('c.js', 'unreviewed')] } as Coverage;
  const hunter = { chunks: [{ rejected: [{ reason: 'unsupported: quote does not match', claim: 'x', file: 'b.js' }, { reason: 'no file', claim: 'y' }] }] } as unknown as HunterFindings;
  assert.deepEqual([...settledFiles(coverage, hunter)], ['a.js']);
  assert.deepEqual([...settledFiles(coverage, undefined)], ['a.js', 'b.js']);
  assert.deepEqual([...settledFiles(undefined, hunter)], []);
});
