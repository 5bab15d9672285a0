// Timing helpers shared by the bench scripts: wall time of a child process, peak RSS through /usr/bin/time
// when present, medians of interleaved runs. Prints nothing; the scripts decide what to report.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { availableParallelism } from 'node:os';

export interface Timed {
  seconds: number;
  status: number | null;
  /** Peak resident set of the child in MB, when /usr/bin/time is available. */
  peakMb: number | undefined;
  stdout: string;
  stderr: string;
}

const GNU_TIME = '/usr/bin/time';

/** Runs argv once and measures its wall time (and peak RSS when GNU time is installed). */
export function timeCommand(argv: string[], options: SpawnSyncOptions = {}): Timed {
  const wrap = existsSync(GNU_TIME);
  const [cmd, ...args] = wrap ? [GNU_TIME, '-f', 'BH_PEAK_KB=%M', ...argv] : argv;
  const started = performance.now();
  const r = spawnSync(cmd!, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options });
  const seconds = (performance.now() - started) / 1000;
  if (r.error) throw r.error;
  const stderr = String(r.stderr ?? '');
  const kb = /BH_PEAK_KB=(\d+)\s*$/.exec(stderr);
  return {
    seconds,
    status: r.status,
    peakMb: kb ? Number(kb[1]) / 1024 : undefined,
    stdout: String(r.stdout ?? ''),
    stderr: kb ? stderr.slice(0, kb.index) : stderr,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs each named command once per round, in turn, so load from other processes hits all of them alike. */
export function interleaved(rounds: number, commands: Record<string, () => Timed>): Record<string, Timed[]> {
  const out: Record<string, Timed[]> = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  for (let i = 0; i < rounds; i++) {
    for (const [name, run] of Object.entries(commands)) out[name]!.push(run());
  }
  return out;
}

/** The 1-minute load average, so a figure measured on a busy machine says so. */
export function loadNote(): string {
  if (!existsSync('/proc/loadavg')) return 'load average unknown';
  return `load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]} (1 min) on ${availableParallelism()} cores`;
}

export function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** `--baseline <checkout>`: another clone or worktree (e.g. an older commit) whose bin runs interleaved with ours. */
export function baselineBin(): string | undefined {
  const i = process.argv.indexOf('--baseline');
  return i > 0 && process.argv[i + 1] ? `${process.argv[i + 1]!.replace(/\/$/, '')}/bin/bug-hunter.js` : undefined;
}

/**
 * Wraps argv so the child's CPU time (user + sys, its children included) can be read after it exits: GNU time
 * writes it to a file of its own, so the child's stdout and stderr stay untouched. Without GNU time, `seconds()`
 * is undefined and the caller says the figure is unknown.
 */
export function withCpuTime(argv: string[], file: string): { argv: string[]; seconds: () => number | undefined } {
  if (!existsSync(GNU_TIME)) return { argv, seconds: () => undefined };
  return {
    argv: [GNU_TIME, '-f', 'BH_CPU=%U %S', '-o', file, ...argv],
    seconds: () => {
      const m = /BH_CPU=([\d.]+) ([\d.]+)/.exec(readFileSync(file, 'utf8'));
      return m ? Number(m[1]) + Number(m[2]) : undefined;
    },
  };
}

/**
 * Collects a child's stream and hands each complete line to onLine with the seconds since `started` at which it
 * arrived (the bench scripts time phases by when their progress lines appear). Returns the text so far.
 */
export function stampLines(stream: NodeJS.ReadableStream, started: number, onLine: (line: string, seconds: number) => void): () => string {
  let text = '';
  let pending = '';
  stream.on('data', (d: Buffer) => {
    const now = (performance.now() - started) / 1000;
    text += d.toString();
    pending += d.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line, now);
  });
  return () => text;
}
