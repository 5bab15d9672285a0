// pnpm bench:static — speed of the static engine on ≥ 500,000 lines of real JS/TS, next to oxlint on the same tree.
// Runs the compiled engine (dist/, what `bug-hunter scan` runs) in a fresh process per run, as a scan runs it:
// huntFile in the worker pool (src/engines/workers/), sized like the hunter phase sizes it. Prints lines/second, CPU time,
// peak memory and the time ratio to oxlint, medians of interleaved runs; targets are printed, not asserted.
// With --baseline <checkout> (another worktree or clone, built), its engine runs interleaved on the same tree: the
// CPU ratio between the two is the figure load from other processes disturbs least, and the findings' digests say
// whether both found the same. It also prints the parse floor: the CPU of parsing every file once with the engine's
// parser (tree-sitter, through ast-grep) and nothing else, the least any engine on that parser can take.
// With --detectors, one more run of each checkout in one thread charges its CPU to each detector and stage (parse,
// prefilters, findings, skeptic + referee) and prints the table, the baseline's column when its engine can record it.
// Usage: node --import tsx scripts/bench/static.ts [source-dir] [--workers N] [--min-lines N] [--runs N] [--baseline <checkout>] [--detectors]
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { poolSize } from '../../src/engines/workers/size.ts';
import { arg, loadNote, median, timeCommand } from './kit/measure.ts';

const EXT = /\.(m?js|cjs|ts|mts|cts)$/;
const SKIP = /\.d\.[mc]?ts$|\.min\.js$/;
const root = fileURLToPath(new URL('../..', import.meta.url));

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isDirectory()) walk(p, out);
    else if (EXT.test(name) && !SKIP.test(name) && st.size < 2_000_000) out.push(p);
  }
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

interface DetectorTime { name: string; cpuMs: number; files: number }
interface EngineRun { seconds: number; cpuSeconds: number; files: number; candidates: number; confirmed: number; digest: string; peakMb: number | undefined; times?: DetectorTime[] }

/** One fresh process running a checkout's compiled engine over the tree. */
function engineRun(checkout: string, tree: string, workers: number, times = false): EngineRun {
  const run = timeCommand([process.execPath, join(root, 'scripts/bench/kit/static-engine.mjs'), join(checkout, 'dist'), tree, String(workers), ...(times ? ['--times'] : [])]);
  if (run.status !== 0) throw new Error(`the engine of ${checkout} failed (exit ${run.status}): ${run.stderr.slice(-1000)}`);
  return { ...(JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Omit<EngineRun, 'peakMb'>), peakMb: run.peakMb };
}

/** CPU seconds one thread takes to parse every file of the tree with tree-sitter and do nothing else. */
function parseFloorRun(tree: string): number {
  const run = timeCommand([process.execPath, join(root, 'scripts/bench/kit/parse-floor.mjs'), join(root, 'dist'), tree]);
  if (run.status !== 0) throw new Error(`the parse floor failed (exit ${run.status}): ${run.stderr.slice(-1000)}`);
  return (JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { cpuSeconds: number }).cpuSeconds;
}

const summary = (runs: EngineRun[]) => ({
  seconds: median(runs.map((r) => r.seconds)),
  cpu: median(runs.map((r) => r.cpuSeconds)),
  peak: Math.max(...runs.map((r) => r.peakMb ?? 0)),
  digests: new Set(runs.map((r) => r.digest)),
});

/** One single-thread run per checkout with the engine's CPU attribution on; the table, most expensive first. */
function printDetectorTimes(tree: string, baseline: string | undefined): void {
  const ours = engineRun(root, tree, 1, true);
  const theirs = baseline ? engineRun(baseline, tree, 1, true) : undefined;
  if (!ours.times) return void console.log('detectors     this checkout\'s engine records no detector times');
  const base = new Map((theirs?.times ?? []).map((t) => [t.name, t]));
  const total = ours.times.reduce((s, t) => s + t.cpuMs, 0);
  console.log(`detectors     CPU per detector and stage, one thread (${ours.cpuSeconds.toFixed(2)} s CPU in all${theirs ? `; baseline ${theirs.cpuSeconds.toFixed(2)} s${theirs.times ? '' : ', which records no detector times'}` : ''})`);
  for (const t of ours.times) {
    const b = base.get(t.name);
    const them = b ? `   baseline ${(b.cpuMs / 1000).toFixed(2).padStart(6)} s ${String(b.files).padStart(5)} files` : '';
    console.log(`  ${t.name.padEnd(34)} ${(t.cpuMs / 1000).toFixed(2).padStart(6)} s ${(100 * t.cpuMs / total).toFixed(1).padStart(5)}% ${String(t.files).padStart(5)} files${them}`);
  }
}

async function main(): Promise<void> {
  const source = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'node_modules/.pnpm';
  const minLines = arg('--min-lines', 500_000);
  const runs = arg('--runs', 3);
  const baseline = option('--baseline')?.replace(/\/$/, '');
  const all: string[] = [];
  walk(source, all);
  // A fixed, sorted selection so every run measures the same tree; copied so oxlint (which skips node_modules) sees it too.
  const tree = mkdtempSync(join(tmpdir(), 'bh-bench-static-'));
  let files = 0;
  let lines = 0;
  let bytes = 0;
  try {
    for (const [i, abs] of all.entries()) {
      if (lines >= minLines) break;
      const content = readFileSync(abs, 'utf8');
      mkdirSync(join(tree, String(Math.floor(i / 500))), { recursive: true });
      cpSync(abs, join(tree, String(Math.floor(i / 500)), `${i}-${abs.split('/').pop()}`));
      files++;
      lines += content.split('\n').length;
      bytes += content.length;
    }
    if (lines < minLines) console.warn(`Only ${lines} lines found under ${source} (wanted ${minLines}).`);
    const workers = arg('--workers', poolSize(bytes));

    const ours: EngineRun[] = [];
    const theirs: EngineRun[] = [];
    const oxlint: number[] = [];
    const parseFloor: number[] = [];
    for (let i = 0; i < runs; i++) {
      ours.push(engineRun(root, tree, workers));
      parseFloor.push(parseFloorRun(tree));
      if (baseline) theirs.push(engineRun(baseline, tree, workers));
      const ox = timeCommand([join(root, 'node_modules/.bin/oxlint'), '--quiet', '--threads', String(workers), tree]);
      oxlint.push(ox.seconds);
    }

    const us = summary(ours);
    const ox = median(oxlint);
    const lps = lines / us.seconds;
    const ratio = us.seconds / ox;
    console.log(`machine       ${loadNote()}; ${runs} interleaved run(s), medians`);
    console.log(`corpus        ${files} files, ${lines} lines, ${(bytes / 1e6).toFixed(1)} MB (from ${source})`);
    console.log(`engine        ${us.seconds.toFixed(2)} s wall, ${us.cpu.toFixed(2)} s CPU with ${workers} worker(s): ${Math.round(lps)} lines/s (${Math.round(lines / us.cpu)} lines per CPU second); ${ours[0]!.candidates} candidates, ${ours[0]!.confirmed} confirmed`);
    console.log(`peak memory   ${us.peak.toFixed(0)} MB RSS (process, all workers)`);
    console.log(`oxlint        ${ox.toFixed(2)} s (default rules, ${workers} threads)`);
    console.log(`ratio         ${ratio.toFixed(2)}× oxlint`);
    // What no engine on this parser can beat: every file parsed once, spread perfectly over the workers.
    const floor = median(parseFloor);
    console.log(`parse floor   ${floor.toFixed(2)} s CPU to parse every file once with tree-sitter (ast-grep) in one thread, nothing else: at best ${(floor / workers).toFixed(2)} s on ${workers} worker(s), ${(floor / workers / ox).toFixed(2)}× oxlint's time`);
    if (us.digests.size > 1) console.log('findings      DIFFER between runs of this checkout');
    if (baseline) {
      const them = summary(theirs);
      const same = us.digests.size === 1 && them.digests.size === 1 && [...us.digests][0] === [...them.digests][0];
      console.log(`baseline      ${them.seconds.toFixed(2)} s wall, ${them.cpu.toFixed(2)} s CPU, ${them.peak.toFixed(0)} MB peak (${baseline}); this checkout takes ${(us.cpu / them.cpu).toFixed(2)}× its CPU time, ${(us.seconds / them.seconds).toFixed(2)}× its wall time`);
      console.log(`findings      ${same ? 'identical to the baseline\'s' : 'DIFFERENT from the baseline\'s'} (${theirs[0]!.candidates} candidates, ${theirs[0]!.confirmed} confirmed there)`);
    }
    if (process.argv.includes('--detectors')) printDetectorTimes(tree, baseline);
    console.log(`targets       ≥ 150,000 lines/s: ${lps >= 150_000 ? 'met' : 'NOT met'}; ≤ 2.5× oxlint: ${ratio <= 2.5 ? 'met' : 'NOT met'}; ≤ 500 MB: ${us.peak <= 500 ? 'met' : 'NOT met'}`);
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

await main();
