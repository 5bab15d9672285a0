// repro-report.json: what `bug-hunter repro` did with a bug a person reported — the report and trace it read, where
// it located the bug, the signature the proof was held to, every tester attempt with what the sandbox printed, and
// the verdict. A reproduced report carries the finding it became and its repro/<id>/ folder.
import { Type, type Static } from '@sinclair/typebox';
import { artifact, Finding, RepoPath, Sha256 } from './common.ts';
import { FixStatus } from './fix.ts';
import { literalUnion, REPRO_LOCATION_KINDS, REPRO_MATCH_KINDS, REPRO_ORIGINS, REPRO_RUNTIMES, REPRO_SIGNAL_KINDS, REPRO_VERDICTS } from './literals.ts';


const Frame = Type.Object(
  {
    path: Type.String({ description: 'The path as the runtime printed it.' }),
    line: Type.Integer({ minimum: 0 }),
    function: Type.Union([Type.String(), Type.Null()], { description: 'Function as printed (normalised); null when anonymous.' }),
    kind: literalUnion(REPRO_LOCATION_KINDS, {
      description: "target: a file of the scanned repository; dependency: node_modules, site-packages, vendor, Go's module cache; runtime: the language runtime; outside: none of these.",
    }),
    file: Type.Optional(RepoPath),
  },
  { additionalProperties: false },
);

export const ReproReportAttempt = Type.Object(
  {
    attempt: Type.Integer({ minimum: 1, maximum: 3 }),
    outcome: literalUnion(REPRO_VERDICTS),
    reason: Type.String({ description: 'Why this attempt proved the report or not.' }),
    testPath: Type.Optional(Type.String({ description: 'Where the tester put its test (inside the throw-away copy).' })),
    testSource: Type.Optional(Type.String({ maxLength: 20_000, description: 'The test the tester wrote.' })),
    output: Type.String({ maxLength: 8_000, description: 'Tail of what the sandbox printed on the first run, redacted.' }),
  },
  { additionalProperties: false },
);
export type ReproReportAttempt = Static<typeof ReproReportAttempt>;

export const ReproReport = artifact(
  'repro-report',
  {
    source: Type.Object(
      {
        origin: literalUnion(REPRO_ORIGINS, { description: 'stack-trace when a trace was given (the stricter rule applies), else report.' }),
        from: Type.Optional(Type.String({ description: "--from: the report file, or '-' for standard input." })),
        stackTrace: Type.Optional(Type.String({ description: '--stack-trace: the trace file.' })),
        issue: Type.Optional(Type.Integer({ minimum: 1, description: '--issue: the GitHub issue read as the report.' })),
        textSha256: Sha256,
      },
      { additionalProperties: false },
    ),
    trace: Type.Optional(
      Type.Object(
        {
          runtime: literalUnion(REPRO_RUNTIMES),
          errorType: Type.String(),
          message: Type.String({ maxLength: 2_000 }),
          frames: Type.Array(Frame, { maxItems: 50, description: 'Innermost first.' }),
        },
        { additionalProperties: false },
      ),
    ),
    location: Type.Union(
      [
        Type.Object(
          {
            file: RepoPath,
            startLine: Type.Integer({ minimum: 1 }),
            endLine: Type.Integer({ minimum: 1 }),
            line: Type.Integer({ minimum: 1 }),
            symbol: Type.Optional(Type.String()),
            how: literalUnion(REPRO_MATCH_KINDS, {
              description: "stack-frame: the trace's innermost frame in the target; named-function: a function the report names; quoted-message: a message the report quotes.",
            }),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'Where the bug was located; null when neither the trace nor the report led to the target\'s code.' },
    ),
    framework: Type.Union([Type.String(), Type.Null()], { description: 'Test framework detected in the target.' }),
    nearestTests: Type.Array(Type.String(), { description: 'Existing tests shown to the tester, closest first.' }),
    signature: Type.Object(
      {
        kind: literalUnion(REPRO_SIGNAL_KINDS),
        errorType: Type.Optional(Type.String()),
        messageFragment: Type.Optional(Type.String()),
        thrownIn: Type.Optional(Type.String()),
        thrownInFunction: Type.Optional(Type.String()),
      },
      { additionalProperties: false, description: "What the failing test had to show: the trace's own error (type, file, function, a fragment for generic types) or the run marker printed by the failing assertion." },
    ),
    verdict: literalUnion(REPRO_VERDICTS, {
      description: 'reproduced: failed twice the same way for the reported reason; not-reproduced: the attempts failed for other reasons or passed; unknown: could not check (timeout, sandbox, tester, framework).',
    }),
    reason: Type.String(),
    attempts: Type.Array(ReproReportAttempt, { maxItems: 3 }),
    finding: Type.Optional(Finding),
    repro: Type.Optional(
      Type.Object(
        {
          dir: Type.String({ description: 'repro/<id>/ relative to the artifact folder.' }),
          command: Type.String({ description: 'Re-runs the reproduction from the repository root.' }),
        },
        { additionalProperties: false },
      ),
    ),
    fix: Type.Optional(
      Type.Object(
        {
          dir: Type.String({ description: 'incidents/<id>/ relative to the artifact folder: the one-finding scan-report.json, fix-strategy.json, fix-plan.json, fixer-scope.json and fix-report.json.' }),
          status: FixStatus,
          branch: Type.Union([Type.String(), Type.Null()], { description: 'With --auto-commit: the new branch holding the proven fix.' }),
        },
        { additionalProperties: false, description: 'With --fix, when reproduced: what the fixer did with the finding (fix-report.json has the attempts and the proof).' },
      ),
    ),
  },
  "What 'bug-hunter repro' did with a reported bug: located code, the proof rule, each tester attempt with its sandbox output, and the verdict.",
);
export type ReproReport = Static<typeof ReproReport>;
