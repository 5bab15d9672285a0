// The sandbox holds against a hostile suite: no nested user namespace (so no fresh capability set and no new
// mounts), a capped /dev/shm, no copy of the workspace left behind by a run killed with SIGKILL, and a sandbox
// that breaks while starting is recorded as unavailable, never as a failing suite.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSandboxed, SandboxUnavailableError } from '../../src/engines/sandbox/index.ts';
import { bwrapArgs } from '../../src/engines/sandbox/bwrap.ts';
import { DEFAULT_LIMITS } from '../../src/engines/sandbox/limits.ts';
import { toResult } from '../../src/engines/sandbox/run.ts';
import { spawnBounded } from '../../src/engines/sandbox/spawn.ts';
import { spawnCli } from '../helpers/cli.ts';
import { bwrap, tempTree } from '../engines/sandbox/helpers.ts';
import { hostileRepo } from './hostile.ts';

test('a suite cannot open a nested user namespace (no full capability set, no new mounts)', async (t) => {
  const tree = tempTree({ 'x.txt': 'x' });
  t.after(tree.cleanup);
  const result = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['unshare', '--user', '--map-root-user', '--mount', 'sh', '-c', 'mount -t tmpfs none /tmp && echo MOUNTED'] });
  assert.equal(result.status, 'FAIL', result.stdout + result.stderr);
  assert.doesNotMatch(result.stdout, /MOUNTED/);
});

test('/dev/shm is a small capped tmpfs, not a way around the memory and /tmp limits', async (t) => {
  const tree = tempTree({ 'x.txt': 'x' });
  t.after(tree.cleanup);
  const fill = 'for i in 1 2 3 4; do head -c 40000000 /dev/zero > /dev/shm/f$i || exit 7; done; echo FILLED';
  const result = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['sh', '-c', fill] });
  assert.equal(result.exitCode, 7, result.stdout + result.stderr);
  assert.doesNotMatch(result.stdout, /FILLED/);
});

async function waitFor<T>(probe: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 600; i += 1) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

// The rule (docs/sandbox.md): a copy whose owner is gone is removed at the next run; a live owner's never (the live and
// reused-pid cases: test/engines/sandbox/workspace.test.ts).
test('a workspace copy left by a run killed with SIGKILL during --verify is removed by the next sandboxed run', { timeout: 120_000 }, async (t) => {
  const slow = hostileRepo(t, { files: { 'package.json': JSON.stringify({ name: 's', version: '1.0.0', scripts: { test: 'sleep 60' } }), 'src/a.js': 'export const a = 1;\n' } });
  let child: ChildProcess | undefined;
  const killed = spawnCli(['scan', slow, '--verify'], { onStderr: (_chunk, c) => (child ??= c) });
  const copy = await waitFor(() => (child?.pid ? readdirSync(tmpdir()).find((n) => new RegExp(`^bh-sandbox-${child!.pid}(?:\\.\\d+\\.\\d+)?-`).test(n)) : undefined), 'the sandbox copy');
  child!.kill('SIGKILL');
  await killed;
  assert.ok(existsSync(join(tmpdir(), copy)), 'SIGKILL leaves the copy behind');

  const next = hostileRepo(t, { files: { 'package.json': JSON.stringify({ name: 'n', version: '1.0.0', scripts: { test: 'true' } }), 'src/a.js': 'export const a = 1;\n' } });
  const scan = await spawnCli(['scan', next, '--verify', '--quiet']);
  assert.equal(scan.code, 0, scan.stdout + scan.stderr);
  assert.equal(existsSync(join(tmpdir(), copy)), false, `${copy} is still there`);
});

test('bubblewrap failing after it started (a mount it cannot make) is the sandbox being unavailable, not a failing command', async (t) => {
  const tree = tempTree({ 'x.txt': 'x' });
  t.after(tree.cleanup);
  const run = {
    argv: ['true'],
    copy: tree.dir,
    insideWorkspace: '/workspace',
    cwdInside: '/workspace',
    env: { PATH: '/usr/bin:/bin' },
    limits: DEFAULT_LIMITS,
    roBinds: [{ host: join(tree.dir, 'no-such-folder'), inside: '/deps' }],
  };
  const outcome = await spawnBounded(bwrapArgs(run, 3), { env: { PATH: '/usr/bin:/bin' }, timeoutMs: 30_000, maxOutputBytes: 65_536, statusPipe: true });
  assert.match(outcome.stderr, /bwrap: Can't find source path/);
  assert.ok(outcome.status.some((s) => 'child-pid' in s), 'bwrap had started');
  assert.throws(() => toResult(bwrap(), outcome, []), (e: unknown) => e instanceof SandboxUnavailableError && /failed after starting/.test((e as Error).message));
});

test('a tree the sandbox cannot copy (a FIFO from an archive) is recorded as sandbox unavailable; the scan still completes', async (t) => {
  const repo = hostileRepo(t, { noGit: true, files: { 'package.json': JSON.stringify({ name: 'f', version: '1.0.0', scripts: { test: 'true' } }), 'src/a.js': 'export const a = 1;\n' } });
  execFileSync('mkfifo', [join(repo, 'src', 'pipe')]);
  const scan = await spawnCli(['scan', repo, '--verify', '--quiet']);
  // The scan completes (its report is written); the verification asked for could not run, so it exits 3 saying why.
  assert.equal(scan.code, 3, scan.stdout + scan.stderr);
  assert.match(scan.stdout, /exit 3: --verify was asked for but could not run: no sandbox/);
  const report = JSON.parse(readFileSync(join(repo, '.bug-hunter', 'verification-report.json'), 'utf8')) as { sandbox: { available: boolean; reason?: string }; checks: { status: string }[] };
  assert.equal(report.sandbox.available, false);
  assert.match(report.sandbox.reason ?? '', /sandbox unavailable: Could not copy/);
  assert.ok(report.checks.every((c) => c.status === 'UNAVAILABLE'));
});
