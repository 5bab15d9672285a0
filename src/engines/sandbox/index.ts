// Public surface of the sandbox: pick a backend, run an argv in it, redact what is stored.
export { runSandboxed, INSIDE_WORKSPACE } from './run.ts';
export { selectBackend, describeBackends, type BackendChoice, type BackendReport } from './select.ts';
export { UNSANDBOXED_FLAG } from './none.ts';
export { redact, secretValuesFrom, REDACTED } from '../../foundations/text/redact.ts';
export { DEFAULT_LIMITS } from './limits.ts';
export { detectEcosystems, detectPackageManager, type Ecosystem } from './deps.ts';
export { SandboxUnavailableError } from './types.ts';
export type { BackendName, DependencyStrategy, RunStatus, SandboxBackend, SandboxLimits, SandboxRequest, SandboxResult } from './types.ts';
