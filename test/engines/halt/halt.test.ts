// The one halt rule of watch, work and the fixer: which errors are systemic, and when a run of them stops the loop.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { failedAgain, HALT_AFTER, isSystemic, mustHalt, noFailures } from '../../../src/engines/halt/halt.ts';
import { InfrastructureError, IntegrityError, PhaseError, ProviderError, UsageError } from '../../../src/foundations/errors.ts';
import { SandboxUnavailableError } from '../../../src/engines/sandbox/types.ts';
import { GitCommandError } from '../../../src/engines/git/worktree.ts';

test('a provider, git, sandbox or infrastructure failure is systemic; the work\'s own failures and bugs are not', () => {
  for (const error of [new ProviderError('down', 'server', true), new InfrastructureError('disk'), new SandboxUnavailableError('no backend'), new GitCommandError('git failed')]) assert.equal(isSystemic(error), true, error.message);
  for (const error of [new PhaseError('p'), new IntegrityError('i'), new UsageError('u'), new TypeError('bug'), 'a string']) assert.equal(isSystemic(error), false, String(error));
});

test('three systemic failures in a row halt; a run counts several failures at once and keeps the causes in order', () => {
  assert.equal(HALT_AFTER, 3);
  let run = noFailures();
  run = failedAgain(run, 'crash: one');
  run = failedAgain(run, 'timeout: two');
  assert.equal(mustHalt(run), false);
  run = failedAgain(run, 'setup: three');
  assert.deepEqual(run, { count: 3, causes: ['crash: one', 'timeout: two', 'setup: three'] });
  assert.equal(mustHalt(run), true);
  assert.equal(mustHalt(failedAgain(noFailures(), 'two attempts', 2)), false);
  assert.equal(mustHalt(failedAgain(noFailures(), 'three attempts', 3)), true);
  assert.equal(mustHalt(failedAgain(noFailures(), 'x'), 1), true, 'the limit can be lowered');
});
