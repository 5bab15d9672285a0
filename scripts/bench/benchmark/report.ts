// Assembles benchmark-report.json from scored engines, validates it against its schema, and writes the
// report, the human page and one reliability diagram per engine. Nothing is written unless the report is valid.
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { BenchmarkReport, type EngineResult, type GateCheck } from '../../../src/artifacts/schemas/benchmark-report.ts';
import { stamp } from '../../../src/artifacts/stamp.ts';
import { describeViolations, validate } from '../../../src/artifacts/validate.ts';
import { PhaseError } from '../../../src/foundations/errors.ts';
import { writeFileAtomic, writeJsonAtomic } from '../../../src/foundations/fs/atomic.ts';
import { headCommit } from '../../../src/engines/git/git.ts';
import { hashJson } from '../../../src/foundations/hashing/hash.ts';
import { newRunId } from '../../../src/engines/run/identity.ts';
import { TOOL_VERSION } from '../../../src/foundations/version.ts';
import { describeCompatibility } from './categories.ts';
import { diagramFile, renderPage } from './markdown.ts';
import { LINE_TOLERANCE } from './match.ts';
import { SEVERITY_WEIGHTS, type CaseTruth } from './score.ts';
import { reliabilityDiagram } from './svg.ts';

export interface BuildReportInput {
  repoRoot: string;
  cases: CaseTruth[];
  engines: EngineResult[];
  gate?: { passed: boolean; checks: GateCheck[] };
  now?: Date;
}

export const MATCHING_RULE =
  `one-to-one maximum matching; same file, line ranges overlapping within ±${LINE_TOLERANCE} lines, compatible category ` +
  `(same category, or one of: ${describeCompatibility()}). Reported = verdict confirmed, tier T1/T2, not suppressed. ` +
  'A reported finding that matches no labelled bug is a false positive; one near a labelled decoy is listed with the decoy name.';

export function buildReport(input: BuildReportInput): BenchmarkReport {
  const root = realpathSync(input.repoRoot);
  const now = input.now ?? new Date();
  const run = {
    runId: newRunId(now),
    repoRoot: root,
    baseCommit: headCommit(root),
    scopeHash: hashJson(input.cases.map((c) => [c.name, c.manifestHash])),
    optionsHash: hashJson(input.engines.map((e) => [e.engine, e.repeats])),
    toolVersion: TOOL_VERSION,
  };
  const report = stamp('benchmark-report', {
    cases: input.cases.map((c) => ({ name: c.name, manifestHash: c.manifestHash, lines: c.lines, bugs: c.bugs.length, decoys: c.decoys.length, language: c.language })),
    engines: input.engines,
    severityWeights: { ...SEVERITY_WEIGHTS },
    matching: MATCHING_RULE,
    ...(input.gate ? { gate: input.gate } : {}),
  }, run, now.toISOString());
  assertValid(report, 'benchmark report');
  return report;
}

export function assertValid(report: unknown, what: string): asserts report is BenchmarkReport {
  const result = validate(BenchmarkReport, report);
  if (!result.ok) throw new PhaseError(`Refusing to write the ${what}: it is not a valid benchmark-report (${describeViolations(result.violations)}).`);
}

/** Writes benchmark-report.json, benchmark.md and reliability-<engine>.svg into outDir; returns the paths. */
export function writeReport(outDir: string, report: BenchmarkReport): string[] {
  assertValid(report, 'benchmark report');
  const written: string[] = [];
  for (const engine of report.engines) {
    const path = join(outDir, diagramFile(engine.engine));
    writeFileAtomic(path, reliabilityDiagram(`Reliability: ${engine.engine}`, engine.calibration));
    written.push(path);
  }
  const page = join(outDir, 'benchmark.md');
  writeFileAtomic(page, renderPage(report));
  const json = join(outDir, 'benchmark-report.json');
  writeJsonAtomic(json, report);
  return [json, page, ...written];
}
