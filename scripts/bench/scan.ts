// pnpm bench:scan — a whole default no-key `bug-hunter scan` (process start included, as a user runs it) of
// twenty real npm packages, next to oxlint on the same tree, in interleaved runs. Prints medians, the ratio,
// peak RSS and where the scan's time went (from the arrival time of each phase's progress line).
// Usage: node --import tsx scripts/bench/scan.ts [--runs N] [--baseline <other checkout>]
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { packageTree } from './kit/corpus.ts';
import { arg, baselineBin, loadNote, median, stampLines, timeCommand } from './kit/measure.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = arg('--runs', 3);
const tree = packageTree();

interface ScanRun { seconds: number; status: number | null; peakMb: number | undefined; cpuSeconds: number | undefined; phases: Array<[string, number]>; summary: string }

/** Runs the scan once, stamping each stderr line as it arrives. */
function scanOnce(bin = join(root, 'bin/bug-hunter.js')): Promise<ScanRun> {
  const out = mkdtempSync(join(tmpdir(), 'bh-bench-scan-'));
  const argv = [process.execPath, bin, 'scan', tree, '--out', out];
  const wrapped = existsSync('/usr/bin/time') ? ['/usr/bin/time', '-f', 'BH_PEAK_KB=%M BH_CPU=%U+%S', ...argv] : argv;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(wrapped[0]!, wrapped.slice(1), { cwd: root, env: { ...process.env, CI: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const phases: Array<[string, number]> = [];
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const stderrText = stampLines(child.stderr, started, (line, now) => {
      const m = /^([a-z-]+): /.exec(line);
      if (m && m[1] !== 'engine') phases.push([m[1]!, now]);
    });
    child.on('error', reject);
    child.on('close', (status) => {
      const seconds = (performance.now() - started) / 1000;
      rmSync(out, { recursive: true, force: true });
      const stderr = stderrText();
      const kb = /BH_PEAK_KB=(\d+)/.exec(stderr);
      const cpu = /BH_CPU=([\d.]+)\+([\d.]+)/.exec(stderr);
      if (status !== 0 && status !== 1) return reject(new Error(`scan exited ${status}: ${stderr.slice(-1000)}`));
      const summary = /Files: .*/.exec(stdout)?.[0] ?? '';
      resolve({ seconds, status, peakMb: kb ? Number(kb[1]) / 1024 : undefined, cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : undefined, phases, summary });
    });
  });
}

function countLines(dir: string): { files: number; lines: number } {
  let files = 0;
  let lines = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) {
      const sub = countLines(p);
      files += sub.files;
      lines += sub.lines;
    } else if (/\.(m?js|cjs|ts|mts|cts|jsx|tsx)$/.test(name) && !/\.d\.[mc]?ts$/.test(name)) {
      files += 1;
      lines += readFileSync(p, 'utf8').split('\n').length;
    }
  }
  return { files, lines };
}

const baseline = baselineBin();
const scans: ScanRun[] = [];
const baselineScans: ScanRun[] = [];
const oxlint: number[] = [];
for (let i = 0; i < runs; i++) {
  scans.push(await scanOnce());
  const ox = timeCommand([join(root, 'node_modules/.bin/oxlint'), '--quiet', tree]);
  oxlint.push(ox.seconds);
  if (baseline) baselineScans.push(await scanOnce(baseline));
}

const size = countLines(tree);
const scan = median(scans.map((s) => s.seconds));
const ox = median(oxlint);
const peaks = scans.map((s) => s.peakMb).filter((m): m is number => m !== undefined);
console.log(`machine       ${loadNote()}; ${runs} interleaved runs, medians`);
console.log(`corpus        ${tree}: ${size.files} JS/TS files, ${size.lines} lines (20 npm packages)`);
console.log(`scan          ${scan.toFixed(2)} s wall (exit ${scans[0]!.status}), ${peaks.length ? `${Math.max(...peaks).toFixed(0)} MB peak RSS` : 'peak RSS unknown'}; ${scans[0]!.summary}`);
const cpuOf = (list: ScanRun[]) => (list.every((s) => s.cpuSeconds !== undefined) ? median(list.map((s) => s.cpuSeconds!)) : undefined);
const cpu = cpuOf(scans);
if (cpu !== undefined) console.log(`scan CPU      ${cpu.toFixed(2)} s (user + sys, every thread)`);
console.log(`oxlint        ${ox.toFixed(2)} s wall (default rules and threads)`);
console.log(`ratio         ${(scan / ox).toFixed(1)}× oxlint`);
if (baseline) {
  const base = median(baselineScans.map((s) => s.seconds));
  const basePeak = Math.max(...baselineScans.map((s) => s.peakMb ?? 0));
  const baseCpu = cpuOf(baselineScans);
  const cpuRatio = cpu !== undefined && baseCpu !== undefined ? `, ${baseCpu.toFixed(2)} s CPU (this checkout takes ${(cpu / baseCpu).toFixed(2)}× its CPU time)` : '';
  console.log(`baseline      ${base.toFixed(2)} s wall, ${basePeak.toFixed(0)} MB peak RSS (${baseline}); ${(base / ox).toFixed(1)}× oxlint; this checkout takes ${(scan / base).toFixed(2)}× its time${cpuRatio}`);
}
// Where the time went in the median run: each phase's share is the gap since the previous progress line.
const typical = [...scans].sort((a, b) => a.seconds - b.seconds)[Math.floor(scans.length / 2)]!;
let previous = 0;
const lastLine = new Map<string, number>();
for (const [phase, at] of typical.phases) lastLine.set(phase, at);
const parts = [...lastLine.entries()].map(([phase, at]) => {
  const part = `${phase} ${(at - previous).toFixed(2)}`;
  previous = at;
  return part;
});
console.log(`phases (s)    start+${parts.join(', ')}, exit ${(typical.seconds - previous).toFixed(2)}`);
console.log(`target        ≤ 4× oxlint: ${scan / ox <= 4 ? 'met' : 'NOT met'}`);
