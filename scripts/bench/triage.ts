// pnpm bench:triage — triage speed and memory on a generated git tree of ≥ 50,000 source files.
// Baseline: `git ls-files` plus reading every listed file. Triage: the whole phase (list, read, rank, chunk,
// write triage.json), compiled (dist/). Each is measured in its own child process (wall time of the work, peak RSS of the child).
// Prints both times, the ratio (target ≤ 1.5×, issue #21) and triage's peak memory (target < 300 MB); exits 1 on a miss.
// Also the ratio of CPU times (main and worker threads, git children left out on both sides), which load disturbs less,
// and the baseline plus hashing and counting the lines of every file, which triage needs whatever its analysis.
// Prints median and minimum of each side (the machine may be shared). Flags: --files N (default 50000), --runs N (default 3), --dir PATH (default <tmpdir>/bug-hunter-bench-triage-N-v2),
// --baseline CHECKOUT: also runs the triage of another built checkout (its dist/), interleaved, for a before/after ratio.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfStale } from '../build/build.mjs';
import { prng } from '../kit/seeded-random.ts';

const TARGET_RATIO = 1.5;
const TARGET_RSS_MB = 300;

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : fallback;
}

// Ordinary code lines, and trust-boundary lines that a quarter of the files carry (as in a real service:
// most modules are plumbing, a few touch requests, processes, SQL, files or secrets).
const PLAIN = [
  'if (items.length > limit && !force) return null;',
  'for (const item of items) total += item.price * item.quantity;',
  'while (queue.length > 0) { const next = queue.shift(); if (next) visit(next); }',
  'const result = items.filter((item) => item.enabled).map((item) => item.id);',
  "const label = `${user.firstName} ${user.lastName}`.trim() || 'anonymous';",
  'cache.set(key, { value, expires: Date.now() + ttl });',
  'switch (kind) { case 1: return first; case 2: return second; default: return other; }',
  'try { await flush(buffer); } catch (error) { log.warn(error); }',
];
const BOUNDARY = [
  'const input = JSON.parse(req.body.payload);',
  "execFile('convert', [name, out], done);",
  "db.query('SELECT * FROM users WHERE id = ' + id);",
  "const data = fs.readFileSync(join(root, name), 'utf8');",
  'const ok = await bcrypt.compare(password, user.hash);',
];

function sourceFile(rand: () => number, index: number, ext: string): string {
  const lines = [`// module ${index}: generated for the triage benchmark`];
  const functions = 2 + Math.floor(rand() * 5);
  const risky = rand() < 0.25;
  for (let f = 0; f < functions; f++) {
    lines.push(ext === 'py' ? `def handler_${index}_${f}(req, items, limit):` : `export function handler${index}_${f}(req, items, limit) {`);
    const body = 3 + Math.floor(rand() * 8);
    for (let b = 0; b < body; b++) {
      const pool = risky && rand() < 0.15 ? BOUNDARY : PLAIN;
      lines.push(`  ${pool[Math.floor(rand() * pool.length)]}`);
    }
    lines.push(ext === 'py' ? '  return items' : '  return items;\n}');
  }
  return `${lines.join('\n')}\n`;
}

function git(cwd: string, args: string[]): void {
  execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd, stdio: 'ignore' });
}

const EXTS = ['ts', 'ts', 'ts', 'js', 'js', 'tsx', 'py', 'go'];
const extOf = (i: number) => EXTS[i % EXTS.length] as string;

// File i of the tree: 100 packages × 50 modules; every tenth file is a test.
function sourcePath(dir: string, i: number): string {
  const isTest = i % 10 === 9;
  const pkg = `pkg-${String(i % 100).padStart(3, '0')}`;
  const mod = `mod-${String(Math.floor(i / 100) % 50).padStart(2, '0')}`;
  return join(dir, pkg, isTest ? 'test' : 'src', mod, `file-${i}${isTest ? '.test' : ''}.${extOf(i)}`);
}

function ensureTree(dir: string, files: number): void {
  const ready = join(dir, '.git', 'bug-hunter-bench-ready');
  if (existsSync(ready)) return;
  console.log(`Generating ${files.toLocaleString('en-US')} source files in ${dir} (once; reused afterwards)…`);
  rmSync(dir, { recursive: true, force: true });
  const rand = prng(42);
  for (let i = 0; i < files; i++) {
    const path = sourcePath(dir, i);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, sourceFile(rand, i, extOf(i)));
  }
  // Files triage must skip: vendored, minified, lock files, docs.
  mkdirSync(join(dir, 'vendor', 'lib'), { recursive: true });
  for (let i = 0; i < 200; i++) writeFileSync(join(dir, 'vendor', 'lib', `dep-${i}.js`), sourceFile(rand, i, 'js'));
  for (let i = 0; i < 100; i++) writeFileSync(join(dir, `pkg-${String(i).padStart(3, '0')}`, 'bundle.min.js'), 'var a=1;'.repeat(2000));
  for (let i = 0; i < 100; i++) writeFileSync(join(dir, `pkg-${String(i).padStart(3, '0')}`, 'README.md'), `# package ${i}\n`);
  writeFileSync(join(dir, 'package-lock.json'), '{}\n');
  git(dir, ['init', '-q']);
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'bench tree']);
  // Two more commits touching one file in 50, so those files carry churn.
  for (const round of [1, 2]) {
    for (let i = 0; i < files; i += 50) writeFileSync(sourcePath(dir, i), sourceFile(rand, i + round * files, extOf(i)));
    git(dir, ['commit', '-q', '-a', '-m', `churn ${round}`]);
  }
  writeFileSync(ready, new Date().toISOString());
}

interface Measurement {
  ms: number;
  /** CPU time of the measuring process over the same span (git children not included). */
  cpuMs: number;
  maxRssMb: number;
  files: number;
  note: string;
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

// The children run the compiled modules in dist/, as the CLI does (built fresh first): from src/ the triage schema's
// validator would be compiled by ajv inside the measured span, which the CLI loads prebuilt.
// `checkout` is the repository whose dist/ is run (this one unless --baseline names another).
const compiled = (path: string, checkout = fileURLToPath(new URL('../..', import.meta.url))) => pathToFileURL(join(checkout, 'dist', path)).href;

async function child(kind: string, dir: string, checkout?: string): Promise<Measurement> {
  if (kind === 'baseline' || kind === 'hashed') {
    const { gitListFiles } = (await import(compiled('engines/git/git.js'))) as typeof import('../../src/engines/git/git.ts');
    const { sha256 } = (await import(compiled('foundations/hashing/hash.js'))) as typeof import('../../src/foundations/hashing/hash.ts');
    const { lineFacts } = (await import(compiled('phases/triage/content-rules.js'))) as typeof import('../../src/phases/triage/content-rules.ts');
    const start = performance.now();
    const cpu = process.cpuUsage();
    const paths = gitListFiles(dir) ?? [];
    let bytes = 0;
    let lines = 0;
    for (const p of paths) {
      const content = readFileSync(join(dir, p));
      bytes += content.length;
      if (kind === 'baseline') continue;
      // What every triaged file needs whatever else triage does: its hash (cache keys) and its line figures (sizes,
      // chunks, the minified check), with triage's own functions.
      sha256(content);
      lines += lineFacts(content).lines;
    }
    return { ms: performance.now() - start, cpuMs: cpuMsSince(cpu), maxRssMb: process.resourceUsage().maxRSS / 1024, files: paths.length, note: kind === 'baseline' ? `${bytes} bytes read` : `${lines} lines` };
  }
  const { runTriage } = (await import(compiled('phases/triage/index.js', checkout))) as typeof import('../../src/phases/triage/index.ts');
  const { createIdentity } = (await import(compiled('engines/run/identity.js', checkout))) as typeof import('../../src/engines/run/identity.ts');
  const { DEFAULT_RUN_OPTIONS, DEFAULT_SCOPE } = (await import(compiled('engines/run/options.js', checkout))) as typeof import('../../src/engines/run/options.ts');
  const { silentLogger } = (await import(compiled('foundations/logger.js', checkout))) as typeof import('../../src/foundations/logger.ts');
  const outDir = mkdtempSync(join(tmpdir(), 'bug-hunter-bench-out-'));
  try {
    const identity = createIdentity(dir, DEFAULT_SCOPE, DEFAULT_RUN_OPTIONS);
    const ctx = { target: dir, outDir, identity, options: DEFAULT_RUN_OPTIONS, scope: DEFAULT_SCOPE, log: silentLogger, signal: new AbortController().signal };
    const start = performance.now();
    const cpu = process.cpuUsage();
    const { body } = await runTriage(ctx);
    const ms = performance.now() - start;
    return { ms, cpuMs: cpuMsSince(cpu), maxRssMb: process.resourceUsage().maxRSS / 1024, files: body.totals.files, note: `${body.totals.skipped} skipped, ${body.chunks.length} chunks` };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function measure(kind: string, dir: string, checkout?: string): Measurement {
  const script = fileURLToPath(import.meta.url);
  const result = spawnSync(process.execPath, [...process.execArgv, script, '--child', kind, dir, ...(checkout ? [checkout] : [])], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${kind} run failed (exit ${result.status}): ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) as string) as Measurement;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main(): Promise<number> {
  const childAt = process.argv.indexOf('--child');
  if (childAt >= 0) {
    console.log(JSON.stringify(await child(process.argv[childAt + 1] as string, process.argv[childAt + 2] as string, process.argv[childAt + 3])));
    return 0;
  }
  const files = Number(flag('--files', '50000'));
  const runs = Number(flag('--runs', '3'));
  const dir = flag('--dir', join(tmpdir(), `bug-hunter-bench-triage-${files}-v2`));
  ensureTree(dir, files);
  if (buildIfStale() !== 'fresh') console.log('dist/ was out of date: rebuilt.');
  measure('baseline', dir); // warm the page cache so neither side pays for cold reads
  const before = process.argv.includes('--baseline') ? resolve(flag('--baseline', '')) : undefined;
  if (before && !existsSync(join(before, 'dist', 'phases', 'triage', 'index.js'))) throw new Error(`--baseline ${before}: no built dist/ there (run node scripts/build/build.mjs in it).`);
  const base: Measurement[] = [];
  const hashed: Measurement[] = [];
  const tri: Measurement[] = [];
  const old: Measurement[] = [];
  for (let r = 0; r < runs; r++) {
    base.push(measure('baseline', dir));
    hashed.push(measure('hashed', dir));
    tri.push(measure('triage', dir));
    if (before) old.push(measure('triage', dir, before));
  }
  // Median and minimum of each side: the machine may be shared, and the minimum is the run least disturbed.
  const baseMs = median(base.map((m) => m.ms));
  const triMs = median(tri.map((m) => m.ms));
  const baseMin = Math.min(...base.map((m) => m.ms));
  const triMin = Math.min(...tri.map((m) => m.ms));
  const cpu = (ms: Measurement[]) => median(ms.map((m) => m.cpuMs)).toFixed(0);
  const ratio = triMs / baseMs;
  const peak = Math.max(...tri.map((m) => m.maxRssMb));
  const ok = ratio <= TARGET_RATIO && peak < TARGET_RSS_MB;
  console.log(`tree:      ${dir} (${base[0]?.files.toLocaleString('en-US')} listed files; triage kept ${tri[0]?.files.toLocaleString('en-US')}, ${tri[0]?.note})`);
  console.log(`machine:   ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} (wall times rise with load from other processes)`);
  console.log(`baseline:  ${baseMs.toFixed(0)} ms wall median, ${baseMin.toFixed(0)} ms min, ${cpu(base)} ms CPU, ${runs} runs (git ls-files + read every file; ${base[0]?.note}); peak RSS ${Math.max(...base.map((m) => m.maxRssMb)).toFixed(0)} MB`);
  const hashedMs = median(hashed.map((m) => m.ms));
  console.log(`+ hashes:  ${hashedMs.toFixed(0)} ms wall median, ${cpu(hashed)} ms CPU, ${(hashedMs / baseMs).toFixed(2)}× the baseline (the baseline, then triage's sha256 and line figures of every file, in one thread: what triage needs of each file before its content analysis)`);
  console.log(`triage:    ${triMs.toFixed(0)} ms wall median, ${triMin.toFixed(0)} ms min, ${cpu(tri)} ms CPU, ${runs} runs (list, read, rank, chunk, write triage.json)`);
  console.log(`runs:      baseline ${base.map((m) => m.ms.toFixed(0)).join(' ')} | triage ${tri.map((m) => m.ms.toFixed(0)).join(' ')} ms (interleaved)`);
  console.log(`ratio:     ${ratio.toFixed(2)}× of medians, ${(triMin / baseMin).toFixed(2)}× of minimums (target ≤ ${TARGET_RATIO}× of medians) ${ratio <= TARGET_RATIO ? 'OK' : 'MISSED'}`);
  console.log(`CPU ratio: ${(Number(cpu(tri)) / Number(cpu(base))).toFixed(2)}× of median CPU times (for reading under load; the target is on wall time)`);
  console.log(`peak RSS:  ${peak.toFixed(0)} MB in the triage process (target < ${TARGET_RSS_MB} MB) ${peak < TARGET_RSS_MB ? 'OK' : 'MISSED'}`);
  if (before) {
    const oldMs = median(old.map((m) => m.ms));
    console.log(`before:    ${before}: ${oldMs.toFixed(0)} ms wall median, ${cpu(old)} ms CPU, peak RSS ${Math.max(...old.map((m) => m.maxRssMb)).toFixed(0)} MB; runs ${old.map((m) => m.ms.toFixed(0)).join(' ')} ms`);
    console.log(`           ${(oldMs / baseMs).toFixed(2)}× the baseline (medians), CPU ${(Number(cpu(old)) / Number(cpu(base))).toFixed(2)}×; this checkout is ${(triMs / oldMs).toFixed(2)}× its wall time, ${(Number(cpu(tri)) / Number(cpu(old))).toFixed(2)}× its CPU`);
  }
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench:triage: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(3);
  },
);
