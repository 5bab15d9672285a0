// The compiled CLI as a real child process seen from outside: a stdout read late (a slow pipe reader) or dropped
// early (`| head`), the processes it started (from /proc), signals sent mid-run, and how long it took to end.
import { spawn, type ChildProcess } from 'node:child_process';
import { assertFreshDist } from './dist.ts';
import { CLI_ENTRY } from './cli.ts';
import { descendantsOf, processTable } from '../../src/engines/run/descendants.ts';

export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
  /** When it ended (Date.now()). */
  endedAt: number;
}

export interface RunningCli {
  child: ChildProcess;
  /** Resolves when the process has ended and its output streams have closed. */
  ended: Promise<Ended>;
  /** stderr so far. */
  stderr: () => string;
}

export interface StartOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Start reading stdout only this long after the start: until then the pipe fills and the CLI's writes wait. */
  readStdoutAfterMs?: number;
  /** Close the reading end of stdout after this many bytes, as `| head -c N` does. */
  closeStdoutAfter?: number;
}

/** Starts `node bin/bug-hunter.js …` with stdout and stderr piped. */
export function startCli(argv: string[], options: StartOptions = {}): RunningCli {
  assertFreshDist();
  const child = spawn(process.execPath, [CLI_ENTRY, ...argv], {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, CI: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: Buffer[] = [];
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const stdout = child.stdout!;
  const read = () =>
    stdout.on('data', (d: Buffer) => {
      chunks.push(d);
      const total = chunks.reduce((n, c) => n + c.length, 0);
      if (options.closeStdoutAfter !== undefined && total >= options.closeStdoutAfter) stdout.destroy();
    });
  if (options.readStdoutAfterMs) setTimeout(read, options.readStdoutAfterMs);
  else read();
  const ended = new Promise<Ended>((resolve, reject) => {
    child.on('error', reject);
    let exit: { code: number | null; signal: NodeJS.Signals | null; at: number } | undefined;
    child.on('exit', (code, signal) => (exit = { code, signal, at: Date.now() }));
    child.on('close', (code, signal) => resolve({ code: exit?.code ?? code, signal: exit?.signal ?? signal, stdout: Buffer.concat(chunks), stderr, endedAt: exit?.at ?? Date.now() }));
  });
  return { child, ended, stderr: () => stderr };
}

/** The processes below `pid` now, each as `pid@start time` (a pid alone may be reused), with its name. */
export function descendantsNow(pid: number): Map<string, string> {
  return new Map(descendantsOf(pid, processTable()).map((p) => [`${p.pid}@${p.start}`, `${p.name} (${p.state})`]));
}

/** Which of `then` still exist now, running or ended and not reaped (a zombie), as `pid name (state)`. */
export function stillThere(then: Map<string, string>): string[] {
  const now = new Set(processTable().map((p) => `${p.pid}@${p.start}`));
  return [...then].filter(([key]) => now.has(key)).map(([key, what]) => `${key.split('@')[0]} ${what}`);
}

/** Polls until `ok()` holds or `ms` pass; returns the last answer. */
export async function waitFor(ok: () => boolean, ms: number, everyMs = 20): Promise<boolean> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return true;
}

/** Ends within `ms`, or is killed (SIGKILL) then and reported as not ending: a test never hangs on a stuck CLI. */
export async function endsWithin(cli: RunningCli, ms: number): Promise<Ended & { inTime: boolean }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  const first = await Promise.race([cli.ended, late]);
  clearTimeout(timer);
  if (first !== 'late') return { ...first, inTime: true };
  cli.child.kill('SIGKILL');
  return { ...(await cli.ended), inTime: false };
}
