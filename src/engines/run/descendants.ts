// The processes this process started, and theirs, read from /proc (Linux): what must be gone, reaped as well as
// ended, before the CLI exits. Where there is no /proc (macOS, Windows) the table is empty and nothing is waited for.
import { readdirSync, readFileSync } from 'node:fs';
import { sleep } from '../../foundations/sleep.ts';

export interface ProcessEntry {
  pid: number;
  ppid: number;
  /** The kernel's one-letter state: R, S, D, T, Z (a zombie: ended, not reaped) … */
  state: string;
  /** The command name (/proc/<pid>/comm, at most 15 characters). */
  name: string;
  /** Start time in clock ticks since boot: a pid with another start time is another process. */
  start: number;
}

/** One /proc/<pid>/stat line, or null when it is not one. The name sits in parentheses and may hold either. */
export function parseStat(stat: string): ProcessEntry | null {
  const open = stat.indexOf('(');
  const close = stat.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const fields = stat.slice(close + 2).split(' ');
  // After the name: state, ppid, … and the start time, field 22 of the line, 20th after the name.
  const entry = { pid: Number(stat.slice(0, open).trim()), name: stat.slice(open + 1, close), state: fields[0] ?? '', ppid: Number(fields[1]), start: Number(fields[19]) };
  return Number.isInteger(entry.pid) && Number.isInteger(entry.ppid) ? entry : null;
}

/** Every process on the host now (empty without /proc). */
export function processTable(): ProcessEntry[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const table: ProcessEntry[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const entry = parseStat(readFileSync(`/proc/${name}/stat`, 'utf8'));
      if (entry) table.push(entry);
    } catch {
      // Gone (and reaped) meanwhile.
    }
  }
  return table;
}

/** The processes below `root` in `table`, children first. Pure. */
export function descendantsOf(root: number, table: readonly ProcessEntry[]): ProcessEntry[] {
  const found: ProcessEntry[] = [];
  const parents = new Set([root]);
  for (let added = true; added; ) {
    added = false;
    for (const entry of table) {
      if (parents.has(entry.ppid) && !parents.has(entry.pid)) {
        found.push(entry);
        parents.add(entry.pid);
        added = true;
      }
    }
  }
  return found;
}

function signalEach(entries: readonly ProcessEntry[], signal: NodeJS.Signals): void {
  for (const { pid, state } of entries) {
    if (state === 'Z') continue;
    try {
      process.kill(pid, signal);
    } catch {
      // Ended meanwhile, or not ours.
    }
  }
}

/** Whether this process has a child now (running or waiting to be reaped): the kernel's list of each thread's
 * children, a few small reads, so an exit with none (nearly every one) never reads the whole process table. */
function hasChildren(): boolean {
  try {
    return readdirSync('/proc/self/task').some((tid) => readFileSync(`/proc/self/task/${tid}/children`, 'utf8').trim() !== '');
  } catch {
    return processTable().some((entry) => entry.ppid === process.pid);
  }
}

/** The children of this process that still exist (running or waiting to be reaped). */
const children = () => (hasChildren() ? processTable().filter((entry) => entry.ppid === process.pid) : []);

/**
 * Ends every process below this one and waits, up to `ms`, until none of its children is left, reaped by the thread
 * that started it: SIGTERM first and SIGKILL after half the time, or SIGKILL at once (`now`: a second Ctrl-C).
 * Returns the children still there (empty when all went). The event loop must run meanwhile: that is where Node
 * reaps a child that ended.
 */
export async function stopDescendants(ms: number, now = false): Promise<ProcessEntry[]> {
  const end = Date.now() + ms;
  const killAt = Date.now() + ms / 2;
  let left = children();
  if (left.length === 0) return [];
  signalEach(descendantsOf(process.pid, processTable()), now ? 'SIGKILL' : 'SIGTERM');
  let killed = now;
  while (left.length > 0 && Date.now() < end) {
    if (!killed && Date.now() >= killAt) {
      killed = true;
      signalEach(descendantsOf(process.pid, processTable()), 'SIGKILL');
    }
    await sleep(20);
    left = children();
  }
  return left;
}
