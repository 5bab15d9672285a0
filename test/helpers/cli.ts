// Runs the real CLI entry in-process (main) or as a child process, capturing output and the exit code.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { assertFreshDist } from './dist.ts';
import { main } from '../../src/cli/main.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(argv: string[], cwd = process.cwd()): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    cwd,
    signal: new AbortController().signal,
  });
  return { code, stdout, stderr };
}

/** The installed entry point; it runs the compiled CLI in dist/. */
export const CLI_ENTRY = fileURLToPath(new URL('../../bin/bug-hunter.js', import.meta.url));

/** Spawns the compiled CLI (`node bin/bug-hunter.js …`, or `entry`: a test's fixture around the compiled code); onStderr
 * sees output as it arrives (to send signals mid-run). */
export function spawnCli(argv: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; nodeArgs?: string[]; entry?: string; onStderr?: (chunk: string, child: ReturnType<typeof spawn>) => void } = {}): Promise<CliResult> {
  assertFreshDist();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.entry ?? CLI_ENTRY, ...argv], {
      cwd: options.cwd ?? process.cwd(),
      env: { ...process.env, CI: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      options.onStderr?.(d.toString(), child);
    });
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code: code ?? -1, stdout, stderr }));
  });
}
