// `pnpm benchmark`: load cases and labels → scan each case with one engine → score → gate → write the
// report, page and diagrams → print a summary. Exit 0 pass, 1 gate failed, 2 usage, 3 incomplete or refused.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchmarkReport } from '../../../src/artifacts/schemas/benchmark-report.ts';
import { common, positiveInt, parseCommandArgs } from '../../../src/commands/kit/args.ts';
import type { CommandHelp, CommandIO } from '../../../src/commands/kit/command.ts';
import { renderUsage } from '../../../src/commands/kit/usage.ts';
import { ExitCode, UsageError } from '../../../src/foundations/errors.ts';
import { writeJsonAtomic } from '../../../src/foundations/fs/atomic.ts';
import { bindLabels } from './bind.ts';
import { loadCases } from './cases.ts';
import { evaluateGate, parseGate } from './gate.ts';
import { assertValid, buildReport, writeReport } from './report.ts';
import { engineFamily, runEngine } from './runner.ts';
import { loadRunScan, type ScanFn } from './scan-loader.ts';
import { scoreEngine } from './score.ts';
import { formatSummary } from './summary.ts';
import { listRules } from '../../../src/engines/static/rules.ts';

const ruleFloors = () => new Map(listRules().map((r) => [r.id, r.floor]));

const OPTIONS = {
  engine: { type: 'string', arg: '<name>', description: 'static (default), replay (recorded transcripts in benchmark/transcripts/), or a provider' },
  provider: { type: 'string', arg: '<name>', description: 'same as --engine <name>, for a configured model provider (needs its API key)' },
  repeats: { type: 'string', arg: '<n>', description: 'scans per case (default 2 for static and replay, for the stability figure; 1 otherwise)' },
  case: { type: 'string', multiple: true, arg: '<name>', description: 'only this case (repeatable; not with --gate or --accept)' },
  out: common('out', 'output folder (default benchmark/out)'),
  gate: { type: 'boolean', description: 'apply benchmark/gate.json; exit 1 with the failing figures' },
  accept: { type: 'boolean', description: 'write this run as benchmark/accepted-report.json (the recall baseline)' },
  'bind-labels': { type: 'boolean', description: "re-bind every label file to its case's current manifest hash (after re-checking the labels)" },
  json: common('json', 'print the report JSON instead of the summary'),
} as const;

/** The benchmark's help; `pnpm benchmark` and `bug-hunter benchmark` differ only in the synopsis. */
export function benchmarkHelp(synopsis: string): CommandHelp {
  return {
    synopsis: [synopsis],
    about: `Scans every case in benchmark/cases/ with one engine, scores the findings against benchmark/labels/,
and writes benchmark-report.json, benchmark.md and reliability-<engine>.svg to benchmark/out/ (or --out).`,
    sections: [{ flags: OPTIONS }],
  };
}

export const BENCHMARK_USAGE = renderUsage(benchmarkHelp('pnpm benchmark [flags]'));

export const DEFAULT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface BenchmarkDeps {
  /** Repository root holding benchmark/ (defaults to this checkout). */
  root?: string;
  scan?: ScanFn;
}

function readAccepted(path: string): BenchmarkReport | undefined {
  if (!existsSync(path)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON (${(error as Error).message}). Restore it or run 'pnpm benchmark --accept'.`);
  }
  assertValid(value, `accepted report ${path}`);
  return value;
}

export async function runBenchmark(argv: string[], io: CommandIO, deps: BenchmarkDeps = {}): Promise<number> {
  const { values } = parseCommandArgs('benchmark', argv, OPTIONS);
  if (values.help) {
    io.stdout(`${BENCHMARK_USAGE}\n`);
    return ExitCode.ok;
  }
  const root = resolve(deps.root ?? DEFAULT_ROOT);
  const bench = join(root, 'benchmark');
  const casesDir = join(bench, 'cases');
  const labelsDir = join(bench, 'labels');
  if (values['bind-labels']) {
    for (const line of bindLabels(casesDir, labelsDir)) io.stdout(`${line}\n`);
    return ExitCode.ok;
  }
  if (values.engine && values.provider && values.engine !== values.provider) throw new UsageError('--engine and --provider name different engines; pass one.');
  const engine = values.provider ?? values.engine ?? 'static';
  const only = values.case ?? [];
  if (only.length > 0 && (values.gate || values.accept)) throw new UsageError('--gate and --accept need every case; drop --case.');
  const repeats = positiveInt('repeats', values.repeats) ?? (engineFamily(engine) === 'static' || engine === 'replay' ? 2 : 1);

  const cases = loadCases(casesDir, labelsDir, only);
  const scan = deps.scan ?? (await loadRunScan());
  const input = await runEngine({
    casesDir,
    cases,
    engine,
    repeats,
    scan,
    transcriptsDir: join(bench, 'transcripts'),
    signal: io.signal,
    ...(values.quiet || values.json ? {} : { onProgress: (done: number, total: number, label: string) => io.stderr(`benchmark: ${done}/${total} ${label}\n`) }),
  });
  const result = scoreEngine(input);
  const gate = values.gate
    ? evaluateGate([result], parseGate(readFileSync(join(bench, 'gate.json'), 'utf8'), join(bench, 'gate.json')), readAccepted(join(bench, 'accepted-report.json')), ruleFloors())
    : undefined;
  const report = buildReport({ repoRoot: root, cases, engines: [result], ...(gate ? { gate } : {}) });
  const outDir = values.out ? resolve(io.cwd, values.out) : join(bench, 'out');
  const written = writeReport(outDir, report);

  if (values.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  else io.stdout(formatSummary(report, written));

  if (values.accept) {
    if (!result.complete) {
      io.stderr('Not accepted: at least one scan did not complete; an incomplete run cannot be the recall baseline.\n');
      return ExitCode.failed;
    }
    writeJsonAtomic(join(bench, 'accepted-report.json'), report);
    io.stdout(`accepted: benchmark/accepted-report.json now holds this run\n`);
  }
  if (gate && !gate.passed) return ExitCode.findings;
  return result.complete ? ExitCode.ok : ExitCode.failed;
}
