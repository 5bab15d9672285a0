// Options that shape a run's results. They are hashed into the run identity, so a resume with different
// options is refused; options that only change presentation (--json, --quiet) are deliberately not here.
import type { RunOptionsData, ScopeOptionsData } from '../../artifacts/schemas/run-options.ts';

/** What --profile accepts: a profile, or auto (chosen from triage by the plan). */
export const PROFILE_CHOICES = ['auto', 'fast', 'balanced', 'assurance'] as const;
export type ProfileChoice = (typeof PROFILE_CHOICES)[number];
/** What --sandbox accepts: a backend, or auto (bubblewrap, then podman or docker when an engine answers). */
export const SANDBOX_CHOICES = ['auto', 'bwrap', 'podman', 'docker', 'none'] as const;
export type SandboxChoice = (typeof SANDBOX_CHOICES)[number];
/** How dependencies reach the offline sandbox (--deps). */
export const DEPENDENCY_STRATEGIES = ['vendored', 'off', 'host', 'fetch'] as const;
export type DependencyStrategy = (typeof DEPENDENCY_STRATEGIES)[number];

/** Typed from the one schema that also validates state.json's options (src/artifacts/schemas/run-options.ts). */
export type ScopeOptions = ScopeOptionsData;
export type RunOptions = RunOptionsData;

export const DEFAULT_RUN_OPTIONS: RunOptions = {
  profile: 'auto',
  failOn: 'low',
  showSuspected: false,
  engine: 'static',
};

export const DEFAULT_SCOPE: ScopeOptions = { includeTests: false };
