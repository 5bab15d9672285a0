// pnpm bench:static — speed of the static engine on ≥ 500,000 lines of real JS/TS, next to oxlint on
// the same tree. Prints lines/second, peak memory and the time ratio to oxlint; targets are printed, not asserted.
// Usage: node --import tsx scripts/bench-static.ts [source-dir] [--workers N] [--min-lines N]
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, mkdirSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { huntFile, judgeStatic, refuteStatic } from '../src/static/index.ts';

const EXT = /\.(m?js|cjs|ts|mts|cts)$/;
const SKIP = /\.d\.[mc]?ts$|\.min\.js$/;

interface Job { files: string[] }
interface Result { lines: number; candidates: number; confirmed: number }

function runJob(job: Job): Result {
  let lines = 0;
  let candidates = 0;
  let confirmed = 0;
  for (const abs of job.files) {
    const content = readFileSync(abs, 'utf8');
    lines += content.split('\n').length;
    const file = { path: abs.split('/').slice(-3).join('/'), content, language: /\.[mc]?ts$/.test(abs) ? 'typescript' : 'javascript', isTest: false };
    for (const f of huntFile(file)) {
      candidates++;
      if (judgeStatic(f, refuteStatic(f, file)).verdict === 'confirmed') confirmed++;
    }
  }
  return { lines, candidates, confirmed };
}

if (!isMainThread) {
  parentPort?.postMessage(runJob(workerData as Job));
} else {
  await main();
}

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isDirectory()) walk(p, out);
    else if (EXT.test(name) && !SKIP.test(name) && st.size < 2_000_000) out.push(p);
  }
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main(): Promise<void> {
  const source = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'node_modules/.pnpm';
  const workers = arg('--workers', Math.min(2, availableParallelism()));
  const minLines = arg('--min-lines', 500_000);
  const all: string[] = [];
  walk(source, all);
  // A fixed, sorted selection so every run measures the same tree; copied so oxlint (which skips node_modules) sees it too.
  const tree = mkdtempSync(join(tmpdir(), 'bh-bench-static-'));
  const files: string[] = [];
  let lines = 0;
  let bytes = 0;
  try {
    for (const [i, abs] of all.entries()) {
      if (lines >= minLines) break;
      const content = readFileSync(abs, 'utf8');
      const dest = join(tree, String(Math.floor(i / 500)), `${i}-${abs.split('/').pop()}`);
      mkdirSync(join(tree, String(Math.floor(i / 500))), { recursive: true });
      cpSync(abs, dest);
      files.push(dest);
      lines += content.split('\n').length;
      bytes += content.length;
    }
    if (lines < minLines) console.warn(`Only ${lines} lines found under ${source} (wanted ${minLines}).`);

    // Round-robin by size so both workers get similar work.
    const bySize = [...files].sort((a, b) => statSync(b).size - statSync(a).size);
    const jobs: Job[] = Array.from({ length: workers }, () => ({ files: [] }));
    bySize.forEach((f, i) => jobs[i % workers]?.files.push(f));

    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 25);
    const started = performance.now();
    const results = await Promise.all(jobs.map((job) => new Promise<Result>((resolve, reject) => {
      // Workers do not inherit the tsx loader for their entry, so they register it and then import this file.
      const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
      const w = new Worker(boot, { eval: true, workerData: job });
      w.once('message', resolve);
      w.once('error', reject);
    })));
    const engineSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    const oxStart = performance.now();
    const ox = spawnSync(join(process.cwd(), 'node_modules/.bin/oxlint'), ['--quiet', '--threads', String(workers), tree], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const oxSeconds = (performance.now() - oxStart) / 1000;
    if (ox.error) throw ox.error;

    const total = results.reduce((a, r) => ({ lines: a.lines + r.lines, candidates: a.candidates + r.candidates, confirmed: a.confirmed + r.confirmed }), { lines: 0, candidates: 0, confirmed: 0 });
    const lps = total.lines / engineSeconds;
    const ratio = engineSeconds / oxSeconds;
    console.log(`corpus        ${files.length} files, ${total.lines} lines, ${(bytes / 1e6).toFixed(1)} MB (from ${source})`);
    console.log(`engine        ${engineSeconds.toFixed(2)} s with ${workers} worker(s): ${Math.round(lps)} lines/s; ${total.candidates} candidates, ${total.confirmed} confirmed`);
    console.log(`peak memory   ${(peak / 1024 / 1024).toFixed(0)} MB RSS (process, all workers)`);
    console.log(`oxlint        ${oxSeconds.toFixed(2)} s (default rules, ${workers} threads, exit ${ox.status})`);
    console.log(`ratio         ${ratio.toFixed(2)}× oxlint`);
    console.log(`targets       ≥ 50,000 lines/s: ${lps >= 50_000 ? 'met' : 'NOT met'}; ≤ 3× oxlint: ${ratio <= 3 ? 'met' : 'NOT met'}`);
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}
