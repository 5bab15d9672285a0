// Scores one engine over every case and repeat (pure): matching, then every figure of the report.
// Input is plain data (labels + what each scan reported); output is the schema's EngineResult.
import type { EngineResult, ScoredFalsePositive } from '../../../src/artifacts/schemas/benchmark-report.ts';
import type { Severity } from '../../../src/artifacts/schemas/common.ts';
import type { BugLabel, DecoyLabel } from './labels.ts';
import { matchCase, type ScoredFinding } from './match.ts';
import { precisionByRule, tallyByRule, type RuleTally } from './rule-precision.ts';
import { brier, calibrationBins, expectedCalibrationError, f1, mean, percentile, ratio, repeatStability, type Outcome } from './metrics.ts';

export type EngineFamily = EngineName;
import type { ReportStatus } from '../../../src/artifacts/schemas/scan-report.ts';
import type { EngineName } from '../../../src/artifacts/schemas/literals.ts';

export type RunStatus = ReportStatus;

/** A missed critical bug costs eight times a missed low one in severity-weighted recall. */
export const SEVERITY_WEIGHTS: Record<Severity, number> = { critical: 8, high: 4, medium: 2, low: 1, info: 0.5 };

export interface CaseTruth {
  name: string;
  manifestHash: string;
  lines: number;
  language: string;
  bugs: BugLabel[];
  decoys: DecoyLabel[];
}

export interface CaseRun {
  case: string;
  repeat: number;
  status: RunStatus;
  error?: string;
  /** Start of this scan, in ms since the engine's first scan started. */
  startedAtMs: number;
  durationMs: number;
  /** Reported findings only (confirmed, T1/T2, not suppressed). */
  findings: ScoredFinding[];
  usage: { inputTokens: number; outputTokens: number; costUsd: number };
  models: string[];
}

export interface EngineRunInput {
  engine: string;
  family: EngineFamily;
  repeats: number;
  cases: CaseTruth[];
  runs: CaseRun[];
}

export function expectedFor(family: EngineFamily, label: BugLabel): boolean {
  return label.engines.includes(family);
}

export function scoreEngine(input: EngineRunInput): EngineResult {
  const outcomes: Outcome[] = [];
  const falsePositives: ScoredFalsePositive[] = [];
  const byCategory = new Map<string, { labels: number; found: number }>();
  const stabilities: number[] = [];
  let tp = 0, expectedLabels = 0, expectedFound = 0, allLabels = 0, weightAll = 0, weightFound = 0, lines = 0;
  let inputTokens = 0, outputTokens = 0, costUsd = 0, firstTp: number | null = null;
  const models = new Set<string>();
  const durations: number[] = [];
  const cases: EngineResult['cases'] = [];
  const byRule = new Map<string, RuleTally>();

  for (const truth of input.cases) {
    const runs: EngineResult['cases'][number]['runs'] = [];
    const fingerprints: Set<string>[] = [];
    for (let repeat = 1; repeat <= input.repeats; repeat++) {
      const run = input.runs.find((r) => r.case === truth.name && r.repeat === repeat) ?? missingRun(truth.name, repeat);
      const match = matchCase(run.findings, truth.bugs, truth.decoys);
      const found = new Set(match.matched.map((m) => m.label.id));
      tallyByRule(match.matched.map((m) => m.finding), match.falsePositives.map((f) => f.finding), byRule);
      for (const m of match.matched) outcomes.push({ confidence: m.finding.confidence, hit: true });
      for (const fp of match.falsePositives) {
        outcomes.push({ confidence: fp.finding.confidence, hit: false });
        falsePositives.push(toFalsePositive(truth.name, repeat, fp.finding, fp.decoy));
      }
      tp += match.matched.length;
      allLabels += truth.bugs.length;
      for (const label of truth.bugs.filter((l) => expectedFor(input.family, l))) {
        const hit = found.has(label.id);
        const entry = byCategory.get(label.category) ?? { labels: 0, found: 0 };
        entry.labels++;
        expectedLabels++;
        weightAll += SEVERITY_WEIGHTS[label.severity];
        if (hit) {
          entry.found++;
          expectedFound++;
          weightFound += SEVERITY_WEIGHTS[label.severity];
        }
        byCategory.set(label.category, entry);
      }
      lines += truth.lines;
      inputTokens += run.usage.inputTokens;
      outputTokens += run.usage.outputTokens;
      costUsd += run.usage.costUsd;
      for (const m of run.models) models.add(m);
      durations.push(run.durationMs);
      if (match.matched.length > 0) {
        const at = run.startedAtMs + run.durationMs;
        firstTp = firstTp === null ? at : Math.min(firstTp, at);
      }
      fingerprints.push(new Set(run.findings.map((f) => f.fingerprint)));
      runs.push({
        repeat,
        status: run.status,
        ...(run.error !== undefined ? { error: run.error } : {}),
        durationMs: run.durationMs,
        reported: run.findings.length,
        truePositives: match.matched.length,
        falsePositives: match.falsePositives.length,
        missed: match.missed.filter((l) => expectedFor(input.family, l)).map((l) => l.id),
      });
    }
    const stability = repeatStability(fingerprints);
    if (stability !== null) stabilities.push(stability);
    cases.push({ name: truth.name, stability, runs });
  }

  const fp = falsePositives.length;
  const precision = ratio(tp, tp + fp);
  const recall = ratio(expectedFound, expectedLabels);
  const tokens = inputTokens + outputTokens;
  return {
    engine: input.engine,
    family: input.family,
    models: [...models].sort(),
    repeats: input.repeats,
    complete: cases.every((c) => c.runs.every((r) => r.status === 'complete')),
    metrics: {
      reportedFindings: tp + fp,
      truePositives: tp,
      falsePositives: fp,
      decoyHits: falsePositives.filter((f) => f.decoy !== undefined).length,
      expectedLabels,
      expectedFound,
      precision,
      recall,
      recallAllLabels: ratio(tp, allLabels),
      f1: f1(precision, recall),
      severityWeightedRecall: ratio(weightFound, weightAll),
      linesScanned: lines,
      falsePositivesPer1kLines: lines === 0 ? null : (fp * 1000) / lines,
      brier: brier(outcomes),
      ece: expectedCalibrationError(outcomes),
      stability: mean(stabilities),
      stabilityMin: stabilities.length === 0 ? null : Math.min(...stabilities),
      inputTokens,
      outputTokens,
      costUsd,
      tokensPerTruePositive: ratio(tokens, tp),
      costPerTruePositiveUsd: ratio(costUsd, tp),
      timeToFirstTruePositiveMs: firstTp,
      p95CaseDurationMs: percentile(durations, 95),
    },
    recallByCategory: Object.fromEntries(
      [...byCategory.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([cat, e]) => [cat, { ...e, recall: e.found / e.labels }]),
    ),
    precisionByRule: precisionByRule(byRule),
    calibration: calibrationBins(outcomes),
    cases,
    falsePositives,
  };
}

// A scan the runner never recorded counts as failed, with nothing found: never as clean.
function missingRun(name: string, repeat: number): CaseRun {
  return { case: name, repeat, status: 'failed', error: 'no result recorded', startedAtMs: 0, durationMs: 0, findings: [], usage: { inputTokens: 0, outputTokens: 0, costUsd: 0 }, models: [] };
}

function toFalsePositive(caseName: string, repeat: number, f: ScoredFinding, decoy: string | undefined): ScoredFalsePositive {
  return {
    case: caseName,
    repeat,
    file: f.file,
    startLine: f.startLine,
    endLine: f.endLine,
    category: f.category,
    severity: f.severity,
    confidence: f.confidence,
    lens: f.lens,
    ...(f.ruleId !== undefined ? { ruleId: f.ruleId } : {}),
    ...(decoy !== undefined ? { decoy } : {}),
  };
}
