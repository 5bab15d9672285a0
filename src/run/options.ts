// Options that shape a run's results. They are hashed into the run identity, so a resume with different
// options is refused; options that only change presentation (--json, --quiet) are deliberately not here.
import type { Severity } from '../artifacts/schemas/common.ts';
import type { Shard } from '../shard/assign.ts';
import type { DiffScope } from '../scope/spec.ts';

/** What --profile accepts: a profile, or auto (chosen from triage by the plan). */
export const PROFILE_CHOICES = ['auto', 'fast', 'balanced', 'assurance'] as const;
export type ProfileChoice = (typeof PROFILE_CHOICES)[number];
/** What --sandbox accepts: a backend, or auto (bubblewrap, then podman or docker when an engine answers). */
export const SANDBOX_CHOICES = ['auto', 'bwrap', 'podman', 'docker', 'none'] as const;
export type SandboxChoice = (typeof SANDBOX_CHOICES)[number];
/** How dependencies reach the offline sandbox (--deps). */
export const DEPENDENCY_STRATEGIES = ['vendored', 'off', 'host', 'fetch'] as const;
export type DependencyStrategy = (typeof DEPENDENCY_STRATEGIES)[number];

export interface ScopeOptions {
  /** Include test, fixture, example and benchmark code (excluded from findings by default). */
  includeTests: boolean;
  /** --include-generated: scan build output (dist/, build/ …) and generated file names. Set only when true. */
  includeGenerated?: boolean;
  /** --no-gitignore: list every file, whatever .gitignore (or an enclosing repository) ignores. Set only when true. */
  noGitignore?: boolean;
  /** --since, --diff or --staged (with --radius): only changed files and their importers are chunked. Set only when asked. */
  diff?: DiffScope;
}

export interface RunOptions {
  profile: ProfileChoice;
  failOn: Severity;
  /** Explicit caller limits; these always win over the adaptive plan. */
  concurrency?: number;
  chunkTokens?: number;
  maxChunks?: number;
  /** --loop: cover every chunk, including those past the plan's chunk limit, and retry failed chunks once. */
  loop?: boolean;
  /** Show T3 (suspected) findings too. */
  showSuspected: boolean;
  /** Hunting engine: the static engine, or a model provider by name. */
  engine: string;
  /** Rules and engine version of the static engine (a rule change is a different run). */
  staticEngine?: string;
  /** Verification: a plan file instead of detection (--verify-plan). */
  verifyPlan?: string;
  /** Sandbox backend (--sandbox): auto picks bubblewrap, then podman or docker when an engine answers. */
  sandboxBackend?: SandboxChoice;
  /** The loudly named opt-out that lets untrusted code run without a sandbox. */
  allowUnsandboxed?: boolean;
  /** How dependencies reach the offline sandbox (--deps). */
  dependencies?: DependencyStrategy;
  /** --dep-scan: the dependency scan; advisories from OSV files (a path) or 'registry' (--advisories), registry URL (--registry). */
  depScan?: { advisories?: string; registry?: string };
  /**
   * The recon role's model refines the deterministic threat model (checked citations only) whenever one serves that
   * role; false (--no-refine-threat-model) turns it off. An explicit --refine-threat-model is checked, then dropped,
   * so it is the same run as the default.
   */
  refineThreatModel?: boolean;
  /** --leads: SARIF files of other analysers (absolute path and content hash), whose results become hunter candidates. */
  leads?: Array<{ path: string; sha256: string }>;
  /** --fix: run the fix plan and the scoped fixer. */
  fix?: boolean;
  /** --auto-commit: commit proven fixes to a new branch bug-hunter/fix-<runId> (never the current one). */
  autoCommit?: boolean;
  /** --shard i/n: hunt only the chunks this shard owns. Left out of the options hash, so shards share one identity. */
  shard?: Shard;
  /** --baseline: findings already at this commit are marked pre-existing and never fail the run. */
  baseline?: { ref: string; commit: string };
  /**
   * Set by `watch` only: once this process has used `micros` of CPU (process.cpuUsage, user + system) the hunter
   * starts no new chunk; the rest is unreviewed with `reason`. The watch cycle's CPU budget, cut at a safe point.
   */
  cpuStop?: { micros: number; reason: string };
}

export const DEFAULT_RUN_OPTIONS: RunOptions = {
  profile: 'auto',
  failOn: 'low',
  showSuspected: false,
  engine: 'static',
};

export const DEFAULT_SCOPE: ScopeOptions = { includeTests: false };
