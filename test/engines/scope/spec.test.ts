// The diff flags read as the user wrote them: one mode at a time, a well-formed range, a sane radius, no option-like refs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UsageError } from '../../../src/foundations/errors.ts';
import { diffRequestOf, parseDiffRange } from '../../../src/engines/scope/spec.ts';

test('--diff accepts base...head and base..head', () => {
  assert.deepEqual(parseDiffRange('main...HEAD'), { base: 'main', head: 'HEAD', range: '...' });
  assert.deepEqual(parseDiffRange('v1.2..feature/x'), { base: 'v1.2', head: 'feature/x', range: '..' });
});

test('a malformed --diff, an option-like ref or an empty side is a usage error naming the flag', () => {
  for (const bad of ['main', 'main...', '...HEAD', '-x...HEAD', 'main...--output=/tmp/x', 'a b..c']) {
    assert.throws(() => parseDiffRange(bad), (e: Error) => e instanceof UsageError && /--diff/.test(e.message), bad);
  }
});

test('one diff mode at a time; --radius only with one; radius defaults to 1', () => {
  assert.deepEqual(diffRequestOf({ since: 'main' }), { mode: 'since', radius: 1, base: 'main' });
  assert.deepEqual(diffRequestOf({ staged: true, radius: '0' }), { mode: 'staged', radius: 0 });
  assert.equal(diffRequestOf({}), undefined);
  assert.throws(() => diffRequestOf({ since: 'a', staged: true }), /--since and --staged cannot be combined/);
  assert.throws(() => diffRequestOf({ radius: '2' }), /--radius needs --since, --diff or --staged/);
  for (const bad of ['-1', '1.5', 'two', '', '51']) assert.throws(() => diffRequestOf({ since: 'a', radius: bad }), /--radius takes a whole number from 0 to 50/, bad);
  assert.throws(() => diffRequestOf({ since: '--all' }), /--since: '--all' is not a git ref/);
});
