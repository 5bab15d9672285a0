import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readArtifact } from '../../src/artifacts/store.ts';
import { join } from 'node:path';
import { spawnCli } from '../helpers/cli.ts';
import { buggyProject } from '../helpers/project.ts';
import { gitRepo } from '../helpers/temp.ts';

test('Ctrl-C mid-run saves the state (exit 3) and --resume finishes the same run', async (t) => {
  const repo = gitRepo(t, buggyProject(40));
  const flags = ['--chunk-tokens', '80', '--concurrency', '1'];
  let sent = false;
  const first = await spawnCli(['scan', repo, ...flags], {
    onStderr: (chunk, child) => {
      if (!sent && /hunter: 0\//.test(chunk)) {
        sent = true;
        child.kill('SIGINT');
      }
    },
  });
  assert.ok(sent, 'the hunter never started');
  assert.equal(first.code, 3, first.stderr);
  assert.match(first.stderr, /Interrupted/);
  const state = readArtifact(join(repo, '.bug-hunter'), 'state');
  assert.equal(state.status, 'interrupted', first.stderr);
  // Wherever the signal landed (a chunk or a later phase), the run did not reach its report.
  assert.notEqual(state.phases.report?.status, 'done');

  const resumed = await spawnCli(['scan', repo, '--resume', ...flags]);
  assert.equal(resumed.code, 1, resumed.stderr);
  assert.match(resumed.stderr, /resuming run/);
  const after = readArtifact(join(repo, '.bug-hunter'), 'state');
  assert.equal(after.run.runId, state.run.runId);
  assert.equal(after.status, 'completed');
  assert.equal(readArtifact(join(repo, '.bug-hunter'), 'scan-report').findings.filter((f) => f.verdict === 'confirmed').length, 40);
});
