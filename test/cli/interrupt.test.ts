import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../src/artifacts/store.ts';
import { CLI_ENTRY, spawnCli, type CliResult } from '../helpers/cli.ts';
import { buggyProject } from '../helpers/project.ts';
import { gitRepo, tempDir } from '../helpers/temp.ts';

/** Runs a printed command line through a real shell, with `bug-hunter` on PATH as the compiled CLI. */
function runAsPrinted(t: Parameters<typeof tempDir>[0], commandLine: string): Promise<CliResult> {
  const bin = tempDir(t, 'bh-bin-');
  writeFileSync(join(bin, 'bug-hunter'), `#!/bin/sh\nexec "${process.execPath}" "${CLI_ENTRY}" "$@"\n`);
  chmodSync(join(bin, 'bug-hunter'), 0o755);
  return new Promise((resolvePromise, reject) => {
    const child = spawn('sh', ['-c', commandLine], { env: { ...process.env, CI: '1', PATH: `${bin}:${process.env.PATH ?? ''}` }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code: code ?? -1, stdout, stderr }));
  });
}

test('Ctrl-C mid-run saves the state (exit 3), prints the exact resume command, and that command finishes the same run', async (t) => {
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
  const hint = /^To continue this run: (.+)$/m.exec(first.stdout)?.[1];
  assert.equal(hint, `bug-hunter scan ${repo} --chunk-tokens 80 --concurrency 1 --resume`);
  const state = readArtifact(join(repo, '.bug-hunter'), 'state');
  assert.equal(state.status, 'interrupted', first.stderr);
  // Wherever the signal landed (a chunk or a later phase), the run did not reach its report.
  assert.notEqual(state.phases.report?.status, 'done');

  // Without the original flags the resume is refused, naming the flags that differ, never hashes.
  const bare = await spawnCli(['scan', repo, '--resume', '--concurrency', '1']);
  assert.equal(bare.code, 3);
  assert.match(bare.stderr, /Cannot resume run [\w-]+: --chunk-tokens: was 80, now not set\. To continue it, repeat its flags: bug-hunter scan \S+ --chunk-tokens 80 --concurrency 1 --resume/);
  assert.doesNotMatch(bare.stderr, /[0-9a-f]{12} →/);

  const resumed = await runAsPrinted(t, hint!);
  assert.equal(resumed.code, 1, resumed.stderr);
  assert.match(resumed.stderr, /resuming run/);
  const after = readArtifact(join(repo, '.bug-hunter'), 'state');
  assert.equal(after.run.runId, state.run.runId);
  assert.equal(after.status, 'completed');
  assert.equal(readArtifact(join(repo, '.bug-hunter'), 'scan-report').findings.filter((f) => f.verdict === 'confirmed').length, 40);
});
