// Every enum of the artifacts and configs is one `as const` tuple of strings fed to literalUnion: the JSON Schema
// gets one `const` per value, and the TypeScript type is the union of those values, so `tsc` rejects any other
// string. (`Type.Union([...].map(Type.Literal))` over a plain array collapses to `string`.)
import { Type, type SchemaOptions, type TLiteral, type TUnion } from '@sinclair/typebox';

/** One fixed value (an artifact's name, a schema version, a discriminator): no tuple, so no union. */
export function literal<const T extends string | number | boolean>(value: T, options?: SchemaOptions): TLiteral<T> {
  return Type.Literal(value, options);
}

export function literalUnion<const T extends readonly [string, ...string[]]>(values: T, options?: SchemaOptions): TUnion<TLiteral<T[number]>[]> {
  return Type.Union(
    values.map((value: T[number]) => Type.Literal(value)),
    options,
  );
}

// Tuples the options, the scope and the cache counters share with the code that uses them.
export const CACHE_KINDS = ['static', 'recon', 'recon-files', 'threat', 'threat-model', 'code-index', 'model', 'cross-file', 'cross-file-calls'] as const;
export type CacheKind = (typeof CACHE_KINDS)[number];

/** How far an inline bug-hunter-ignore comment reaches: its line and the next, a -start … -end block, the whole file. */
export const SUPPRESSION_KINDS = ['line', 'block', 'file'] as const;

/** What a rule may be set to (`--rule <id>=<setting>`, config `rules`): off, or the severity its findings take. */
export const RULE_SETTINGS = ['off', 'critical', 'high', 'medium', 'low', 'info'] as const;
export type RuleSetting = (typeof RULE_SETTINGS)[number];

/** Whose word a configured setting is: the scanned repository's config, the user's own config (or --config), a flag. */
export const SETTING_SOURCES = ['repository', 'user', 'flag'] as const;
export type SettingSource = (typeof SETTING_SOURCES)[number];

/** What --profile accepts: a profile, or auto (chosen from triage by the plan). */
export const PROFILE_CHOICES = ['auto', 'fast', 'balanced', 'assurance'] as const;
export type ProfileChoice = (typeof PROFILE_CHOICES)[number];

/** What --sandbox accepts: a backend, or auto (bubblewrap, then podman or docker when an engine answers). */
export const SANDBOX_CHOICES = ['auto', 'bwrap', 'podman', 'docker', 'none'] as const;
export type SandboxChoice = (typeof SANDBOX_CHOICES)[number];

/** How dependencies reach the offline sandbox (--deps). */
export const DEPENDENCY_STRATEGIES = ['auto', 'vendored', 'off', 'host', 'fetch'] as const;
export type DependencyStrategy = (typeof DEPENDENCY_STRATEGIES)[number];

export const DIFF_MODES = ['since', 'diff', 'staged'] as const;
export type DiffMode = (typeof DIFF_MODES)[number];

// The enums of the artifacts, configs and model answers, each written once.
export const PROFILES = ['fast', 'balanced', 'assurance'] as const;
export type Profile = (typeof PROFILES)[number];
export const SARIF_RESULT_LEVELS = ['error', 'warning', 'note'] as const;
export type SarifResultLevel = (typeof SARIF_RESULT_LEVELS)[number];
export const ENGINES = ['static', 'model'] as const;
export type EngineName = (typeof ENGINES)[number];
export const CATEGORIES = ['injection', 'path-traversal', 'prototype-pollution', 'redos', 'secrets', 'async', 'error-handling', 'logic', 'resource-leak', 'concurrency', 'nil-safety', 'boundary', 'api-contract', 'data-integrity', 'type-safety', 'cross-file', 'other'] as const;
export type FindingCategory = (typeof CATEGORIES)[number];
export const STRIDE_CATEGORIES = ['spoofing', 'tampering', 'repudiation', 'information-disclosure', 'denial-of-service', 'elevation-of-privilege'] as const;
export type StrideCategory = (typeof STRIDE_CATEGORIES)[number];
export const FINDING_ORIGINS = ['scan', 'report', 'stack-trace'] as const;
export type FindingOrigin = (typeof FINDING_ORIGINS)[number];
export const VERDICTS = ['confirmed', 'dismissed', 'manual-review', 'unreviewed'] as const;
export type VerdictName = (typeof VERDICTS)[number];
export const TIERS = ['T1', 'T2', 'T3'] as const;
export type TierName = (typeof TIERS)[number];
export const FILE_COVERAGE_STATUSES = ['scanned', 'failed', 'unreviewed', 'not-covered', 'skipped', 'scanner-unsupported'] as const;
export type FileCoverageStatusName = (typeof FILE_COVERAGE_STATUSES)[number];
export const FUNCTIONS_SOURCES = ['advisory', 'curated', 'none'] as const;
export type FunctionsSource = (typeof FUNCTIONS_SOURCES)[number];
export const DEP_SCAN_STATUSES = ['scanned', 'unreviewed', 'scanner-unsupported'] as const;
export type DepScanStatus = (typeof DEP_SCAN_STATUSES)[number];
/** osv: OSV files given with --advisories; osv-export: OSV's npm export fetched by `advisories update`; registry: the npm registry. */
export const ADVISORY_SOURCES = ['osv', 'osv-export', 'registry', 'none'] as const;
export type AdvisorySource = (typeof ADVISORY_SOURCES)[number];
export const COMPLETENESS = ['complete', 'incomplete'] as const;
export type Completeness = (typeof COMPLETENESS)[number];
export const FIX_CLASSES = ['safe-autofix', 'manual-review', 'larger-refactor', 'architectural-remediation', 'report-only'] as const;
export type FixClassName = (typeof FIX_CLASSES)[number];
export const FIX_STATUSES = ['fixed-proven', 'fixed-unproven', 'rolled-back', 'manual-review', 'skipped'] as const;
export type FixStatusName = (typeof FIX_STATUSES)[number];
export const FIX_ATTEMPT_OUTCOMES = ['proven', 'unproven', 'rejected', 'gate', 'broke-suite', 'not-green', 'systemic', 'invalid-edit', 'time-limit'] as const;
export type FixAttemptOutcome = (typeof FIX_ATTEMPT_OUTCOMES)[number];
export const CHUNK_STATUSES = ['done', 'failed', 'unreviewed'] as const;
export type ChunkStatus = (typeof CHUNK_STATUSES)[number];
export const SARIF_LEVELS = ['error', 'warning', 'note', 'none'] as const;
export type SarifLevel = (typeof SARIF_LEVELS)[number];
export const LEAD_STATUSES = ['candidate', 'dropped'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_CHECK_OUTCOMES = ['corroborated', 'candidate', 'rejected'] as const;
export type LeadCheckOutcome = (typeof LEAD_CHECK_OUTCOMES)[number];
export const LEAD_OUTCOMES = ['dropped', 'rejected', 'corroborated', 'candidate'] as const;
export type LeadOutcome = (typeof LEAD_OUTCOMES)[number];
export const LEDGER_STATUSES = ['open', 'fixed', 'dismissed'] as const;
export type LedgerStatusName = (typeof LEDGER_STATUSES)[number];
export const LEDGER_EVENTS = ['opened', 'fixed', 'reopened', 'dismissed', 'undismissed', 'changed'] as const;
export type LedgerEventKind = (typeof LEDGER_EVENTS)[number];
export const DISMISSERS = ['person', 'review'] as const;
export type Dismisser = (typeof DISMISSERS)[number];
export const PUBLISH_ACTIONS = ['file', 'update', 'reopen', 'close', 'unchanged'] as const;
export type PublishAction = (typeof PUBLISH_ACTIONS)[number];
export const ISSUE_STATE_REASONS = ['completed', 'not_planned'] as const;
export type IssueStateReason = (typeof ISSUE_STATE_REASONS)[number];
export const PUBLISH_STATUSES = ['complete', 'failed'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];
export const REPRO_LOCATION_KINDS = ['target', 'dependency', 'runtime', 'outside'] as const;
export type ReproLocationKind = (typeof REPRO_LOCATION_KINDS)[number];
export const REPRO_ORIGINS = ['report', 'stack-trace'] as const;
export type ReproOrigin = (typeof REPRO_ORIGINS)[number];
export const REPRO_RUNTIMES = ['node', 'python', 'go'] as const;
export type ReproRuntime = (typeof REPRO_RUNTIMES)[number];
export const REPRO_MATCH_KINDS = ['stack-frame', 'named-function', 'quoted-message'] as const;
export type ReproMatchKind = (typeof REPRO_MATCH_KINDS)[number];
export const REPRO_SIGNAL_KINDS = ['error', 'marker'] as const;
export type ReproSignalKind = (typeof REPRO_SIGNAL_KINDS)[number];
export const RETRIEVAL_SOURCES = ['plan', 'default'] as const;
export type RetrievalSource = (typeof RETRIEVAL_SOURCES)[number];
export const RETRIEVAL_STOP_KINDS = ['budget-files', 'budget-tokens', 'integrity'] as const;
export type RetrievalStopKind = (typeof RETRIEVAL_STOP_KINDS)[number];
export const RANGE_OPERATORS = ['...', '..'] as const;
export type RangeOperator = (typeof RANGE_OPERATORS)[number];
export const REPRO_OUTCOMES = ['reproduced', 'not-reproduced', 'unknown', 'skipped'] as const;
export type ReproOutcome = (typeof REPRO_OUTCOMES)[number];
export const UNCOVERED_STATUSES = ['failed', 'unreviewed', 'not-covered', 'skipped', 'scanner-unsupported'] as const;
export type UncoveredStatus = (typeof UNCOVERED_STATUSES)[number];
export const CWE_SOURCES = ['finding', 'category'] as const;
export type CweSource = (typeof CWE_SOURCES)[number];
export const CVSS_SEVERITIES = ['none', 'low', 'medium', 'high', 'critical'] as const;
export type CvssSeverity = (typeof CVSS_SEVERITIES)[number];
export const SKEPTIC_VOTES = ['refuted', 'upheld', 'abstained'] as const;
export type SkepticVote = (typeof SKEPTIC_VOTES)[number];
export const PHASE_STATUSES = ['pending', 'running', 'done', 'failed', 'skipped'] as const;
export type PhaseStatusName = (typeof PHASE_STATUSES)[number];
export const RUN_STATUSES = ['running', 'interrupted', 'completed', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const MITIGATION_STATES = ['seen', 'absent', 'no-untrusted-input'] as const;
export type MitigationState = (typeof MITIGATION_STATES)[number];
export const AUTHENTICATION_STATES = ['required', 'none-seen', 'unknown', 'not-applicable'] as const;
export type AuthenticationState = (typeof AUTHENTICATION_STATES)[number];
export const THREAT_CHANGES = ['added', 'adjusted'] as const;
export type ThreatChange = (typeof THREAT_CHANGES)[number];
export const THREAT_SOURCES = ['deterministic', 'model-refined'] as const;
export type ThreatSource = (typeof THREAT_SOURCES)[number];
export const ASSET_KINDS = ['data-store', 'host', 'files', 'network', 'secrets', 'objects', 'browsers', 'sessions'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];
/** A related location the scan did not analyse: a skipped build file holding the finding's cited lines. */
export const UNANALYSED_COPIES = ['unread'] as const;
export const SKIP_REASONS = ['ignored', 'excluded', 'vendored', 'generated', 'minified', 'binary', 'lockfile', 'huge', 'non-utf8', 'unreadable', 'symlink-escape', 'duplicate', 'not-source'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
export const SCOPE_REASONS = ['changed', 'dependent'] as const;
export type ScopeReason = (typeof SCOPE_REASONS)[number];
export const GRAPH_SOURCES = ['code-index', 'none'] as const;
export type GraphSource = (typeof GRAPH_SOURCES)[number];
export const LISTINGS = ['git', 'walk'] as const;
export type Listing = (typeof LISTINGS)[number];
export const CHECK_STATUSES = ['PASS', 'FAIL', 'ERROR', 'TIMEOUT', 'UNAVAILABLE', 'SKIPPED_BUDGET'] as const;
export type CheckStatusName = (typeof CHECK_STATUSES)[number];
/** A reproduction's verdict (repro) and a verification's outcome: proven, disproven, or could not check. */
export const REPRO_VERDICTS = ['reproduced', 'not-reproduced', 'unknown'] as const;
export type ReproVerdict = (typeof REPRO_VERDICTS)[number];
export const CHECK_COMMAND_SOURCES = ['detected', 'file'] as const;
export type CheckCommandSource = (typeof CHECK_COMMAND_SOURCES)[number];
export const SUITE_STATES = ['green', 'red', 'unknown'] as const;
export type SuiteState = (typeof SUITE_STATES)[number];
export const WORK_LIGHTS = ['failed', 'passed', 'none'] as const;
export type WorkLight = (typeof WORK_LIGHTS)[number];
export const REVIEW_OUTCOMES = ['auto-approved', 'self-fixed', 'needs-human', 'review-failed'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];
export const REVIEW_TAGS = ['auto_fixable', 'needs_human', 'false_positive'] as const;
export type ReviewTag = (typeof REVIEW_TAGS)[number];
export const WORK_STATUSES = ['running', 'complete', 'halted', 'failed'] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];
export const PANEL_VERDICTS = ['pass', 'fail'] as const;
export type PanelVerdict = (typeof PANEL_VERDICTS)[number];
export const SYMBOL_KINDS = ['function', 'class', 'const', 'variable', 'type', 'interface', 'enum'] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];
export const TAINT_ORIGIN_KINDS = ['input', 'param', 'unknown', 'config', 'sanitised', 'literal'] as const;
export type TaintOriginKind = (typeof TAINT_ORIGIN_KINDS)[number];
export const SANITISER_KINDS = ['allow-list', 'containment', 'type-check', 'escaping', 'parameterised', 'proto-guard', 'terminator'] as const;
export type SanitiserKind = (typeof SANITISER_KINDS)[number];
export const THREAT_FILE_OPS = ['sign', 'verify'] as const;
export type ThreatFileOp = (typeof THREAT_FILE_OPS)[number];
export const STRUCTURED_OUTPUT_MODES = ['strict', 'json-mode', 'auto'] as const;
export type StructuredOutputMode = (typeof STRUCTURED_OUTPUT_MODES)[number];
export const PROMPT_INPUTS = ['stdin', 'file'] as const;
export type PromptInput = (typeof PROMPT_INPUTS)[number];
export const LIBRARY_SOURCES = ['built', 'any'] as const;
export type LibrarySource = (typeof LIBRARY_SOURCES)[number];
/** What a non-security defect does when it fires, worst first: a static rule of the reviewer's lenses takes its severity from it, never from a CVSS score. */
export const CONSEQUENCES = ['data-loss', 'crash', 'wrong-answer', 'leak'] as const;
export type Consequence = (typeof CONSEQUENCES)[number];
export const REFEREE_VERDICTS = ['confirmed', 'dismissed', 'manual-review'] as const;
export type RefereeVerdict = (typeof REFEREE_VERDICTS)[number];
export const DIRECTIONS = ['inbound', 'outbound'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const ASSET_KIND_ANSWERS = ['', 'data-store', 'host', 'files', 'network', 'secrets', 'objects', 'browsers', 'sessions'] as const;
export type AssetKindAnswer = (typeof ASSET_KIND_ANSWERS)[number];
