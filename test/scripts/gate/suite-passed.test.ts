// The gate takes the suite's result from .ci/run's README line only for the commit it passed on, with a clean tree.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { suiteResultReusable } from '../../../scripts/gate/suite-passed.ts';

const head = 'a4c08a1'.padEnd(40, '0');

test('the suite result is reused for the commit it passed on when the tree is unchanged', () => {
  assert.equal(suiteResultReusable({ passedAt: head, head: `${head}\n`, porcelain: '' }), true);
});

test('the suite runs again when the variable is unset, not a commit, another commit, or the tree changed', () => {
  assert.equal(suiteResultReusable({ passedAt: undefined, head, porcelain: '' }), false);
  assert.equal(suiteResultReusable({ passedAt: '', head, porcelain: '' }), false);
  assert.equal(suiteResultReusable({ passedAt: 'yes', head, porcelain: '' }), false);
  assert.equal(suiteResultReusable({ passedAt: 'b'.repeat(40), head, porcelain: '' }), false);
  assert.equal(suiteResultReusable({ passedAt: head, head, porcelain: ' M src/cli/main.ts\n' }), false);
  assert.equal(suiteResultReusable({ passedAt: head, head, porcelain: '?? new-file.ts\n' }), false);
});
