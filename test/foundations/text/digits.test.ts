import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCommas } from '../../../src/foundations/text/digits.ts';

test('numbers read as en-US writes them: a comma every three digits, signs and fractions as toLocaleString does', () => {
  const numbers = [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 1_234_567_890, -1, -1000, -1_234_567, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1.5, 1234.5678, 2 ** 60, 1e21, Number.NaN, Number.POSITIVE_INFINITY];
  for (const n of numbers) assert.equal(withCommas(n), n.toLocaleString('en-US'), String(n));
  assert.equal(withCommas(1_234_567), '1,234,567');
});
