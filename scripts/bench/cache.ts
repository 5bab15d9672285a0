// pnpm bench:cache — the evidence cache on a generated 5,000-file TypeScript tree: a default `bug-hunter scan`
// (compiled CLI, process start included) with an empty cache, then again on the unchanged tree, and prints the
// ratio second/first (target ≤ 0.15) with where the second scan's time went, and beside it the ratio of the two
// processes' CPU time (user + sys, from GNU time), which load from other processes moves far less than wall time.
// The pair runs --runs times (default 3), each in a fresh output folder, first and second scans alternating; the
// ratio is of the median runs, the lower middle ones for an even count (one pair's ratio moved 0.15-0.18 between runs of a quiet machine).
// Then changes one file, scans a third
// time and prints how many files each per-file kind of work did again (from cache-usage.json: the static engine,
// the cross-file pass's per-file step, the code index, recon, the threat model) and how many files triage read.
// (On the unchanged tree recon and the threat model answer from one whole-set entry each: recon-files, threat-model.)
// Usage: node --import tsx scripts/bench/cache.ts [--files N] [--runs N] [--keep]
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { arg, loadNote, median, stampLines, withCpuTime } from './kit/measure.ts';
import { pathOf, writeTsTree } from './kit/ts-tree.ts';

const TARGET_RATIO = 0.15;
const root = fileURLToPath(new URL('../..', import.meta.url));
const files = arg('--files', 5000);
const runs = arg('--runs', 3);
const keep = process.argv.includes('--keep');

interface Timed { seconds: number; cpuSeconds: number | undefined; status: number | null; phases: Array<[string, number]> }

/** One scan through the compiled CLI; each phase's last progress line is stamped as it arrives. */
function scan(tree: string, out: string): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const timed = withCpuTime([process.execPath, join(root, 'bin/bug-hunter.js'), 'scan', tree, '--out', out, '--progress', 'json'], join(work, 'cpu-time.txt'));
    const [command, ...args] = timed.argv;
    const started = performance.now();
    const child = spawn(command!, args, { env: { ...process.env, CI: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
    const last = new Map<string, number>();
    const stderr = stampLines(child.stderr, started, (line, now) => {
      const phase = /"phase":"([a-z-]+)"/.exec(line)?.[1];
      if (phase) last.set(phase, now);
    });
    child.on('error', reject);
    child.on('close', (status) => {
      if (status !== 0 && status !== 1) return reject(new Error(`scan exited ${status}: ${stderr().slice(-1500)}`));
      resolve({ seconds: (performance.now() - started) / 1000, cpuSeconds: timed.seconds(), status, phases: [...last.entries()] });
    });
  });
}

const cpu = (run: Timed) => (run.cpuSeconds === undefined ? 'unknown' : `${run.cpuSeconds.toFixed(2)} s`);

function breakdown(run: Timed): string {
  let previous = 0;
  const parts = run.phases.map(([phase, at]) => {
    const part = `${phase} ${(at - previous).toFixed(2)}`;
    previous = at;
    return part;
  });
  return `start+${parts.join(', ')}, exit ${(run.seconds - previous).toFixed(2)}`;
}

interface Counters { hits: number; misses: number; corrupt: number; writes: number }
const usageOf = (out: string) => JSON.parse(readFileSync(join(out, 'cache-usage.json'), 'utf8')) as { kinds: Record<string, Counters> };

const work = mkdtempSync(join(tmpdir(), 'bh-bench-cache-'));
const tree = join(work, 'tree');
let out = '';
/** The run whose wall time is the median (of an even count, the lower of the two middle runs). */
const middle = (timed: Timed[]) => [...timed].sort((a, b) => a.seconds - b.seconds)[Math.floor((timed.length - 1) / 2)]!;
const seconds = (timed: Timed[]) => timed.map((t) => t.seconds.toFixed(2)).join(', ');
try {
  writeTsTree(tree, files, true);
  console.log(`machine       ${loadNote()}`);
  console.log(`tree          ${files} generated TypeScript files (${tree}); ${runs} pair(s) of scans`);
  const emptyCache: Timed[] = [];
  const fullCache: Timed[] = [];
  for (let i = 0; i < runs; i++) {
    out = join(work, `out-${i}`);
    emptyCache.push(await scan(tree, out));
    fullCache.push(await scan(tree, out));
  }
  const warmUsage = usageOf(out).kinds;
  const first = middle(emptyCache);
  const second = middle(fullCache);
  // The runs printed are the ones the ratio is of.
  const ratio = second.seconds / first.seconds;
  console.log(`first scan    ${first.seconds.toFixed(2)} s, CPU ${cpu(first)} (the middle run of ${seconds(emptyCache)}; empty cache, exit ${first.status}): ${breakdown(first)}`);
  console.log(`second scan   ${second.seconds.toFixed(2)} s, CPU ${cpu(second)} (the middle run of ${seconds(fullCache)}; unchanged tree, exit ${second.status}): ${breakdown(second)}`);
  console.log(`              cache: ${Object.entries(warmUsage).map(([k, c]) => `${k} ${c.hits} hit(s)/${c.misses} miss(es)`).join(', ')}`);
  console.log(`ratio         second/first = ${ratio.toFixed(3)} of the middle runs (target ≤ ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}); pair by pair ${emptyCache.map((f, i) => (fullCache[i]!.seconds / f.seconds).toFixed(3)).join(', ')}`);
  const cpuOf = (timed: Timed[]) => (timed.every((t) => t.cpuSeconds !== undefined) ? median(timed.map((t) => t.cpuSeconds!)) : undefined);
  const [firstCpu, secondCpu] = [cpuOf(emptyCache), cpuOf(fullCache)];
  const cpuRatio = firstCpu && secondCpu !== undefined ? (secondCpu / firstCpu).toFixed(3) : 'unknown (needs GNU time at /usr/bin/time)';
  console.log(`CPU ratio     second/first = ${cpuRatio} of the medians (user + sys; less moved by other processes' load than the wall ratio, which is the target)`);

  const changed = pathOf(Math.floor(files / 2));
  appendFileSync(join(tree, changed), '\nexport const touched = 1;\n');
  const third = await scan(tree, out);
  const after = usageOf(out).kinds;
  const redone = (kind: string) => (after[kind]?.hits ?? 0) + (after[kind]?.misses ?? 0) === 0 ? 'not consulted by this scan' : `${after[kind]?.misses} file(s) (${after[kind]?.hits} from the cache)`;
  const triaged = (JSON.parse(readFileSync(join(out, 'triage.json'), 'utf8')) as { files: unknown[] }).files.length;
  console.log(`one change    ${changed} edited: ${third.seconds.toFixed(2)} s, CPU ${cpu(third)} (${(third.seconds / first.seconds).toFixed(3)} of the first scan): ${breakdown(third)}`);
  console.log(`              re-analysed after one change: static engine ${redone('static')}; cross-file calls ${redone('cross-file-calls')}; code index ${redone('code-index')}; recon ${redone('recon')}; threat model ${redone('threat')}`);
  console.log(`              read again: triage ${triaged} file(s) (no cache: it reads and hashes every file to see which changed); cross-file pass propagated again over its per-file answers: ${after['cross-file']?.misses ? 'yes' : 'no'}`);
  // The edited file holds a request handler, so every per-file kind a default scan consults sees it: one miss each.
  if (['static', 'cross-file-calls', 'recon', 'threat'].some((kind) => after[kind]?.misses !== 1) || (after['code-index']?.misses ?? 0) > 1) process.exitCode = 1;
} finally {
  if (keep) console.log(`kept          ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
