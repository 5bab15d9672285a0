// One run of a checkout's compiled static engine (its dist/) over a tree, as a scan's hunter runs it: huntFile in
// the worker pool, then the skeptic and referee in this thread on the files with candidates, the skeptic reading the
// hunt's analyses as a scan's evidence cache hands them over. Prints one JSON line:
// wall and CPU seconds (user + sys of every thread), counts, and a digest of the findings so two checkouts can be
// shown to find the same. Plain JavaScript so it runs against any checkout's dist/, older ones included.
// With --times (and 1 worker, so all the work is in this thread) it also prints the engine's CPU per detector and stage
// when the checkout's engine can record it (recordDetectorTimes), and the skeptic and referee's share.
// Usage: node scripts/bench/kit/static-engine.mjs <dist dir> <tree> <workers> [--times]
import { createHash } from 'node:crypto';
import { engineModule } from './dist-module.mjs';
import { treeSources } from './tree-sources.mjs';

const [dist, tree, workersArg, timesFlag] = process.argv.slice(2);
const workers = Number(workersArg);
const engine = await import(engineModule(dist, 'static/index.js'));
const { createFilePool } = await import(engineModule(dist, 'workers/pool.js'));

const sources = treeSources(tree);
const timing = timesFlag === '--times' && typeof engine.recordDetectorTimes === 'function';
if (timing) engine.recordDetectorTimes(true);
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
const judging = process.cpuUsage();
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
const judged = process.cpuUsage(judging);
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
const times = timing ? [...engine.detectorTimes(), { name: '<skeptic + referee>', cpuMs: (judged.user + judged.system) / 1000, files: candidates }] : undefined;
console.log(JSON.stringify({ seconds, cpuSeconds: (used.user + used.system) / 1e6, files: sources.length, candidates, confirmed, digest: digest.digest('hex'), ...(times ? { times } : {}) }));
