// The run's worker pool: phases borrow it in turn (workers start once per scan); a phase with no lender gets and
// closes a pool of its own, as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPoolLender, withFilePool } from '../../../src/engines/workers/lender.ts';
import type { FilePool } from '../../../src/engines/workers/pool.ts';

const recon = { path: 'a.js', language: 'javascript', content: "app.get('/x', (req, res) => res.send(req.query.q));" };

test('phases borrow the same pool in turn; the borrower does not close it, the lender does', async () => {
  const lender = createPoolLender();
  let first: FilePool | undefined;
  const one = await withFilePool(lender, 2, async (pool) => {
    first = pool;
    return pool!.run('recon', recon);
  });
  assert.ok(one.trustBoundaries.length > 0, 'a worker ran the task');
  let second: FilePool | undefined;
  const again = await withFilePool(lender, 2, async (pool) => {
    second = pool;
    return pool!.run('recon', recon);
  });
  assert.equal(second, first, 'the second phase got the pool the first one used');
  assert.deepEqual(again, one);
  assert.equal(await withFilePool(lender, 1, async (pool) => pool), undefined, 'one worker means this thread');
  await lender.close();
  await assert.rejects(first!.run('recon', recon), /closed/);
});

test('a larger request replaces the smaller pool; without a lender a phase closes its own pool', async () => {
  const lender = createPoolLender();
  const small = lender.borrow(2)!;
  const large = lender.borrow(3)!;
  assert.notEqual(large, small);
  assert.equal(large.size, 3);
  assert.equal(lender.borrow(2), large, 'a smaller request is served by the larger pool');
  await assert.rejects(small.run('recon', recon), /closed/);
  await lender.close();

  let own: FilePool | undefined;
  await withFilePool(undefined, 2, async (pool) => {
    own = pool;
    await pool!.run('recon', recon);
  });
  await assert.rejects(own!.run('recon', recon), /closed/);
});
