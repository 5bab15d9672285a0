import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSandbox } from '../../../src/commands/doctor/checks.ts';
import { describeBackends } from '../../../src/engines/sandbox/select.ts';
import { assertAvailable, skipWithout } from '../../helpers/ci-skip.ts';

const bwrapWorks = describeBackends({ backend: 'auto' }).find((r) => r.available)?.name === 'bwrap';

test('with bubblewrap working, doctor warns when bug-hunter is PID 1 (its zombies would pile up) and not otherwise', { skip: skipWithout(bwrapWorks, 'bubblewrap (as the working backend)') }, () => {
  assertAvailable(bwrapWorks, 'bubblewrap (as the working backend)');
  assert.deepEqual({ ...checkSandbox(4242), detail: '' }, { name: 'sandbox', status: 'ok', detail: '' });
  const asInit = checkSandbox(1);
  assert.equal(asInit.status, 'warn');
  assert.match(asInit.detail, /PID 1 here: each sandboxed run leaves a zombie nothing reaps; start the container with an init \(docker run --init, or tini\)/);
});
