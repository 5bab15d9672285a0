// Options that shape a run's results. They are hashed into the run identity, so a resume with different
// options is refused; options that only change presentation (--json, --quiet) are deliberately not here.
import type { RunOptionsData, ScopeOptionsData } from '../../artifacts/schemas/run-options.ts';
import { PROFILE_CHOICES, SANDBOX_CHOICES, DEPENDENCY_STRATEGIES, type ProfileChoice, type SandboxChoice, type DependencyStrategy } from '../../artifacts/schemas/literals.ts';
export { PROFILE_CHOICES, SANDBOX_CHOICES, DEPENDENCY_STRATEGIES };
export type { ProfileChoice, SandboxChoice, DependencyStrategy };

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
