// openRun, the one run lifecycle: a new run, an attached one and a resumed one, on a real target (static engine).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import { readArtifact } from '../../src/artifacts/store.ts';
import type { Logger } from '../../src/foundations/logger.ts';
import { IntegrityError, UsageError } from '../../src/foundations/errors.ts';
import { openRun, type OpenRunRequest } from '../../src/driver/open-run.ts';
import { runPhases } from '../../src/driver/run-phases.ts';
import { PIPELINE } from '../../src/driver/registry.ts';
import { resolveOutDir } from '../../src/engines/run/target.ts';
import { gitRepo } from '../helpers/temp.ts';

const quiet: Logger = { info() {}, warn() {}, progress() {} };

function request(target: string, mode: OpenRunRequest['mode'], phases: readonly string[]): OpenRunRequest {
  return { mode, target, outDir: resolveOutDir(target, undefined), command: `test ${mode}`, phases, log: quiet, signal: new AbortController().signal, cache: 'off' };
}

test('a new run writes its state under the lock; an attached phase joins it under the same run id, and the lock is free after each', async (t) => {
  const target = realpathSync(gitRepo(t, { 'a.js': 'export const a = 1;\n' }));
  const [first, second] = PIPELINE;
  const fresh = await openRun(request(target, 'new', [first!.name]));
  const runId = fresh.store.state.run.runId;
  const ran = await runPhases(fresh, [first!]);
  await fresh.close(1);
  assert.equal(ran.interrupted, false);
  assert.equal(readArtifact(fresh.outDir, 'state').phases[first!.name]?.status, 'done');

  const attached = await openRun(request(target, 'attach', [second!.name]));
  try {
    assert.equal(attached.store.state.run.runId, runId, 'the attached phase runs in the stored run');
    await runPhases(attached, [second!]);
  } finally {
    await attached.close(1);
  }
  assert.equal(readArtifact(attached.outDir, 'state').phases[second!.name]?.status, 'done');
});

test('attaching or resuming with no run in the folder is a usage error naming what to run, and leaves the lock free', async (t) => {
  const target = realpathSync(gitRepo(t, { 'a.js': 'export const a = 1;\n' }));
  await assert.rejects(openRun(request(target, 'attach', [PIPELINE[1]!.name])), (e: Error) => e instanceof UsageError && e.message.includes(`Run 'bug-hunter phase ${PIPELINE[0]!.name}' on this target first.`));
  await assert.rejects(openRun(request(target, 'resume', [PIPELINE[0]!.name])), UsageError);
  // Nothing holds the lock after a refusal: a new run opens.
  const run = await openRun(request(target, 'new', [PIPELINE[0]!.name]));
  await run.close(1);
});

test('a phase whose inputs are not this run\'s is refused before anything runs, with the refusal the caller words', async (t) => {
  const target = realpathSync(gitRepo(t, { 'a.js': 'export const a = 1;\n' }));
  const fresh = await openRun(request(target, 'new', [PIPELINE[0]!.name]));
  await fresh.close(1);
  // The first phase never ran in this run, so the second's input is missing.
  const refused = openRun({ ...request(target, 'attach', [PIPELINE[1]!.name]), refusal: (runId, chain) => `refused ${runId}: ${chain.phases.join(' → ')}` });
  await assert.rejects(refused, (e: Error) => e instanceof IntegrityError && e.message === `refused ${fresh.store.state.run.runId}: ${PIPELINE[0]!.name} → ${PIPELINE[1]!.name}`);
});
