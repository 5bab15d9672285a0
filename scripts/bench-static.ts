// pnpm bench:static — speed of the static engine on ≥ 500,000 lines of real JS/TS, next to oxlint on
// the same tree. Prints lines/second, peak memory and the time ratio to oxlint; targets are printed, not asserted.
// The engine runs as a scan runs it: huntFile in the worker pool (src/workers/), sized like the hunter phase sizes it.
// Usage: node --import tsx scripts/bench-static.ts [source-dir] [--workers N] [--min-lines N]
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { findingsOf, huntFile, judgeStatic, refuteStatic } from '../src/static/index.ts';
import type { SourceFile } from '../src/static/types.ts';
import { createFilePool } from '../src/workers/pool.ts';
import { poolSize } from '../src/workers/size.ts';

const EXT = /\.(m?js|cjs|ts|mts|cts)$/;
const SKIP = /\.d\.[mc]?ts$|\.min\.js$/;

await main();

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

    const sources: SourceFile[] = files.map((abs) => ({ path: abs.slice(tree.length + 1), content: readFileSync(abs, 'utf8'), language: /\.[mc]?ts$/.test(abs) ? 'typescript' : 'javascript', isTest: false }));
    const workers = arg('--workers', poolSize(bytes));
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 25);
    const started = performance.now();
    const pool = workers > 1 ? createFilePool(workers) : undefined;
    const perFile = await Promise.all(sources.map(async (file) => (pool ? findingsOf(await pool.run('hunt', file)) : huntFile(file))));
    await pool?.close();
    // The skeptic and referee run in the main thread, as in a scan, on the few files with candidates.
    let candidates = 0;
    let confirmed = 0;
    perFile.forEach((findings, i) => {
      for (const f of findings) {
        candidates++;
        if (judgeStatic(f, refuteStatic(f, sources[i]!)).verdict === 'confirmed') confirmed++;
      }
    });
    const engineSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    const oxStart = performance.now();
    const ox = spawnSync(join(process.cwd(), 'node_modules/.bin/oxlint'), ['--quiet', '--threads', String(workers), tree], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const oxSeconds = (performance.now() - oxStart) / 1000;
    if (ox.error) throw ox.error;

    const total = { lines, candidates, confirmed };
    const lps = total.lines / engineSeconds;
    const ratio = engineSeconds / oxSeconds;
    console.log(`corpus        ${files.length} files, ${total.lines} lines, ${(bytes / 1e6).toFixed(1)} MB (from ${source})`);
    console.log(`engine        ${engineSeconds.toFixed(2)} s with ${workers} worker(s): ${Math.round(lps)} lines/s; ${total.candidates} candidates, ${total.confirmed} confirmed`);
    console.log(`peak memory   ${(peak / 1024 / 1024).toFixed(0)} MB RSS (process, all workers)`);
    console.log(`oxlint        ${oxSeconds.toFixed(2)} s (default rules, ${workers} threads, exit ${ox.status})`);
    console.log(`ratio         ${ratio.toFixed(2)}× oxlint`);
    console.log(`targets       ≥ 150,000 lines/s: ${lps >= 150_000 ? 'met' : 'NOT met'}; ≤ 2.5× oxlint: ${ratio <= 2.5 ? 'met' : 'NOT met'}; ≤ 500 MB: ${peak / 1024 / 1024 <= 500 ? 'met' : 'NOT met'}`);
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}
