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

export const REAL_WORLD_USAGE = `Usage: pnpm benchmark:real-world [flags]

Fetches the vulnerable and fixed versions in benchmark/real-world/cases.json and the mature packages in
mature.json with npm pack (cached outside the repository), scans each with this checkout's CLI as a user
would with no model key (bug-hunter scan <dir> --loop), and prints recall per class, fixed versions still
flagged, reported findings per 1,000 lines on the mature packages, and every reported finding.

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

export async function runRealWorld(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandArgs('benchmark:real-world', argv, {
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
  const score = scoreRealWorld(inputs, matureRecords);

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
