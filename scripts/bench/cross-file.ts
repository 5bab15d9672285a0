// pnpm bench:cross-file — what the cross-file taint pass costs, in CPU time (the machine is shared: wall time
// would measure the neighbours), on the real-world benchmark's mature packages as library code. Runs the per-file
// engine alone, then the pass plus the per-file engine with each file's incoming arguments, and prints both, the
// ratio, and the findings either way confirms (the pass must not add false alarms on mature code).
// Usage: node --import tsx scripts/bench/cross-file.ts [package-cache-dir]   (default /tmp/rw-cache, read only)
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { clearAnalysisMemo } from '../../src/engines/static/engine.ts';
import { crossFileIncoming, huntFile, judgeStatic, refuteStatic, type SourceFile } from '../../src/engines/static/index.ts';

const EXT = /\.(m?js|cjs|ts|mts|cts)$/;
const SKIP = /\.d\.[mc]?ts$|\.min\.js$/;
const SKIP_DIR = /^(node_modules|test|tests|__tests__|examples?|benchmarks?|docs?)$/;

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isDirectory()) { if (!SKIP_DIR.test(name)) walk(p, out); }
    else if (EXT.test(name) && !SKIP.test(name) && st.size < 2_000_000) out.push(p);
  }
}

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}

function confirmedIn(files: readonly SourceFile[]): string[] {
  return files.flatMap((file) => huntFile(file).filter((f) => judgeStatic(f, refuteStatic(f, file)).verdict === 'confirmed').map((f) => `${f.file}:${f.startLine} ${f.ruleId}`));
}

const cache = process.argv[2] ?? '/tmp/rw-cache';
const mature = JSON.parse(readFileSync('benchmark/real-world/mature.json', 'utf8')) as { packages: Array<{ package: string; version: string }> };
const packages: SourceFile[][] = [];
let lines = 0;
for (const { package: name, version } of mature.packages) {
  const root = join(cache, 'packages', `${name.replace('/', '__')}@${version}`, 'src');
  if (!existsSync(root)) { console.warn(`missing ${root}: fetch it with pnpm benchmark:real-world --mature-only --cache ${cache}`); continue; }
  const paths: string[] = [];
  walk(root, paths);
  packages.push(paths.map((abs) => {
    const content = readFileSync(abs, 'utf8');
    lines += content.split('\n').length;
    return { path: `${name}/${relative(root, abs)}`, content, language: /\.[mc]?ts$/.test(abs) ? 'typescript' : 'javascript', isTest: false, publicApi: name };
  }));
}

clearAnalysisMemo();
let since = process.cpuUsage();
const alone = packages.map((files) => confirmedIn(files)).flat();
const perFile = cpuSeconds(since);

clearAnalysisMemo();
since = process.cpuUsage();
let incoming = 0;
const cuts: string[] = [];
const withPass = packages.map((files) => {
  const pass = crossFileIncoming(files);
  incoming += [...pass.incoming.values()].reduce((n, list) => n + list.length, 0);
  cuts.push(...pass.cuts);
  return confirmedIn(files.map((f) => (pass.incoming.has(f.path) ? { ...f, incoming: pass.incoming.get(f.path) } : f)));
}).flat();
const crossed = cpuSeconds(since);

console.log(`${packages.length} mature packages, ${lines.toLocaleString('en')} lines`);
console.log(`per-file engine alone:        ${perFile.toFixed(2)} s CPU (${Math.round(lines / perFile).toLocaleString('en')} lines/s)`);
console.log(`cross-file pass + engine:     ${crossed.toFixed(2)} s CPU (${Math.round(lines / crossed).toLocaleString('en')} lines/s)`);
console.log(`ratio (target ≤ 1.5):         ${(crossed / perFile).toFixed(2)}`);
console.log(`incoming arguments: ${incoming}; cuts: ${cuts.length === 0 ? 'none' : cuts.join(' | ')}`);
console.log(`confirmed without the pass: ${alone.length}; with it: ${withPass.length}`);
for (const f of withPass.filter((f) => !alone.includes(f))) console.log(`  added: ${f}`);
for (const f of alone.filter((f) => !withPass.includes(f))) console.log(`  gone: ${f}`);
