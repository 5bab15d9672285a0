import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testFailures } from '../../../scripts/gate/test-failures.ts';

// Printed by node 20's test runner for a nested failing test, a parent failing because of it, a test that threw, and a
// passing test (trimmed of durations and stacks).
const TAP = `TAP version 13
# Subtest: /r/node_modules/.cache/bug-hunter-tests/run-Ab12/test/watch/cycle.test.js
    # Subtest: inner fails
    not ok 1 - inner fails
      ---
      location: '/r/node_modules/.cache/bug-hunter-tests/run-Ab12/test/watch/cycle.test.js:2:38'
      failureType: 'testCodeFailure'
      error: |-
        one is not two

        1 !== 2
      code: 'ERR_ASSERTION'
      ...
    1..1
not ok 1 - outer
  ---
  location: '/r/x.test.js:2:1'
  failureType: 'subtestsFailed'
  error: '1 subtest failed'
  ...
# Subtest: plain throws
not ok 2 - plain throws
  ---
  location: '/tmp/a.test.mjs:3:1'
  failureType: 'testCodeFailure'
  error: 'it''s broken'
  ...
ok 3 - passes
  ---
  duration_ms: 0.1
  ...
# fail 2
`;

test('leaf failures are named with their source location and first error line; parents and passes are not', () => {
  assert.deepEqual(testFailures(TAP), [
    { name: 'inner fails', location: 'test/watch/cycle.test.ts:2:38', error: 'one is not two' },
    { name: 'plain throws', location: '/tmp/a.test.mjs:3:1', error: "it's broken" },
  ]);
});

test('a passing run has no failures', () => {
  assert.deepEqual(testFailures('TAP version 13\nok 1 - a\n  ---\n  duration_ms: 1\n  ...\n# fail 0\n'), []);
});
