import { test } from 'node:test';
import assert from 'node:assert/strict';
import { failingTests } from '../../../src/engines/verify/failing-tests.ts';

test('failing test names are read from node:test TAP, jest, vitest, pytest and go test output', () => {
  const tap = 'TAP version 13\n# Subtest: adds\nok 1 - adds\n# Subtest: divides by zero\nnot ok 2 - divides by zero\n  ---\n  ...\n1..2\n# fail 1\n';
  assert.deepEqual(failingTests(tap), ['divides by zero']);
  assert.deepEqual(failingTests('  ● math › divides by zero\n\n    expect(received)'), ['math › divides by zero']);
  assert.deepEqual(failingTests(' FAIL  test/math.test.ts > math > divides\n'), ['test/math.test.ts > math > divides']);
  assert.deepEqual(failingTests('FAILED tests/test_math.py::test_div - ZeroDivisionError\n'), ['tests/test_math.py::test_div']);
  assert.deepEqual(failingTests('--- FAIL: TestDivide (0.00s)\n'), ['TestDivide']);
  assert.deepEqual(failingTests('all good\nok 1 - fine\n'), []);
});
