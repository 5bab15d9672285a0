// Runs the compiled CLI's main() for several argument lists in one child process (test/helpers/cli-many.mjs): for
// tests of what the compiled CLI answers, where a process per command would cost more than the commands.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { assertFreshDist } from './dist.ts';

const MANY = fileURLToPath(new URL('./cli-many.mjs', import.meta.url));

export interface ManyResult {
  argv: string[];
  code: number;
  stdout: string;
  stderr: string;
}

/** Each argument list's exit code and output, in order; throws when the process itself fails. */
export function runCompiledMany(argvs: string[][], options: { cwd?: string; env?: NodeJS.ProcessEnv; nodeArgs?: string[] } = {}): ManyResult[] {
  assertFreshDist();
  const child = spawnSync(process.execPath, [...(options.nodeArgs ?? []), MANY, JSON.stringify(argvs)], {
    cwd: options.cwd ?? process.cwd(),
    encoding: 'utf8',
    env: { ...process.env, CI: '1', ...options.env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`cli-many.mjs exited ${child.status}: ${child.stderr}`);
  return JSON.parse(child.stdout) as ManyResult[];
}
