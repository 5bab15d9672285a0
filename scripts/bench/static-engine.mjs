// One run of a checkout's compiled static engine (its dist/) over a tree, as a scan's hunter runs it: huntFile in
// the worker pool, then the skeptic and referee in this thread on the files with candidates, the skeptic reading the
// hunt's analyses as a scan's evidence cache hands them over. Prints one JSON line:
// wall and CPU seconds (user + sys of every thread), counts, and a digest of the findings so two checkouts can be
// shown to find the same. Plain JavaScript so it runs against any checkout's dist/, older ones included.
// Usage: node scripts/bench/static-engine.mjs <dist dir> <tree> <workers>
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { treeSources } from './tree-sources.mjs';

const [dist, tree, workersArg] = process.argv.slice(2);
const workers = Number(workersArg);
const engine = await import(pathToFileURL(join(dist, 'engines/static/index.js')).href);
const { createFilePool } = await import(pathToFileURL(join(dist, 'engines/workers/pool.js')).href);

const sources = treeSources(tree);
const cpu = process.cpuUsage();
const started = performance.now();
const pool = workers > 1 ? createFilePool(workers) : undefined;
// The hunt's analyses reach the skeptic as a scan's evidence cache (on by default) hands them over: refuting a
// finding reads its file's analysis instead of parsing and analysing the file again.
const analyses = new Map();
const store = { get: (file) => analyses.get(file.path), put: (file, analysis) => analyses.set(file.path, analysis) };
const perFile = await Promise.all(sources.map(async (file) => {
  if (!pool) return engine.huntFile(file, store);
  const analysis = await pool.run('hunt', file);
  store.put(file, analysis);
  return engine.findingsOf(analysis);
}));
await pool?.close();
let candidates = 0;
let confirmed = 0;
const digest = createHash('sha256');
perFile.forEach((findings, i) => {
  for (const f of findings) {
    candidates++;
    const verdict = engine.judgeStatic(f, engine.refuteStatic(f, sources[i], { store })).verdict;
    if (verdict === 'confirmed') confirmed++;
    digest.update(JSON.stringify(f)).update(verdict).update('\0');
  }
});
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
console.log(JSON.stringify({ seconds, cpuSeconds: (used.user + used.system) / 1e6, files: sources.length, candidates, confirmed, digest: digest.digest('hex') }));
