// scan-report.json: the canonical joined result every view (markdown, SARIF, terminal) is rendered from.
// Findings stay in one list, kept apart by verdict; a suppressed finding stays listed (marked) but is never reported.
import { Type, type Static } from '@sinclair/typebox';
import { COMPLETENESS, DIFF_MODES, literalUnion, RANGE_OPERATORS, REPRO_OUTCOMES, SETTING_SOURCES, UNANALYSED_COPIES, UNCOVERED_STATUSES } from './literals.ts';
import { ConfiguredSetting } from './run-options.ts';
import { artifact, Confidence, Finding, RepoPath, Severity, Tier, Verdict } from './common.ts';
import { ShardShare } from './adaptive-plan.ts';
import { BaseFinding, BaselineSummary } from './baseline.ts';
import { SecurityClassification } from './security.ts';
import { AdvisorySource, DepFinding, LockfileStatus } from './dep-findings.ts';
import { PANEL_OUTCOMES, Refutation } from './skeptic.ts';
import { LeadReport } from './leads.ts';

export const REPORT_STATUSES = ['complete', 'incomplete', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Where a suppression came from: a person's dismissal on this machine (suppressions.json, not committed), the
 * repository (the suppressions.json committed at HEAD), or an inline `bug-hunter-ignore` comment in the source. */
export const SUPPRESSION_SOURCES = ['dismissal', 'repository', 'inline'] as const;
export type SuppressionSource = (typeof SUPPRESSION_SOURCES)[number];
const SuppressionSourceField = literalUnion(SUPPRESSION_SOURCES, {
  description: "dismissal: suppressions.json, not committed ('bug-hunter dismiss' on this machine); repository: the suppressions.json committed at HEAD; inline: a bug-hunter-ignore comment.",
});

export const Suppression = Type.Object(
  {
    reason: Type.String({ minLength: 1, description: 'Why it was suppressed: the recorded reason.' }),
    by: Type.String({ description: 'Who dismissed it (git user, or the OS user when git has none); for an inline comment, the comment.' }),
    at: Type.Optional(Type.String({ format: 'date-time', description: 'When it was dismissed (absent for an inline comment).' })),
    source: Type.Optional(SuppressionSourceField),
    where: Type.Optional(Type.String({ description: "The file (and line) holding the suppression, e.g. '.bug-hunter/suppressions.json' or 'src/app.js:4'." })),
  },
  { additionalProperties: false, description: 'Set when a suppression applies: listed here and in SARIF (with suppressions[]), never counted or shown as a finding.' },
);

/** A suppression that did not hide a finding: it matched none (unused), or the policy set it aside (not applied). */
export const SuppressionNote = Type.Object(
  {
    source: SuppressionSourceField,
    where: Type.String({ description: 'The file (and line) holding it.' }),
    reason: Type.String({ description: 'The reason it records.' }),
    fingerprint: Type.Optional(Type.String({ description: 'The fingerprint a suppressions.json entry names.' })),
    ruleId: Type.Optional(Type.String({ description: 'An inline comment: the rule it names.' })),
    findingId: Type.Optional(Type.String({ description: 'Not applied: the finding it would have hidden.' })),
    why: Type.Optional(Type.String({ description: 'Not applied: why (added by the change under review, or --no-repo-suppressions).' })),
  },
  { additionalProperties: false },
);
export type SuppressionNote = Static<typeof SuppressionNote>;

export const SuppressionSummary = Type.Object(
  {
    ignoreRepository: Type.Boolean({ description: '--no-repo-suppressions: every suppression from the repository (committed file, inline comments) was ignored.' }),
    diffBase: Type.Optional(Type.String({ description: 'Diff-aware scans: the base commit a repository suppression had to exist at to hide a finding on a changed line.' })),
    unused: Type.Array(SuppressionNote, { description: 'suppressions.json entries, and inline bug-hunter-ignore comments of the files scanned, that match no finding of this run (stale: remove them).' }),
    notApplied: Type.Array(SuppressionNote, { description: 'Suppressions that match a finding but were set aside; the finding is reported.' }),
  },
  { additionalProperties: false, description: 'What the suppressions did besides hiding findings (those are marked on each finding).' },
);
export type SuppressionSummary = Static<typeof SuppressionSummary>;

/** The checks a user can ask a scan for; Clean needs each one asked for to have run. */
export const REQUESTED_CHECKS = ['verify', 'repro', 'dep-scan'] as const;
/** One line of a requested check: a verification command, or one finding's reproduction. */
export const CheckItem = Type.Object(
  {
    name: Type.String({ description: 'The check (test, typecheck …), or the id of the finding reproduced.' }),
    command: Type.Optional(Type.String({ description: 'The command it ran.' })),
    status: Type.String({ description: 'PASS, FAIL, ERROR, TIMEOUT, UNAVAILABLE, SKIPPED_BUDGET for a check; the outcome for a reproduction.' }),
    detail: Type.String({ description: 'The failing tests, why it could not run, or what it showed.' }),
  },
  { additionalProperties: false },
);
export type CheckItem = Static<typeof CheckItem>;

export const CheckRun = Type.Object(
  {
    check: literalUnion(REQUESTED_CHECKS, { description: 'verify: --verify; repro: --repro; dep-scan: --dep-scan.' }),
    ran: Type.Boolean({ description: 'True when it ran and checked something; false keeps the run from being clean and exits 3.' }),
    detail: Type.String({ description: 'What it did, or why it did not run.' }),
    items: Type.Optional(Type.Array(CheckItem, { description: 'One per verification command or reproduction, with its status and the failing tests or the reason.' })),
  },
  { additionalProperties: false },
);
export type CheckRun = Static<typeof CheckRun>;

export const MAX_RELATED_LOCATIONS = 20;

/** The same finding in a bundle of the source (dist/, *.min.js, umd/cjs/esm) the scan analysed: one bug, listed with
 * its source. */
export const AnalysedCopy = Type.Object(
  {
    file: RepoPath,
    startLine: Type.Integer({ minimum: 1 }),
    endLine: Type.Integer({ minimum: 1 }),
    fingerprint: Type.String({ pattern: '^[0-9a-f]{16,64}$', description: 'The fingerprint the copy has on its own.' }),
    findingId: Type.String({ description: 'The id the copy has on its own.' }),
  },
  { additionalProperties: false },
);

/** The finding's cited lines in a build copy triage skipped as generated (the scan read its source instead). */
export const UnreadCopy = Type.Object(
  {
    file: RepoPath,
    startLine: Type.Integer({ minimum: 1 }),
    endLine: Type.Integer({ minimum: 1 }),
    copy: literalUnion(UNANALYSED_COPIES, { description: 'unread: not analysed; the finding\'s cited lines stand there unchanged, once (report/unread-copies.ts).' }),
  },
  { additionalProperties: false },
);

export const RelatedLocation = Type.Union([AnalysedCopy, UnreadCopy]);
export type RelatedLocation = Static<typeof RelatedLocation>;

export const ReportedFinding = Type.Object(
  {
    finding: Finding,
    verdict: Verdict,
    tier: Tier,
    severity: Severity,
    confidence: Confidence,
    skepticOutcome: literalUnion([...PANEL_OUTCOMES, 'none'], {
      description: 'Panel outcome; none when the skeptic never saw the finding.',
    }),
    skepticReasoning: Type.Array(Refutation, { description: 'Every refuter vote with its reason.' }),
    refereeReasoning: Type.String(),
    refereeEngine: Type.Optional(Type.String()),
    reread: Type.Boolean({ description: 'The referee re-read the source independently.' }),
    verification: Type.Optional(Type.Array(Type.String({ description: 'Names of checks that bear on it.' }))),
    repro: Type.Optional(
      Type.Object(
        {
          outcome: literalUnion(REPRO_OUTCOMES),
          reason: Type.String(),
          dir: Type.Optional(Type.String({ description: 'repro/<id>/ relative to the artifact folder.' })),
          command: Type.Optional(Type.String({ description: 'Command that runs the reproduction test.' })),
        },
        { additionalProperties: false },
      ),
    ),
    suppressed: Type.Optional(Suppression),
    severityOverride: Type.Optional(
      Type.Object(
        {
          from: Severity,
          source: literalUnion(SETTING_SOURCES),
          where: Type.String({ description: 'The config file or flag that set it.' }),
        },
        { additionalProperties: false, description: "A user's (or the repository's) rule setting chose `severity`, over the CVSS band or the referee's: `from` is what it would have been." },
      ),
    ),
    security: Type.Optional(SecurityClassification),
    firstSeenRun: Type.Optional(Type.String({ description: 'Run that first saw this fingerprint, from ledger.json.' })),
    inDiff: Type.Optional(
      Type.Boolean({ description: 'Diff-aware scans only: the finding cites a changed line (true) or only unchanged lines (false). Absent otherwise.' }),
    ),
    baseline: Type.Optional(
      Type.Boolean({ description: 'With --baseline: true when the fingerprint already existed at the base (pre-existing; never fails the run), false when new.' }),
    ),
    relatedLocations: Type.Optional(
      Type.Array(RelatedLocation, {
        minItems: 1,
        maxItems: MAX_RELATED_LOCATIONS,
        description: 'The same finding in bundles of its file (build output, minified, umd/cjs/esm copies): one bug, reported once at the source, which keeps its fingerprint. A copy the scan did not analyse (a skipped build file holding the cited lines) has copy: unread.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ReportedFinding = Static<typeof ReportedFinding>;

const CountMap = Type.Record(Type.String(), Type.Integer({ minimum: 0 }));

export const NotCovered = Type.Object(
  {
    path: Type.String(),
    status: literalUnion(UNCOVERED_STATUSES),
    reason: Type.String(),
    language: Type.Optional(Type.String({ description: 'scanner-unsupported: the language no configured engine reads.' })),
  },
  { additionalProperties: false },
);

export const ScanReport = artifact(
  'scan-report',
  {
    status: literalUnion(REPORT_STATUSES, {
      description: 'failed: a chunk failed; incomplete: a chunk or finding was not reviewed; complete otherwise.',
    }),
    clean: Type.Boolean({ description: 'True only if nothing is confirmed, unreviewed, failed or uncovered, and every check asked for ran (src/engines/report/clean.ts).' }),
    notClean: Type.Array(Type.String(), { description: 'Why the run is not clean, one reason per line; empty when clean.' }),
    options: Type.Object(
      { failOn: Severity, showSuspected: Type.Boolean({ description: 'T3 (suspected) findings are shown in the views.' }) },
      { additionalProperties: false },
    ),
    mode: Type.String(),
    profile: Type.String(),
    engines: Type.Array(Type.String()),
    models: Type.Array(Type.String()),
    findings: Type.Array(ReportedFinding, { description: 'Every hunter finding, by severity then file; suppressed ones marked.' }),
    counts: Type.Object(
      {
        byVerdict: CountMap,
        byTier: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: 'Over unsuppressed confirmed, manual-review and unreviewed findings.' }),
        bySeverity: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: 'Over unsuppressed confirmed findings.' }),
        byCategory: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: 'Over unsuppressed confirmed findings.' }),
        suppressed: Type.Integer({ minimum: 0 }),
        failing: Type.Integer({ minimum: 0, description: 'Reported confirmed findings at or above failOn.' }),
      },
      { additionalProperties: false, description: 'byVerdict counts unsuppressed findings; suppressed ones are counted apart.' },
    ),
    chunks: Type.Object(
      {
        total: Type.Integer({ minimum: 0 }),
        done: Type.Integer({ minimum: 0 }),
        failed: Type.Integer({ minimum: 0 }),
        unreviewed: Type.Integer({ minimum: 0, description: 'Not run, interrupted or out of budget.' }),
      },
      { additionalProperties: false },
    ),
    coverage: Type.Object(
      {
        filesInScope: Type.Integer({ minimum: 0 }),
        filesScanned: Type.Integer({ minimum: 0 }),
        complete: Type.Boolean(),
        notCovered: Type.Array(NotCovered, { description: 'In-scope files not scanned, with why; then files triage skipped.' }),
        skippedCounts: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: 'Files triage left out of scope, per reason.' }),
      },
      { additionalProperties: false },
    ),
    usage: Type.Object(
      { inputTokens: Type.Integer({ minimum: 0 }), outputTokens: Type.Integer({ minimum: 0 }), costUsd: Type.Number({ minimum: 0 }) },
      { additionalProperties: false },
    ),
    durationMs: Type.Integer({ minimum: 0 }),
    shard: Type.Optional(ShardShare),
    mergedFrom: Type.Optional(
      Type.Array(
        Type.Object(
          {
            runId: Type.String(),
            shard: Type.String({ pattern: '^\\d+/\\d+$', description: 'i/n' }),
            chunks: Type.Integer({ minimum: 0, description: 'Chunks that shard owned.' }),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, description: "Set by 'bug-hunter merge': the shard runs joined into this report, by shard number." },
      ),
    ),
    diff: Type.Optional(
      Type.Object(
        {
          mode: literalUnion(DIFF_MODES),
          radius: Type.Integer({ minimum: 0 }),
          base: Type.Optional(Type.String()),
          head: Type.Optional(Type.String()),
          range: Type.Optional(literalUnion(RANGE_OPERATORS)),
          from: Type.Optional(Type.String({ description: 'Commit the diff starts from.' })),
          to: Type.Optional(Type.String({ description: '--diff: the head commit.' })),
          changedFiles: Type.Integer({ minimum: 0, description: 'Changed paths, deleted and non-source ones included.' }),
          filesInScope: Type.Integer({ minimum: 0, description: 'Triaged files in the diff scope: changed ones and their importers.' }),
        },
        { additionalProperties: false, description: 'Diff-aware scans only (--since, --diff, --staged); triage.json says why each file is in scope.' },
      ),
    ),
    baseline: Type.Optional(
      Type.Object(
        {
          ...BaselineSummary.properties,
          new: Type.Integer({ minimum: 0, description: 'Reported confirmed findings not at the base.' }),
          preExisting: Type.Integer({ minimum: 0, description: 'Reported confirmed findings already at the base (never failing).' }),
          fixed: Type.Integer({ minimum: 0, description: 'Base findings gone at the head: the length of absent.' }),
          absent: Type.Array(BaseFinding, {
            description: 'Base findings (shown at the base) with no head finding of that fingerprint, in a file the head scanned or deleted; SARIF reports them baselineState absent.',
          }),
        },
        { additionalProperties: false, description: 'With --baseline: which commit, how its findings were obtained, and the new/pre-existing split.' },
      ),
    ),
    checks: Type.Optional(Type.Array(CheckRun, { description: 'The checks this run was asked for (--verify, --repro, --dep-scan) and whether each ran.' })),
    suppressions: Type.Optional(SuppressionSummary),
    settings: Type.Optional(Type.Array(ConfiguredSetting, { description: 'Rule settings and config scope keys in force for this run, by source; repository ones set aside are listed with why.' })),
    leads: Type.Optional(Type.Array(LeadReport, { description: "With --leads: each other analyser's result and what became of it (leads.json, hunter-findings.json, referee.json joined)." })),
    dependencies: Type.Optional(
      Type.Object(
        {
          status: literalUnion(COMPLETENESS),
          notes: Type.Array(Type.String()),
          advisories: AdvisorySource,
          lockfiles: Type.Array(LockfileStatus),
          findings: Type.Array(DepFinding, { description: 'From dep-findings.json, by reachability.' }),
          counts: Type.Object(
            {
              byReachability: CountMap,
              failing: Type.Integer({ minimum: 0, description: 'Reachable production dependency findings at or above failOn: they make the scan exit 1.' }),
            },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false, description: 'The dependency scan (scan --dep-scan), joined from dep-findings.json.' },
      ),
    ),
  },
  'Every finding with verdict, tier and reasoning; counts; coverage; engines and models; usage and duration.',
);
export type ScanReport = Static<typeof ScanReport>;
