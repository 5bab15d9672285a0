// A watcher killed with -9 under a parent that has not reaped it yet (a supervisor, a shell busy elsewhere) is a
// zombie: its pid still answers signal 0, but it holds nothing. A restart half a second later takes its lock over at
// once instead of being refused. Real git, the compiled CLI, real processes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_ENTRY, spawnCli } from '../../helpers/cli.ts';
import { assertFreshDist } from '../../helpers/dist.ts';
import { watchedRepo } from './helpers.ts';

const stateOf = (pid: number): string | undefined => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
  } catch {
    return undefined;
  }
};

async function until(what: string, ok: () => boolean): Promise<void> {
  for (let i = 0; i < 600 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok(ok(), what);
}

test('restart after kill -9 of a watcher its parent has not reaped: the lock is taken over at once', { skip: !existsSync('/proc/self/stat') && 'needs /proc' }, async (t) => {
  assertFreshDist();
  const repo = watchedRepo(t);
  // sh starts the watcher, then becomes `sleep`, which never waits for it: once killed, the watcher stays a zombie.
  const parent = spawn('sh', ['-c', `"${process.execPath}" "${CLI_ENTRY}" watch "${repo}" --interval 1h --quiet >/dev/null 2>&1 & echo $!; exec sleep 120`], { stdio: ['ignore', 'pipe', 'ignore'] });
  t.after(() => parent.kill('SIGKILL'));
  let out = '';
  parent.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await until('the watcher started', () => /^\d+\n/.test(out));
  const pid = Number(out.trim());
  const lock = join(repo, '.bug-hunter', 'run.lock');
  await until('the watcher holds the lock', () => existsSync(lock) && (JSON.parse(readFileSync(lock, 'utf8')) as { pid: number }).pid === pid);
  process.kill(pid, 'SIGKILL');
  await until('the killed watcher is a zombie', () => stateOf(pid) === 'Z');
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(stateOf(pid), 'Z', 'still not reaped at the restart');
  const restart = await spawnCli(['watch', '--once', repo, '--quiet']);
  assert.equal(restart.code, 0, restart.stdout + restart.stderr);
  assert.doesNotMatch(restart.stderr, /Another bug-hunter run holds/);
  assert.equal(existsSync(lock), false, 'released at the end of the restart');
});
