// Ctrl-C through `pnpm bug-hunter`: a terminal sends SIGINT to the whole foreground process group (pnpm, the
// script and the tool). pnpm's own script runner then exits 0 whatever the tool returned; the repository's
// .npmrc sets shell-emulator=true, whose runner passes the tool's exit code (3: interrupted) through.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buggyProject } from '../helpers/project.ts';
import { gitRepo } from '../helpers/temp.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const hasPnpm = spawnSync('pnpm', ['--version'], { stdio: 'ignore' }).status === 0;

test('Ctrl-C (SIGINT to the process group) through `pnpm bug-hunter` exits 3, the code the tool printed', { skip: hasPnpm ? false : 'pnpm is not installed' }, async (t) => {
  const repo = gitRepo(t, buggyProject(40));
  // detached: pnpm leads a process group of its own, as a shell's foreground job does.
  const child = spawn('pnpm', ['-s', 'bug-hunter', 'scan', repo, '--chunk-tokens', '80', '--concurrency', '1'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let sent = false;
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    if (!sent && /hunter: 0\//.test(stderr)) {
      sent = true;
      process.kill(-child.pid!, 'SIGINT');
    }
  });
  const code = await new Promise<number | null>((resolvePromise) => child.on('close', (c) => resolvePromise(c)));
  assert.ok(sent, `the hunter never started: ${stderr}`);
  assert.match(stdout, /^exit 3: the run was interrupted$/m, stderr);
  assert.equal(code, 3, `pnpm exited ${String(code)} while the tool printed exit 3`);
});
