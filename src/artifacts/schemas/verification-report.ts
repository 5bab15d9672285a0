// verification-report.json: checks run in the sandbox (baseline suite, typecheck, lint …) and reproduction outcomes.
// Fields marked optional are always written by the verify phase; optional only so older hand-made reports still validate.
import { Type, type Static } from '@sinclair/typebox';
import { CHECK_COMMAND_SOURCES, CHECK_STATUSES, literalUnion, REPRO_OUTCOMES, REPRO_VERDICTS, SUITE_STATES } from './literals.ts';
import { artifact, Tier } from './common.ts';

export const CHECK_KINDS = ['test', 'typecheck', 'lint', 'build', 'other'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

export const CheckStatus = literalUnion(CHECK_STATUSES, {
  description: 'PASS/FAIL: the command ran and exited 0/non-0; ERROR: it could not run properly; TIMEOUT: killed at its limit; UNAVAILABLE: its tool or dependencies are missing; SKIPPED_BUDGET: the total budget ran out first.',
});
export type CheckStatus = Static<typeof CheckStatus>;

export const CheckResult = Type.Object(
  {
    name: Type.String(),
    kind: Type.Optional(literalUnion(CHECK_KINDS)),
    argv: Type.Array(Type.String(), { description: 'Run as an argv array with shell: false.' }),
    required: Type.Boolean({ description: 'A required check that is not PASS withholds fixer authority.' }),
    status: CheckStatus,
    exitCode: Type.Union([Type.Integer(), Type.Null()]),
    signal: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Signal that ended the process, if any.' })),
    durationMs: Type.Integer({ minimum: 0 }),
    outputTail: Type.String({ description: 'Redacted tail of combined output.' }),
    truncated: Type.Optional(Type.Boolean({ description: 'Output exceeded the capture cap; the middle was dropped.' })),
    findingIds: Type.Array(Type.String(), { description: 'Findings this check bears on.' }),
    confidenceDelta: Type.Number({ minimum: -1, maximum: 1, description: 'Suggested change to those findings\' confidence.' }),
    reason: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type CheckResult = Static<typeof CheckResult>;

export const ReproAttempt = Type.Object(
  {
    attempt: Type.Integer({ minimum: 1 }),
    outcome: literalUnion(REPRO_VERDICTS),
    reason: Type.String({ description: "Why this attempt proved the bug or not, e.g. 'not reproduced: wrong failure (…)'." }),
  },
  { additionalProperties: false },
);
export type ReproAttempt = Static<typeof ReproAttempt>;

export const Reproduction = Type.Object(
  {
    findingId: Type.String(),
    outcome: literalUnion(REPRO_OUTCOMES),
    reason: Type.String({ description: "e.g. 'unknown: timeout', 'unknown: install failed', 'not reproduced: wrong failure'." }),
    attempts: Type.Integer({ minimum: 0 }),
    tier: Type.Optional(Tier),
    framework: Type.Optional(Type.String()),
    dir: Type.Optional(Type.String({ description: 'repro/<id>/ relative to the artifact folder.' })),
    command: Type.Optional(Type.String({ description: 'Command that re-runs the promoted reproduction from the repository root.' })),
    history: Type.Optional(Type.Array(ReproAttempt, { description: 'Every writer attempt in order, with why it was refused or accepted.' })),
  },
  { additionalProperties: false },
);
export type Reproduction = Static<typeof Reproduction>;

export const VerificationReport = artifact(
  'verification-report',
  {
    sandbox: Type.Object(
      { backend: Type.String(), available: Type.Boolean(), reason: Type.Optional(Type.String()), dependencies: Type.Optional(Type.String()) },
      { additionalProperties: false },
    ),
    plan: Type.Optional(
      Type.Object(
      {
        source: literalUnion(CHECK_COMMAND_SOURCES),
        path: Type.Optional(Type.String()),
        budgetMs: Type.Integer({ minimum: 1 }),
        unsupported: Type.Array(Type.String(), { description: 'Ecosystems or checks not run, with the reason.' }),
      },
      { additionalProperties: false },
      ),
    ),
    baseline: Type.Object(
      {
        status: literalUnion(SUITE_STATES),
        check: Type.Optional(Type.String({ description: 'Name of the check that ran the suite.' })),
        failingTests: Type.Array(Type.String()),
        reason: Type.Optional(Type.String()),
      },
      { additionalProperties: false, description: "The target's own suite run with the network cut." },
    ),
    checks: Type.Array(CheckResult),
    fixerAuthorised: Type.Boolean({ description: 'False when a required check failed or was unavailable.' }),
    fixerReason: Type.Optional(Type.String({ description: 'Why fixer authority was granted or withheld.' })),
  },
  'Sandboxed checks with status and redacted output, and the baseline suite (reproductions are in reproductions.json).',
);
export type VerificationReport = Static<typeof VerificationReport>;
