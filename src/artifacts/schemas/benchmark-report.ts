// benchmark-report.json: measured precision, recall, calibration, stability and cost of each engine on the
// labelled benchmark cases, plus the gate verdict. Every figure is computed by scripts/bench/benchmark/score.ts.
import { Type, type Static } from '@sinclair/typebox';
import { ENGINES, literalUnion } from './literals.ts';
import { artifact, Category, Confidence, Severity, Sha256 } from './common.ts';
import { REPORT_STATUSES } from './scan-report.ts';

const Ratio = Type.Number({ minimum: 0, maximum: 1 });
const NullableRatio = Type.Union([Ratio, Type.Null()], { description: 'null when the denominator is zero (not measurable).' });
const NullableNumber = Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description: 'null when not measurable.' });
const Count = Type.Integer({ minimum: 0 });
const RunStatus = literalUnion(REPORT_STATUSES, {
  description: 'Status of one scan of one case; anything but complete fails the gate.',
});

export const BenchmarkCase = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    manifestHash: Sha256,
    lines: Count,
    bugs: Count,
    decoys: Count,
    language: Type.String(),
  },
  { additionalProperties: false, description: 'One labelled case, bound to its labels by the manifest hash.' },
);

export const BenchmarkMetrics = Type.Object(
  {
    reportedFindings: Count,
    truePositives: Count,
    falsePositives: Count,
    decoyHits: Count,
    expectedLabels: Type.Integer({ minimum: 0, description: 'Labels this engine family should find, times repeats.' }),
    expectedFound: Count,
    precision: NullableRatio,
    recall: Type.Union([Ratio, Type.Null()], { description: 'Of the labels expected for this engine family.' }),
    recallAllLabels: Type.Union([Ratio, Type.Null()], { description: 'Of every label, whichever engine should find it.' }),
    f1: NullableRatio,
    severityWeightedRecall: NullableRatio,
    linesScanned: Type.Integer({ minimum: 0, description: 'Lines in the case manifests, once per repeat.' }),
    falsePositivesPer1kLines: NullableNumber,
    brier: NullableRatio,
    ece: NullableRatio,
    stability: Type.Union([Ratio, Type.Null()], { description: 'Mean per-case Jaccard of finding fingerprints across repeats; null with one repeat.' }),
    stabilityMin: NullableRatio,
    inputTokens: Count,
    outputTokens: Count,
    costUsd: Type.Number({ minimum: 0 }),
    tokensPerTruePositive: NullableNumber,
    costPerTruePositiveUsd: NullableNumber,
    timeToFirstTruePositiveMs: NullableNumber,
    p95CaseDurationMs: NullableNumber,
  },
  { additionalProperties: false },
);
export type BenchmarkMetrics = Static<typeof BenchmarkMetrics>;

export const CalibrationBin = Type.Object(
  {
    lower: Ratio,
    upper: Ratio,
    count: Count,
    meanConfidence: NullableRatio,
    precision: Type.Union([Ratio, Type.Null()], { description: 'Observed share of true positives in the bin.' }),
  },
  { additionalProperties: false },
);
export type CalibrationBin = Static<typeof CalibrationBin>;

export const ScoredFalsePositive = Type.Object(
  {
    case: Type.String(),
    repeat: Type.Integer({ minimum: 1 }),
    file: Type.String(),
    startLine: Type.Integer({ minimum: 1 }),
    endLine: Type.Integer({ minimum: 1 }),
    category: Category,
    severity: Severity,
    confidence: Confidence,
    lens: Type.String(),
    ruleId: Type.Optional(Type.String()),
    decoy: Type.Optional(Type.String({ description: 'Name of the labelled decoy the finding landed on.' })),
  },
  { additionalProperties: false },
);
export type ScoredFalsePositive = Static<typeof ScoredFalsePositive>;

export const CaseRunResult = Type.Object(
  {
    repeat: Type.Integer({ minimum: 1 }),
    status: RunStatus,
    error: Type.Optional(Type.String()),
    durationMs: Count,
    reported: Count,
    truePositives: Count,
    falsePositives: Count,
    missed: Type.Array(Type.String(), { description: 'Ids of expected labels not found in this run.' }),
  },
  { additionalProperties: false },
);

export const EngineResult = Type.Object(
  {
    engine: Type.String({ minLength: 1, description: "'static', 'replay' or a provider name." }),
    family: literalUnion(ENGINES, { description: 'Which label engine list applies.' }),
    models: Type.Array(Type.String(), { description: 'provider/model ids (with versions) that answered, disclosed.' }),
    repeats: Type.Integer({ minimum: 1 }),
    complete: Type.Boolean({ description: 'True only if every scan of every case completed.' }),
    metrics: BenchmarkMetrics,
    recallByCategory: Type.Record(
      Type.String(),
      Type.Object({ labels: Count, found: Count, recall: Ratio }, { additionalProperties: false }),
      { description: 'Per label category, over expected labels times repeats.' },
    ),
    precisionByRule: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Object({ truePositives: Count, falsePositives: Count, precision: Ratio }, { additionalProperties: false }),
        { description: "Per rule id ('unknown' for findings without one), over every repeat: the figures the gate holds to each rule's floor." },
      ),
    ),
    calibration: Type.Array(CalibrationBin, { minItems: 10, maxItems: 10 }),
    cases: Type.Array(
      Type.Object(
        { name: Type.String(), stability: NullableRatio, runs: Type.Array(CaseRunResult) },
        { additionalProperties: false },
      ),
    ),
    falsePositives: Type.Array(ScoredFalsePositive),
  },
  { additionalProperties: false },
);
export type EngineResult = Static<typeof EngineResult>;

export const GateCheck = Type.Object(
  {
    engine: Type.String(),
    name: Type.String(),
    passed: Type.Boolean(),
    detail: Type.String({ description: 'The measured figure against its threshold, in words.' }),
  },
  { additionalProperties: false },
);
export type GateCheck = Static<typeof GateCheck>;

export const BenchmarkReport = artifact(
  'benchmark-report',
  {
    cases: Type.Array(BenchmarkCase),
    engines: Type.Array(EngineResult, { minItems: 1 }),
    severityWeights: Type.Record(Type.String(), Type.Number({ minimum: 0 })),
    matching: Type.String({ description: 'How findings were matched to labels, in words.' }),
    gate: Type.Optional(
      Type.Object({ passed: Type.Boolean(), checks: Type.Array(GateCheck) }, { additionalProperties: false }),
    ),
  },
  'Benchmark of each engine on the labelled cases: precision, recall, calibration, stability, cost, gate verdict.',
);
export type BenchmarkReport = Static<typeof BenchmarkReport>;
