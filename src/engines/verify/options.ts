// The sandbox settings of the verify and repro phases. They travel in RunOptions when the CLI sets them (verifyPlan, sandboxBackend,
// allowUnsandboxed, dependencies); absent, the phase detects a plan and picks the best sandbox itself.
import type { RunOptions } from '../run/options.ts';
import type { BackendName, DependencyStrategy } from '../sandbox/types.ts';

export interface VerifyPhaseOptions {
  /** --verify-plan <path>: a plan file instead of detection. */
  verifyPlan?: string;
  /** --sandbox <bwrap|podman|docker|none|auto>. */
  sandboxBackend?: BackendName | 'auto';
  /** --i-understand-this-runs-untrusted-code-unsandboxed */
  allowUnsandboxed?: boolean;
  /** --deps <auto|vendored|off|host|fetch>; default auto: the installed node_modules when there are any, else none. */
  dependencies?: DependencyStrategy;
}

/** The verify settings carried in the run options (validated by the CLI when parsed). */
export function verifyOptionsFrom(options: RunOptions): VerifyPhaseOptions {
  const out: VerifyPhaseOptions = {};
  if (options.verifyPlan !== undefined) out.verifyPlan = options.verifyPlan;
  if (options.sandboxBackend !== undefined) out.sandboxBackend = options.sandboxBackend as BackendName | 'auto';
  if (options.allowUnsandboxed === true) out.allowUnsandboxed = true;
  if (options.dependencies !== undefined) out.dependencies = options.dependencies as DependencyStrategy;
  return out;
}
