// `pnpm benchmark:real-world`: select → fetch (cached) → check every pin → scan each version with the real CLI
// (or reload the cached results) → score → print → gate. Exit 0 done, 1 gate failed or two runs differ,
// 2 usage, 3 a fetch, pin or scan did not complete.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { oneOf, parseCommandArgs, positiveInt } from '../../../src/commands/kit/args.ts';
import type { CommandIO } from '../../../src/commands/kit/command.ts';
import { ExitCode, UsageError } from '../../../src/foundations/errors.ts';
import { writeJsonAtomic } from '../../../src/foundations/fs/atomic.ts';
import { gitAsync } from '../../../src/engines/git/run.ts';
import { VULN_CLASSES, packageKey, parseRealWorldGate, readCorpus, type VulnClass } from './corpus.ts';
import { cacheDir, fetchPackage, sourceDir } from './fetch.ts';
import { formatGate, formatScore } from './format.ts';
import { evaluateRealWorldGate, gateFromScore } from './gate.ts';
import { REPO_ROOT, engineFingerprint, ensureBuilt, scanPackage } from './scan.ts';
import { scoreRealWorld, type CaseInput, type ScanRecord } from './score.ts';
import { selectCases, targetsOf } from './select.ts';
import { locateCaseSinks } from './sinks.ts';
import { compareRuns } from './twice.ts';
import { runMatureHeldOut } from './mature-held-out.ts';
import { SECBENCH_CLASSES, SECBENCH_PARTS, withholdsCases, type SecbenchClass, type SecbenchPart } from '../secbench/corpus.ts';
import { runSecbench } from '../secbench/cli.ts';
import { FOLDS, type Fold } from '../secbench/fold.ts';
import { evidenceOf } from '../incomplete-fixes/corpora.ts';
import { shownIncomplete } from '../incomplete-fixes/evidence.ts';

export const CORPORA = ['real-world', 'secbench', 'mature-held-out'] as const;
export type Corpus = (typeof CORPORA)[number];

export const REAL_WORLD_USAGE = `Usage: pnpm benchmark:real-world [--corpus real-world|secbench|mature-held-out] [flags]

Fetches package versions with npm pack (cached outside the repository), scans each with this checkout's CLI as
a user would with no model key (bug-hunter scan <dir> --loop), and scores them. Found: a reported finding
(confirmed, T1 or T2) of the case's class within 3 lines of the sink line; seen: only a manual-review candidate
there; fixed still flagged: a reported finding of the class in the sink's function of the fixed version, counted
apart when incomplete-fixes.json holds an exploit showing the fix incomplete (pnpm prove:incomplete-fixes).

  --corpus <name>   real-world (default): benchmark/real-world/cases.json and mature.json — recall per class,
                    fixed versions still flagged, reported findings per 1,000 mature lines, every reported finding;
                    secbench: the SecBench.js training cases (benchmark/real-world/secbench/), split frozen in split.json;
                    mature-held-out: mature-held-out.json — counts only (per 1,000 lines, high, critical)

secbench and mature-held-out (results are cached per engine fingerprint: a rerun scans only what changed):
  --part <p>        dev (default), held-out or both; the held-out part prints per-class counts only
  --sample <n>      n cases per class, evenly spaced, from the chosen part
  --fold <f>        study or check: one half of the development part (by package); check prints counts only
  --class <name>    only the cases of this class (repeatable)
  --jobs <n>        scans at a time, 1 or 2 (default 1)
  --show-misses     one row per development miss with its reason (dev part only)

real-world:
  --cache <dir>     package and result cache (default $BUG_HUNTER_REAL_WORLD_CACHE or ~/.cache/bug-hunter/real-world)
  --only <id>       only this case (repeatable); mature packages are skipped
  --class <name>    only the cases of this class (repeatable): ${VULN_CLASSES.join(', ')}
  --mature-only     only the mature packages
  --parallel <n>    scans at a time, 1 or 2 (default 1)
  --twice           scan everything twice and fail when the two runs differ
  --rescore         score the cached results of the last run again; no fetch, no scan
  --reuse           keep cached complete results of this same engine (content hash); scan the rest
  --gate            apply benchmark/real-world/gate.json (needs the full corpus); exit 1 when it fails
  --write-gate      record this full run's figures in benchmark/real-world/gate.json
  --no-findings     leave out the list of every reported finding
  --json            print the score as JSON`;

const BENCH_DIR = join(REPO_ROOT, 'benchmark', 'real-world');

async function engineCommit(): Promise<string> {
  const head = await gitAsync(REPO_ROOT, ['rev-parse', '--short=12', 'HEAD']);
  // Only the engine's own files make a run "+dirty"; editing the corpus does not change the engine.
  const dirty = await gitAsync(REPO_ROOT, ['status', '--porcelain', '--', 'src', ':(exclude)scripts/bench/benchmark', 'bin', 'modes', 'prompts', 'package.json']);
  const id = head !== null ? head.trim() : 'unknown';
  return dirty !== null && dirty.trim() !== '' ? `${id}+dirty` : id;
}

type CachedRecord = ScanRecord & { engine?: string; engineFingerprint?: string };

function readResult(cache: string, key: string): CachedRecord | undefined {
  const path = join(cache, 'results', `${key}.json`);
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as CachedRecord;
  } catch {
    return undefined;
  }
}

function readSource(cache: string, name: string, version: string, path: string): string | undefined {
  const file = join(sourceDir(cache, name, version), path);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

const REAL_DEPS = {
  benchDir: BENCH_DIR,
  fingerprint: () => engineFingerprint(),
  build: ensureBuilt,
  fetch: fetchPackage,
  scan: (key: string, dir: string, signal: AbortSignal) => scanPackage(key, dir, signal),
};

const REAL_WORLD_ONLY = ['only', 'mature-only', 'parallel', 'twice', 'rescore', 'reuse', 'gate', 'write-gate', 'no-findings', 'json'] as const;
const SECBENCH_ONLY = ['part', 'sample', 'fold', 'show-misses'] as const;

export async function runRealWorld(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandArgs('benchmark:real-world', argv, {
    corpus: { type: 'string' },
    part: { type: 'string' },
    sample: { type: 'string' },
    fold: { type: 'string' },
    jobs: { type: 'string' },
    'show-misses': { type: 'boolean' },
    cache: { type: 'string' },
    only: { type: 'string', multiple: true },
    class: { type: 'string', multiple: true },
    'mature-only': { type: 'boolean' },
    parallel: { type: 'string' },
    twice: { type: 'boolean' },
    rescore: { type: 'boolean' },
    reuse: { type: 'boolean' },
    gate: { type: 'boolean' },
    'write-gate': { type: 'boolean' },
    'no-findings': { type: 'boolean' },
  });
  if (values.help) {
    io.stdout(`${REAL_WORLD_USAGE}\n`);
    return ExitCode.ok;
  }
  const which = oneOf<Corpus>('corpus', values.corpus, CORPORA, 'real-world');
  const given = (names: readonly string[]) => names.filter((n) => (values as Record<string, unknown>)[n] !== undefined);
  if (which !== 'real-world' && given(REAL_WORLD_ONLY).length > 0) throw new UsageError(`--${given(REAL_WORLD_ONLY)[0]} is for --corpus real-world only.`);
  if (which !== 'secbench' && given(SECBENCH_ONLY).length > 0) throw new UsageError(`--${given(SECBENCH_ONLY)[0]} is for --corpus secbench only.`);
  const jobs = positiveInt('jobs', values.jobs) ?? 1;
  if (jobs > 2) throw new UsageError('--jobs is at most 2: the scans share the machine with everything else.');
  if (which === 'mature-held-out') {
    if (values.class) throw new UsageError('--class is for --corpus real-world or secbench.');
    return runMatureHeldOut({ cache: cacheDir(values.cache, process.env, io.cwd), jobs, quiet: values.quiet === true }, io, REAL_DEPS);
  }
  if (which === 'secbench') {
    const part = oneOf<SecbenchPart>('part', values.part, SECBENCH_PARTS, 'dev');
    const sample = positiveInt('sample', values.sample);
    const fold = values.fold === undefined ? undefined : oneOf<Fold>('fold', values.fold, FOLDS, 'study');
    if (fold !== undefined && part !== 'dev') throw new UsageError('--fold splits the development part; use it with --part dev.');
    if (values['show-misses'] && withholdsCases({ part, ...(fold !== undefined ? { fold } : {}) })) {
      throw new UsageError('--show-misses is for the development part only (--part dev, or its study fold): the held-out part and the check fold print counts only.');
    }
    const secClasses = (values.class ?? []).map((c) => oneOf<SecbenchClass>('class', c, SECBENCH_CLASSES, 'redos'));
    return runSecbench(
      { part, classes: secClasses, ...(sample !== undefined ? { sample } : {}), ...(fold !== undefined ? { fold } : {}), jobs, showMisses: values['show-misses'] === true, cache: cacheDir(values.cache, process.env, io.cwd), quiet: values.quiet === true },
      io,
      { ...REAL_DEPS, benchDir: join(BENCH_DIR, 'secbench') },
    );
  }
  if (values.jobs !== undefined) throw new UsageError('--jobs is for --corpus secbench or mature-held-out; the real-world corpus takes --parallel.');
  const only = values.only ?? [];
  const classes = (values.class ?? []).map((c) => oneOf<VulnClass>('class', c, VULN_CLASSES, 'redos'));
  const partial = only.length > 0 || classes.length > 0 || values['mature-only'] === true;
  if (partial && (values.gate || values['write-gate'])) throw new UsageError('--gate and --write-gate need the whole corpus; drop --only, --class and --mature-only.');
  if (values.rescore && values.twice) throw new UsageError('--rescore reads one cached run; it cannot compare two. Drop one of them.');
  const parallel = positiveInt('parallel', values.parallel) ?? 1;
  if (parallel > 2) throw new UsageError('--parallel is at most 2: the scans share the machine with everything else.');
  const cache = cacheDir(values.cache, process.env, io.cwd);
  const log = (t: string) => (values.quiet || values.json ? undefined : io.stderr(t));

  const corpus = readCorpus(BENCH_DIR);
  const cases = values['mature-only'] ? [] : selectCases(corpus.cases, only, classes);
  const mature = partial && !values['mature-only'] ? [] : corpus.mature;
  const targets = targetsOf(cases, mature);
  const commit = await engineCommit();
  const fingerprint = engineFingerprint();
  log(`real-world: ${cases.length} case(s), ${mature.length} mature package(s), ${targets.length} package version(s); engine ${commit}; cache ${cache}\n`);

  const problems: string[] = [];
  if (!values.rescore) {
    const fetchLimit = pLimit(2);
    const fetched = await Promise.all(targets.map((t) => fetchLimit(() => fetchPackage(cache, t.name, t.version, io.signal))));
    for (const f of fetched) if (f.status === 'failed') problems.push(`fetch ${f.key}: ${f.error}`);
    const newly = fetched.filter((f) => f.status === 'fetched').length;
    if (newly > 0) log(`real-world: fetched ${newly}, ${fetched.length - newly} already cached\n`);
  }

  const located = cases.map((c) => ({
    c,
    sinks: locateCaseSinks(c, (which, path) => readSource(cache, c.package, which === 'vulnerable' ? c.vulnerable : c.fixed, path)),
  }));
  for (const l of located) problems.push(...l.sinks.errors.map((e) => `pin ${e}`));

  if (!values.rescore) await ensureBuilt();
  const runOnce = async (round: number): Promise<Map<string, ScanRecord>> => {
    const results = new Map<string, ScanRecord>();
    if (values.rescore) {
      for (const t of targets) {
        const r = readResult(cache, t.key);
        if (r) results.set(t.key, r);
      }
      return results;
    }
    const limit = pLimit(parallel);
    let done = 0;
    mkdirSync(join(cache, 'results'), { recursive: true });
    await Promise.all(
      targets.map((t) =>
        limit(async () => {
          io.signal.throwIfAborted();
          const dir = sourceDir(cache, t.name, t.version);
          const cached = values.reuse && round === 1 ? readResult(cache, t.key) : undefined;
          if (cached && cached.status === 'complete' && cached.engineFingerprint === fingerprint) {
            results.set(t.key, cached);
            done++;
            return;
          }
          const record: ScanRecord = existsSync(dir)
            ? await scanPackage(t.key, dir, io.signal)
            : { key: t.key, status: 'failed', error: 'not fetched', exitCode: null, lines: 0, files: 0, durationMs: 0, findings: [] };
          results.set(t.key, record);
          if (round === 1) writeJsonAtomic(join(cache, 'results', `${t.key}.json`), { ...record, engine: commit, engineFingerprint: fingerprint });
          log(`real-world: ${round > 1 ? `(run ${round}) ` : ''}${++done}/${targets.length} ${t.key} ${record.status} ${record.findings.filter((f) => f.reported).length} reported, ${(record.durationMs / 1000).toFixed(1)} s\n`);
        }),
      ),
    );
    return results;
  };

  const first = await runOnce(1);
  const engines = [...new Set([...first.values()].map((r) => (r as CachedRecord).engine ?? commit))].sort();
  const second = values.twice ? await runOnce(2) : undefined;
  const differences = second ? compareRuns(first, second) : [];

  const inputs: CaseInput[] = located.map(({ c, sinks }) => {
    const vulnerable = first.get(packageKey(c.package, c.vulnerable));
    const fixed = first.get(packageKey(c.package, c.fixed));
    return { case: c, vulnerableSinks: sinks.vulnerable, fixedSinks: sinks.fixed, ...(vulnerable ? { vulnerable } : {}), ...(fixed ? { fixed } : {}) };
  });
  const matureRecords = mature.map((m) => first.get(packageKey(m.package, m.version)) ?? { key: packageKey(m.package, m.version), status: 'failed' as const, error: 'no result', exitCode: null, lines: 0, files: 0, durationMs: 0, findings: [] });
  const score = scoreRealWorld(inputs, matureRecords, shownIncomplete(evidenceOf(BENCH_DIR, 'real-world')));

  const gatePath = join(BENCH_DIR, 'gate.json');
  const gate = values.gate ? evaluateRealWorldGate(score, parseRealWorldGate(readFileSync(gatePath, 'utf8'), gatePath)) : undefined;

  if (values.json) {
    io.stdout(`${JSON.stringify({ engine: commit, measuredOn: engines, score, problems, differences, ...(gate ? { gate } : {}) }, null, 2)}\n`);
  } else {
    const measured = values.rescore || values.reuse ? ` (results measured on ${engines.join(', ') || 'nothing cached'})` : '';
    io.stdout(`Real-world benchmark — engine ${commit}${measured}\n\n`);
    io.stdout(formatScore(score, { findings: !values['no-findings'] }));
    if (problems.length > 0) io.stdout(`\nProblems (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
    if (second) io.stdout(differences.length === 0 ? '\nTwo runs: identical.\n' : `\nTwo runs DIFFER (${differences.length}):\n${differences.map((d) => `  ${d}`).join('\n')}\n`);
    if (gate) io.stdout(`\n${formatGate(gate)}`);
  }

  if (values['write-gate']) {
    if (problems.length > 0 || score.failures.length > 0) {
      io.stderr('Gate not written: a fetch, pin or scan did not complete.\n');
      return ExitCode.failed;
    }
    writeJsonAtomic(gatePath, gateFromScore(score, engines.join(', ')));
    io.stdout(`gate written: benchmark/real-world/gate.json (recall ${score.recall.value.toFixed(3)})\n`);
  }
  if (problems.length > 0 || score.failures.length > 0) return ExitCode.failed;
  if ((gate && !gate.passed) || differences.length > 0) return ExitCode.findings;
  return ExitCode.ok;
}
