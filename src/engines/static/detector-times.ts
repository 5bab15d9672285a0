// Opt-in CPU attribution for the static engine: when on, compute() charges the CPU time (user + system, through
// process.cpuUsage, so meaningful only when one thread does the work) of each detector, of parsing and of the per-file
// setup to a name, with the number of files each ran on. Off by default: a scan never pays for it. A shared lazy index
// (taint's classify cache, the export analysis) is charged to the first detector that asks for it on a file.
// `pnpm bench:static --detectors` prints the table; tests and scripts may read it too.
import { compareText } from '../../foundations/text/compare.ts';

export interface DetectorTime {
  /** The detector's first rule id (its other rules after a '+'), or a stage: '<parse>', '<file setup>', '<findings>'. */
  name: string;
  cpuMs: number;
  files: number;
}

let on = false;
const times = new Map<string, DetectorTime>();

/** Turns the attribution on or off and forgets what was recorded. */
export function recordDetectorTimes(enabled: boolean): void {
  on = enabled;
  times.clear();
}

/** What was recorded since recordDetectorTimes(true), most expensive first. */
export function detectorTimes(): DetectorTime[] {
  return [...times.values()].map((t) => ({ ...t })).sort((a, b) => b.cpuMs - a.cpuMs || compareText(a.name, b.name));
}

/** Runs `work`, charging its CPU time to `name` when the attribution is on. */
export function timed<T>(name: string, work: () => T): T {
  if (!on) return work();
  const before = process.cpuUsage();
  try {
    return work();
  } finally {
    const used = process.cpuUsage(before);
    const entry = times.get(name) ?? { name, cpuMs: 0, files: 0 };
    entry.cpuMs += (used.user + used.system) / 1000;
    entry.files += 1;
    times.set(name, entry);
  }
}

/** The name a detector's time is charged to. */
export function detectorName(rules: readonly string[]): string {
  return rules.length > 1 ? `${rules[0]}+${rules.length - 1}` : rules[0] ?? '<none>';
}
