// Runs one host argv (shell: false) in its own process group with a wall-time limit that kills the whole
// group, bounded capture of stdout/stderr, and bubblewrap's status pipe to tell "sandbox failed" from "command failed".
import { spawn } from 'node:child_process';
import { boundedBuffer } from './capture.ts';

export interface SpawnOptions {
  cwd?: string;
  env: Record<string, string>;
  timeoutMs: number;
  maxOutputBytes: number;
  uid?: number;
  gid?: number;
  /** Open a pipe on fd 3 for bwrap --json-status-fd. */
  statusPipe?: boolean;
  signal?: AbortSignal;
}

export interface SpawnOutcome {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  aborted: boolean;
  /** The process could not be started at all (ENOENT, EACCES …). */
  spawnError?: string;
  stdout: string;
  stderr: string;
  truncated: boolean;
  durationMs: number;
  /** Lines bwrap wrote on the status pipe (JSON objects), when requested. */
  status: Array<Record<string, unknown>>;
}

export function spawnBounded(argv: string[], options: SpawnOptions): Promise<SpawnOutcome> {
  const [file, ...args] = argv;
  if (!file) throw new RangeError('spawnBounded needs a non-empty argv.');
  const started = performance.now();
  const out = boundedBuffer(options.maxOutputBytes);
  const err = boundedBuffer(options.maxOutputBytes);
  let statusText = '';
  return new Promise((resolve) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env,
      shell: false,
      detached: true,
      stdio: options.statusPipe ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'],
      ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid ?? options.uid } : {}),
    });
    let timedOut = false;
    let aborted = false;
    let spawnError: string | undefined;
    let groupTimer: NodeJS.Timeout | undefined;
    // Negative pid: the whole process group, so nothing the command started outlives it.
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    // With bwrap, kill the sandbox's init first: its pid namespace dies with it, and the outer bwrap reaps it
    // (killing both at once leaves a zombie for a host init that may never reap). The group kill follows anyway.
    const kill = () => {
      const inner = parseStatusLines(statusText).find((s) => typeof s['child-pid'] === 'number')?.['child-pid'];
      if (typeof inner !== 'number') return killGroup();
      try {
        process.kill(inner, 'SIGKILL');
      } catch {
        // Already gone.
      }
      groupTimer = setTimeout(killGroup, 1_000);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    const onAbort = () => {
      aborted = true;
      kill();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
    const statusStream = child.stdio[3];
    if (statusStream && 'on' in statusStream) statusStream.on('data', (chunk: Buffer) => (statusText += chunk.toString('utf8')));
    child.on('error', (error: NodeJS.ErrnoException) => {
      spawnError = `${file}: ${error.code ?? error.message}`;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(groupTimer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({
        exitCode: code,
        signal,
        timedOut,
        aborted,
        ...(spawnError ? { spawnError } : {}),
        stdout: out.text(),
        stderr: err.text(),
        truncated: out.truncated || err.truncated,
        durationMs: Math.round(performance.now() - started),
        status: parseStatusLines(statusText),
      });
    });
  });
}

function parseStatusLines(text: string): Array<Record<string, unknown>> {
  const lines: Array<Record<string, unknown>> = [];
  // bwrap writes one JSON object per line; anything else is ignored rather than trusted.
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const value: unknown = JSON.parse(line);
      if (value && typeof value === 'object') lines.push(value as Record<string, unknown>);
    } catch {
      continue;
    }
  }
  return lines;
}
